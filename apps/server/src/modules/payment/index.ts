import type { Domain } from '../domain.ts';
import './acquirers.ts';
import { paymentPublicRoutes, paymentRoutes } from './payment.routes.ts';

/** 支付：收款、异步通知、退款、沙箱支付通道 (/api/c1, decisions 160-161). */
export const paymentDomain: Domain = {
  name: 'payment',
  service: 'payment',
  routes: [paymentRoutes, paymentPublicRoutes],
};

// What other modules may use.
export type { PaymentRecord } from './payment.repo.ts';
export { publicBase } from './payment.routes.ts';
export {
  newPaymentNo,
  onPaymentSettled,
  type PaymentCaller,
  type PaymentService,
  paymentsOf,
  QUERY_AFTER_MS,
  type SettledHandler,
} from './payment.service.ts';
export {
  type CreateRequest,
  type CreateResult,
  type PaymentProvider,
  type ProviderFactory,
  registerProvider,
  type StatementLine,
} from './provider.ts';
export { type NoticeSender, SANDBOX_HEADERS, signedNotice } from './sandbox.ts';
export {
  SQB_MERCHANT_SN,
  type SqbAdapter,
  type SqbMerchant,
  type SqbStore,
  setSqbAdapter,
  sqbAdapter,
} from './sqb.ts';
