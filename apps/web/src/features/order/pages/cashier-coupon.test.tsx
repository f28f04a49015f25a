import type { MemberCouponRow } from '@netbar/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it } from 'vitest';
import { reloadAppState } from '../../../lib/app-state';
import { writeUser } from '../../../lib/storage';
import { dialogHarness, ends, ok } from '../../../test/dialog-kit';
import { makeUser } from '../../../test/fixtures';
import {
  bodyOf,
  cashierServer,
  catalogOf,
  catalogSku,
  due,
  memberOf,
  openCashier,
  orderAnswer,
} from './cashier-test-kit';

/** 优惠券 at the 收银台 (decision 186): the member's usable coupons, the discount in the due, coupon_id sent. */
const CATALOG = catalogOf([catalogSku(1, '可口可乐', 300)]);
const MEMBER = memberOf({ level_name: '普通会员', member_price: false, principal_fen: 0, bonus_fen: 0 });
const coupon = (id: number, name: string, more: Partial<MemberCouponRow>): MemberCouponRow => ({
  id,
  template_id: id,
  name,
  kind: 'full_off',
  amount_fen: 100,
  min_spend_fen: 500,
  category_ids: [],
  category_names: [],
  valid_from: '2026-01-01',
  valid_to: '2099-01-31',
  state: 'unused',
  source: 'manual',
  activity_name: '',
  member_id: 8,
  member_name: '张三',
  member_card: 'VIP***0001',
  netbar_name: '星际网咖旗舰店',
  issued_by: '老板',
  issued_at: '2026-01-01 10:00:00',
  order_id: null,
  order_no: '',
  used_fen: 0,
  used_at: null,
  ...more,
});
const COUPONS = [
  coupon(31, '满5减1', {}),
  coupon(32, '零食券', { kind: 'voucher', amount_fen: 200, min_spend_fen: 0, category_ids: [9] }),
];
const { rejections } = dialogHarness();

beforeEach(() => {
  writeUser(makeUser(5, { nid: 10, auth: { path: [{ id: 264 }, { id: 2640 }], btn: [] } }));
  reloadAppState();
});

describe('收银台 优惠券', { timeout: 60_000 }, () => {
  it('lists the member’s coupons, greys one the cart does not reach, takes the chosen one off the due and sends it', async () => {
    const seen = cashierServer(CATALOG, {
      members: [MEMBER],
      more: (c) => (ends(c, 'member_coupons') ? ok(COUPONS) : undefined),
      create: () => ok(orderAnswer({ total_fen: 500, paid_fen: 500, coupon_fen: 100 })),
    });
    await openCashier();
    const cola = screen.getByRole('button', { name: /^可口可乐，/ });
    await userEvent.click(cola);
    await userEvent.click(cola);
    expect(due()).toBe('¥6.00');
    await userEvent.type(screen.getByLabelText('会员卡号或手机号'), '13800000000{Enter}');
    await screen.findByTestId('cashier-member');
    const picker = await screen.findByLabelText('优惠券');
    await userEvent.click(picker);
    const scoped = await screen.findByText(/零食券/, { selector: '.ant-select-item-option-content' });
    expect(scoped.textContent).toContain('订单中没有优惠券适用的商品');
    expect(scoped.closest('.ant-select-item-option')?.className).toContain('disabled');
    await userEvent.click(
      await screen.findByText(/满5减1（满5减1/, { selector: '.ant-select-item-option-content' }),
    );
    expect(due()).toBe('¥5.00');
    expect(screen.getByText('券 -¥1.00')).toBeInTheDocument();
    await userEvent.keyboard('{F4}');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('结账 · 应收 ¥5.00')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /确认收款/ }));
    await screen.findByText('收款成功');
    const body = bodyOf(seen.find((c) => ends(c, 'order_create')) as InternalAxiosRequestConfig);
    expect(body).toMatchObject({ member_id: 8, coupon_id: 31, lines: [{ sku_id: 11, qty: 2 }] });
    expect(body.payments).toEqual([{ method: 'cash', amount_fen: 500, tendered_fen: 500 }]);
    expect(rejections).toEqual([]);
  });
});
