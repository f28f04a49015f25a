import type { Domain } from '../domain.ts';
import { deskRoutes } from './desk.routes.ts';
import { deskOrderRoutes } from './desk-order.routes.ts';
import { deskSessionRoutes } from './desk-session.routes.ts';

/** 包间/桌台：包间与桌台、按时段预订、开台/点商品/结账、桌台订单（decision 130）. */
export const deskDomain: Domain = {
  name: 'desk',
  service: 'passport',
  routes: [deskRoutes, deskSessionRoutes, deskOrderRoutes],
};

/** A table's bill paid by scan through counter-pay (decision 182): the QR's amount, then its settlement. */
export {
  DESK_SCAN_REFUSED,
  deskDueForScan,
  type ScanSettle,
  settleDeskByScan,
} from './desk-session.service.ts';
