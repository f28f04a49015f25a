import type { Domain } from '../domain.ts';
import { paymentProfitRoutes } from './payment-profit.routes.ts';

/** 支付分润: the agents' share of the fees on their netbars' scan payments, settled daily (decision 171). */
export const paymentProfitDomain: Domain = {
  name: 'payment-profit',
  service: 'passport',
  routes: [paymentProfitRoutes],
};

// What the jobs and the demo may use.
export { type SettleResult, settleDay, settlePending } from './settle.service.ts';
