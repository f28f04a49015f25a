import type { MemberRow, OrderCreateBody, OrderResult } from '@netbar/contract';
import { useRef, useState } from 'react';
import { requestId, ringUp } from '../api/order-api';
import { useRingUp } from '../api/order-mutations';
import type { CartLine } from '../model/cart';
import { type PaymentDraft, paymentsOf } from '../model/payment-math';

export interface Target {
  machine_id?: number;
  desk_id?: number;
  label?: string;
}

/**
 * One checkout: the body the server rings up, sent with a request id made once per checkout — the same
 * cart, member and seat keep it across a retry or a double click (the server applies it once); any change
 * to them starts a new checkout with a new id.
 */
export function useCheckout(onPaid: (r: OrderResult) => void) {
  const rid = useRef<{ sig: string; id: string } | null>(null);
  const [last, setLast] = useState<OrderResult | null>(null);
  const ring = useRingUp({
    onSuccess: (r) => paid(r.data),
  });

  const bodyOf = (
    cart: CartLine[],
    member: MemberRow | null,
    target: Target,
    d: PaymentDraft | null,
    couponId?: number | null,
  ) => {
    // a goods group (套餐) goes as { group_id, qty }: the server prices it at the group's price
    const lines = cart.map((l) =>
      l.group_id !== undefined
        ? { group_id: l.group_id, qty: l.qty }
        : {
            sku_id: l.sku_id,
            qty: l.qty,
            ...(l.edited_fen !== undefined ? { price_fen: l.edited_fen } : {}),
          },
    );
    const payments = d ? paymentsOf(d) : undefined;
    const coupon = member && couponId ? couponId : undefined;
    const sig = JSON.stringify([
      lines,
      member?.id ?? null,
      target.machine_id,
      target.desk_id,
      payments,
      coupon,
    ]);
    if (!rid.current || rid.current.sig !== sig) rid.current = { sig, id: requestId() };
    const body: OrderCreateBody = {
      request_id: rid.current.id,
      source: target.desk_id ? 'table' : 'counter',
      lines,
      ...(member ? { member_id: member.id } : {}),
      ...(target.machine_id ? { machine_id: target.machine_id } : {}),
      ...(target.desk_id ? { desk_id: target.desk_id } : {}),
      ...(payments ? { payments } : {}),
      // 优惠券 (decision 186): the server checks and prices it again
      ...(coupon ? { coupon_id: coupon } : {}),
    };
    return body;
  };

  const paid = (r: OrderResult) => {
    rid.current = null;
    setLast(r);
    onPaid(r);
  };

  return {
    /** 扫码支付 (decision 169): the order is rung up 待支付; the customer's payment finishes it. */
    ringForScan: async (
      cart: CartLine[],
      member: MemberRow | null,
      target: Target,
      couponId?: number | null,
    ) => (await ringUp(bodyOf(cart, member, target, null, couponId))).data,
    /** The scan was paid: the order as the server finished it. */
    scanPaid: paid,
    /** The scan was cancelled (its order too): the next checkout is a new order. */
    scanCancelled: () => {
      rid.current = null;
    },
    /** Without a draft the order is recorded unpaid (goods to a table, settled with its bill). */
    pay: (
      cart: CartLine[],
      member: MemberRow | null,
      target: Target,
      d: PaymentDraft | null,
      couponId?: number | null,
    ) => {
      if (ring.isPending) return;
      ring.mutate(bodyOf(cart, member, target, d, couponId));
    },
    busy: ring.isPending,
    last,
    clearLast: () => setLast(null),
  };
}
