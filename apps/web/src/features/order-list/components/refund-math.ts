import type { OrderDetail, OrderLineRow } from '@netbar/contract';

/** Units of a line not yet refunded. */
export const refundableQty = (l: OrderLineRow) => Math.max(0, l.qty - l.refunded_qty);

/** What may still go back: paid minus refunded (never more, decision 124). */
export const refundableFen = (o: Pick<OrderDetail, 'paid_fen' | 'refunded_fen'>) =>
  Math.max(0, o.paid_fen - o.refunded_fen);

/**
 * The dialog's estimate of a part refund: each line's share of its total by the units picked, capped by
 * what may still go back. The server's figure (rounded cumulatively per line) is the one booked.
 */
export function estimateRefund(o: OrderDetail, picked: Record<number, number | null | undefined>): number {
  let fen = 0;
  for (const l of o.lines) {
    const q = Math.min(picked[l.id] ?? 0, refundableQty(l));
    if (q > 0 && l.qty > 0) fen += Math.round((l.total_fen * q) / l.qty);
  }
  return Math.min(fen, refundableFen(o));
}

/** The refundable states: paid in some way and not wholly refunded or cancelled. */
export const mayRefund = (o: OrderDetail) =>
  !['unpaid', 'cancelled', 'refunded'].includes(o.status) && refundableFen(o) > 0;
