import type { Domain } from '../domain.ts';
import { counterPayRoutes } from './counter-pay.routes.ts';

/** 收银台扫码支付：订单与会员充值的扫码收款，付款确认后才完成（决策 169）. */
export const counterPayDomain: Domain = {
  name: 'counter-pay',
  service: 'passport',
  routes: [counterPayRoutes],
};

/**
 * What a settled payment of an order or a member top-up does, shared with payment links (decision 176);
 * the service itself for the terminal API's 扫码充值 from a PC (clientTopup, clientTopupStatus, decision 185).
 */
export {
  type Cashier,
  createCounterPay,
  type SettleOutcome,
  settleOrderPayment,
  settleTopUpPayment,
} from './counter-pay.service.ts';
