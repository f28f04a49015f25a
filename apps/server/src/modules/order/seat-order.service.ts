import type { OrderLineInput, TerminalBuyBody } from '@netbar/contract';
import type { Conn } from '../../db/client.ts';
import { BadInputError, NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import type { Who } from './order.repo.ts';
import { createOrder } from './order.service.ts';
import { payOrder } from './order-pay.ts';
import { cashierOnDuty, memberOnMachine, skusByIdOrName } from './seat-order.repo.ts';

/**
 * Seat orders (issue 13 item 2, decision 134): a BUY from a PC becomes an order of source 'seat' in the
 * terminal's transaction, priced by the store (the terminal's prices are only what the PC showed), with
 * the member logged on at that machine attached (member prices apply). The on-duty cashier (the store's
 * most recently opened open shift) owns it; with `pay: 'member'` it is paid from that member's balance
 * at once, in the same transaction (a refusal — no member online, balance short — refuses the BUY and
 * writes nothing). Otherwise it waits 待支付 for the counter. With nobody on duty it waits unpaid too.
 */

/** Who a seat order belongs to while no shift is open at the store. */
export const SEAT_ORDER_WHO: Who = { id: 0, name: '座位下单' };

export interface SeatOrder {
  order_id: number;
  order_no: string;
  total_fen: number;
  paid: boolean;
}

/**
 * Makes the order of a BUY inside the caller's transaction; null when an item names goods the store does
 * not sell by that name (a free-text request of an old terminal stays a message only, decision 111).
 * An item with a sku_id that is not the store's is refused (40004).
 */
export async function createSeatOrder(
  tx: Conn,
  s: TenantScope,
  b: TerminalBuyBody,
): Promise<SeatOrder | null> {
  const ids = b.items.flatMap((i) => (i.sku_id ? [i.sku_id] : []));
  const names = b.items.flatMap((i) => (i.sku_id ? [] : [i.name]));
  const found = await skusByIdOrName(tx, s, ids, names);
  const byId = new Set(found.filter((f) => f.by_id).map((f) => f.id));
  const byName = new Map<string, number[]>();
  for (const f of found) byName.set(f.label, [...(byName.get(f.label) ?? []), f.id]);
  const lines: OrderLineInput[] = [];
  for (const item of b.items) {
    if (item.sku_id) {
      if (!byId.has(item.sku_id)) throw new NotFoundError(`商品「${item.name}」不存在`);
      lines.push({ sku_id: item.sku_id, qty: item.qty });
    } else {
      const match = byName.get(item.name);
      // unknown or ambiguous by name: no order, the staff read the message
      if (match?.length !== 1) return null;
      lines.push({ sku_id: match[0]!, qty: item.qty });
    }
  }
  const member = await memberOnMachine(tx, s, b.machine_id);
  if (b.pay === 'member' && !member) throw new BadInputError('本机没有会员上机，不能用余额支付');
  const duty = await cashierOnDuty(tx, s);
  const payNow = b.pay === 'member' && !!duty;
  // priced first without payment: the member pays exactly the store's total
  const base = {
    request_id: `seat-${b.request_id}`,
    source: 'seat' as const,
    lines,
    member_id: member ?? undefined,
    machine_id: b.machine_id,
    remark: b.remark,
  };
  const who = duty ?? SEAT_ORDER_WHO;
  const created = await createOrder(tx, s, who, base, { mayEdit: false });
  let order = created.order;
  if (payNow && order.status === 'unpaid') {
    const paid = await payOrder(tx, s, who, {
      order_id: order.id,
      request_id: `seat-pay-${b.request_id}`,
      payments: [{ method: 'member', amount_fen: order.total_fen }],
    });
    order = paid.order;
  }
  return {
    order_id: order.id,
    order_no: order.order_no,
    total_fen: order.total_fen,
    paid: order.status !== 'unpaid',
  };
}
