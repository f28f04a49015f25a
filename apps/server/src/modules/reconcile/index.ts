import type { Domain } from '../domain.ts';
import { reconcileRoutes } from './reconcile.routes.ts';

/** 对账：支付通道对账单与我方支付、退款的每日核对 (/api/c1, decision 168). */
export const reconcileDomain: Domain = {
  name: 'reconcile',
  service: 'payment',
  routes: [reconcileRoutes],
};

// What other modules and the jobs may use.
export {
  type PagedStatement,
  type ReconcileDeps,
  reconcileDailyPass,
  runReconcile,
} from './reconcile.service.ts';
