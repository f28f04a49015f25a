import { COUPON_MSG, couponDiscount, couponRule, fenToYuan, type MemberCouponRow } from '@netbar/contract';
import { Select, Space, Typography } from 'antd';
import { useUsableCoupons } from '../api/order-queries';
import type { CatalogSku } from '../model/cart';
import type { PricedCartLine } from '../model/cart-pricing';

/** What the chosen coupon takes off the priced cart (0 with the reason when it does not apply). */
export function couponOff(
  c: MemberCouponRow | undefined,
  lines: PricedCartLine[],
  skus: ReadonlyMap<number, CatalogSku>,
): { discount_fen: number; reason: string } {
  if (!c) return { discount_fen: 0, reason: '' };
  const basket = lines.map((l) => ({
    category_id: l.sku_id !== null ? (skus.get(l.sku_id)?.category_id ?? null) : null,
    total_fen: l.total_fen,
  }));
  const d = couponDiscount(c, basket);
  return { discount_fen: d.discount_fen, reason: d.reason };
}

export interface CouponPickerProps {
  memberId: number;
  lines: PricedCartLine[];
  skus: ReadonlyMap<number, CatalogSku>;
  value: number | null;
  onChange: (id: number | null, coupon?: MemberCouponRow) => void;
}

/**
 * 优惠券 at the 收银台 (decision 186): the attached member's usable coupons; one that the cart does not
 * reach (scope, 满 amount) is listed greyed with why. The server prices the chosen one again on 结账.
 */
export function CouponPicker({ memberId, lines, skus, value, onChange }: CouponPickerProps) {
  const q = useUsableCoupons(memberId);
  const list = q.data ?? [];
  if (!list.length) return null;
  const chosen = list.find((c) => c.id === value);
  const off = couponOff(chosen, lines, skus);
  return (
    <Space style={{ marginTop: 8, width: '100%' }} wrap>
      <Typography.Text>优惠券</Typography.Text>
      <Select
        aria-label="优惠券"
        allowClear
        style={{ minWidth: 260 }}
        placeholder={`${list.length}张可用`}
        value={value ?? undefined}
        onChange={(v?: number) =>
          onChange(
            v ?? null,
            list.find((c) => c.id === v),
          )
        }
        options={list.map((c) => {
          const o = couponOff(c, lines, skus);
          return {
            value: c.id,
            disabled: o.discount_fen === 0,
            label: `${c.name}（${couponRule(c)}，至${c.valid_to}）${o.discount_fen ? '' : ` ${o.reason || COUPON_MSG.minSpendNotMet}`}`,
          };
        })}
      />
      {chosen &&
        (off.discount_fen ? (
          <Typography.Text type="danger">券 -¥{fenToYuan(off.discount_fen)}</Typography.Text>
        ) : (
          <Typography.Text type="warning">{off.reason}</Typography.Text>
        ))}
    </Space>
  );
}
