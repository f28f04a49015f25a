import type { Domain } from '../domain.ts';
import { fixedQrcodeRoutes } from './fixed-qrcode.routes.ts';
import { paymentMethodRoutes } from './payment-method.routes.ts';

/** 支付方式、快捷支付与固定收款码（支付服务 /api/c1，决策 162）. */
export const paymentMethodDomain: Domain = {
  name: 'payment-method',
  service: 'payment',
  routes: [paymentMethodRoutes, fixedQrcodeRoutes],
};

// What other modules may use: the public pay page resolves a fixed code's token to its store; the
// cashier reads which methods it offers.
export { PAY_CODE_PATH, payCodeUrl, storeOfPayCode } from './fixed-qrcode.service.ts';
export { payTypes } from './payment-method.service.ts';
