import type { Conn } from '../../db/client.ts';
import type { TenantScope } from '../../tenant/index.ts';
import type { Who } from './order.repo.ts';
import { sourceOf } from './seat-order.repo.ts';

/**
 * Seat orders handled at the counter tell the machine (BUY_DONE): the terminal domain plugs its
 * acknowledgement in here (it imports the order module, not the other way round).
 */
export type SeatOrderListener = (s: TenantScope, orderId: number, who: Who) => Promise<void>;
let listener: SeatOrderListener | null = null;
export const setSeatOrderListener = (l: SeatOrderListener | null) => {
  listener = l;
};
export const seatOrderListener = () => listener;

/**
 * After an order's status moved (accepted, preparing, delivered, done or cancelled) and committed: a
 * seat order's BUY is acknowledged once, whichever move comes first. Never fails the caller's call.
 */
export async function seatOrderMoved(db: Conn, s: TenantScope, orderId: number, who: Who): Promise<void> {
  if (!listener || (await sourceOf(db, s, orderId)) !== 'seat') return;
  await listener(s, orderId, who);
}
