import type { Domain } from '../domain.ts';
import { leaseRoutes } from './lease.routes.ts';
import { leaseOrderRoutes } from './lease-order.routes.ts';

/** 设备租赁：租赁物品、数量流水、租出/归还/丢失损坏，租赁订单（/order/lease_order_list 263）. */
export const leaseDomain: Domain = {
  name: 'lease',
  service: 'passport',
  routes: [leaseRoutes, leaseOrderRoutes],
};

export { leaseBookMismatches } from './lease-books.ts';
// What other modules may use (the demo generator rents and returns through the same calls).
export { leaseItems, moveItemStock, saveLeaseItem } from './lease-item.service.ts';
export { loseLease, rentOut, returnLease } from './lease-rent.service.ts';
