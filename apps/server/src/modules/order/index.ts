import type { Domain } from '../domain.ts';
import { orderRoutes } from './order.routes.ts';
import { orderCatalogRoutes } from './order-catalog.routes.ts';
import { orderListRoutes } from './order-list.routes.ts';

/** 订单：收银台下单、支付、退款、取消、制作流程（decisions 123-125）. */
export const orderDomain: Domain = {
  name: 'order',
  service: 'passport',
  routes: [orderRoutes, orderListRoutes, orderCatalogRoutes],
};

// What other modules may use: create, pay and refund an order inside the caller's transaction (seat
// orders, table orders, the demo), read it, and the scan-code payment seam the payments issue fills.
export { type LockedOrder, lockOrder, orderDetail, type Who } from './order.repo.ts';
export { type CreateOptions, cancelOrder, changeStatus, createOrder, getOrder } from './order.service.ts';
export { payLocked, payOrder } from './order-pay.ts';
export { refundOrder } from './order-refund.ts';
export {
  type ScanPayAdapter,
  type ScanRefunder,
  sandboxScanPay,
  scanPay,
  setScanPay,
  setScanRefunder,
} from './scan-pay.ts';
/** Seat orders from a PC's BUY, and the hook that tells the machine when the counter moves one (decision 134). */
export { createSeatOrder, type SeatOrder } from './seat-order.service.ts';
export { type SeatOrderListener, seatOrderListener, setSeatOrderListener } from './seat-order-events.ts';
