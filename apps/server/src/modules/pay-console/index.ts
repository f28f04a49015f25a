import type { Domain } from '../domain.ts';
import { tradeRoutes } from './trade.routes.ts';

/** 交易查询与退款申请：支付公司查询全部门店的支付，门店申请退款、支付公司审核 (/api/c1, decision 172). */
export const payConsoleDomain: Domain = {
  name: 'pay-console',
  service: 'payment',
  routes: [tradeRoutes],
};
