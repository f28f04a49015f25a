import { COUPON_MSG, couponDiscount, fenToYuan } from '@netbar/contract';
import type { Conn } from '../../db/client.ts';
import { BadInputError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { memberPool } from '../member/index.ts';
import { bumpTemplate } from './coupon.repo.ts';
import {
  couponOfOrder,
  type LockedCoupon,
  lockCoupon,
  markUnused,
  markUsed,
  skuCategories,
} from './member-coupon.repo.ts';

/**
 * A coupon at the 收银台 (decision 186), inside the order's transaction. `priceCoupon` locks the coupon
 * (so of two orders using it at once the second waits and then finds it used), checks it — the member's,
 * the store's or its chain head's, unused, within its days (Beijing), the minimum spend over the goods in
 * its scope — and spreads the discount over those lines (each line's total is lowered by its share, so
 * line refunds and 'payments = total - refunds' hold as for any priced order). `useCoupon` marks it used
 * by the order; `releaseCoupon` gives it back when the order is cancelled or wholly refunded, if it is
 * still within its days.
 */
export interface CouponPriced {
  coupon: LockedCoupon;
  discount_fen: number;
  /** Each line's total after the coupon, in the order given. */
  totals: number[];
}

export async function priceCoupon(
  tx: Conn,
  s: TenantScope,
  memberId: number | undefined,
  couponId: number,
  lines: { sku_id: number | null; total_fen: number }[],
): Promise<CouponPriced> {
  if (!memberId) throw new BadInputError(COUPON_MSG.needMember);
  const nid = s.netbarId;
  const { pool } = await memberPool(tx, s);
  const c = await lockCoupon(tx, nid, pool, couponId);
  if (!c) throw new NotFoundError(COUPON_MSG.couponNotFound);
  if (Number(c.member_id) !== memberId) throw new BadInputError(COUPON_MSG.notMember);
  if (c.status === 'used') throw new ConflictError(COUPON_MSG.used);
  if (c.status === 'void') throw new BadInputError(COUPON_MSG.voided);
  if (c.today > c.valid_to) throw new BadInputError(COUPON_MSG.expired);
  if (c.today < c.valid_from) throw new BadInputError(COUPON_MSG.notYet);
  const cats = await skuCategories(
    tx,
    nid,
    lines.filter((l) => l.sku_id !== null).map((l) => l.sku_id!),
  );
  const basket = lines.map((l) => ({
    category_id: l.sku_id === null ? null : (cats.get(l.sku_id) ?? null),
    total_fen: l.total_fen,
  }));
  const coupon = { ...c, amount_fen: Number(c.amount_fen), min_spend_fen: Number(c.min_spend_fen) };
  const d = couponDiscount(coupon, basket);
  if (!d.discount_fen)
    throw new BadInputError(
      d.eligible_fen > 0
        ? `${COUPON_MSG.minSpendNotMet}（满¥${fenToYuan(coupon.min_spend_fen)}可用，适用商品¥${fenToYuan(d.eligible_fen)}）`
        : d.reason,
    );
  return { coupon, discount_fen: d.discount_fen, totals: spread(basket, coupon.category_ids, d) };
}

/** The discount over the lines in scope, in proportion to their totals; the fen left over go first-come. */
function spread(
  basket: { category_id: number | null; total_fen: number }[],
  scope: number[],
  d: { eligible_fen: number; discount_fen: number },
): number[] {
  const inScope = basket.map(
    (l) => scope.length === 0 || (l.category_id !== null && scope.includes(l.category_id)),
  );
  const share = basket.map((l, i) =>
    inScope[i] ? Math.floor((d.discount_fen * l.total_fen) / d.eligible_fen) : 0,
  );
  let left = d.discount_fen - share.reduce((a, x) => a + x, 0);
  for (let i = 0; i < basket.length && left > 0; i++) {
    if (!inScope[i]) continue;
    const room = basket[i]!.total_fen - share[i]!;
    const take = Math.min(room, left);
    share[i]! += take;
    left -= take;
  }
  return basket.map((l, i) => l.total_fen - share[i]!);
}

/** Marks the coupon used by the order (the coupon is locked by priceCoupon in the same transaction). */
export async function useCoupon(tx: Conn, nid: number, p: CouponPriced, orderId: number) {
  if (!(await markUsed(tx, p.coupon.id, orderId, nid, p.discount_fen)))
    throw new ConflictError(COUPON_MSG.used);
  await bumpTemplate(tx, p.coupon.template_id, 'used', 1);
}

/**
 * The order's coupon back to its member (cancel, full refund) when still within its days; answers the
 * timeline text, or '' when the order used none.
 */
export async function releaseCoupon(tx: Conn, nid: number, orderId: number): Promise<string> {
  const c = await couponOfOrder(tx, nid, orderId);
  if (c?.status !== 'used') return '';
  if (c.today > c.valid_to) return `优惠券「${c.name}」已过期，不退回`;
  await markUnused(tx, c.id);
  await bumpTemplate(tx, c.template_id, 'used', -1);
  return `优惠券「${c.name}」已退回会员`;
}
