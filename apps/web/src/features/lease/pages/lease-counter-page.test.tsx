import type { LeaseItemRow, LeaseOrderRow } from '@netbar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { reloadAppState } from '../../../lib/app-state';
import { writeUser } from '../../../lib/storage';
import { dialogHarness, ends, ok } from '../../../test/dialog-kit';
import { makeUser } from '../../../test/fixtures';
import { mockServer, renderAt } from '../../../test/render';
import LeaseCounterPage from './lease-counter-page';

/**
 * 租赁柜台 (/order/lease_counter) for a cashier holding only 租赁柜台 2644: pick an item, 租出 to a member
 * from the balance, the items reloaded; 租用中 lists what is out with 归还 and 丢失/损坏; no item management.
 *
 * Why an earlier version of this test "hung" in jsdom: its *ByRole queries. On this page (two antd tables
 * with a fixed column, ~60 CSS-in-JS style sheets) every role query computes accessible names and
 * visibility through jsdom's getComputedStyle, which runs the whole cascade per element: one
 * `queryByRole('button')` inside a table row took ~50 s here, and a failing `getByRole` on the page
 * (it asked for '租 出', but link buttons read 租出: antd spaces two-character labels only on default
 * and primary buttons) lists every role of the document for its message — minutes of synchronous work
 * that blocks the worker, so not even the test timeout fires. So this test finds things by text, scoped
 * to a row or the dialog, and clicks their buttons.
 */

const ITEM: LeaseItemRow = {
  id: 2,
  name: '无线手柄',
  deposit_fen: 10000,
  price_fen: 500,
  price_unit: 'hour',
  qty_on_hand: 3,
  qty_out: 0,
  enabled: true,
  remark: '',
  updated_at: '2026-01-15 18:00:00',
};
const OUT = {
  id: 9,
  lease_no: 'ZL20260115000009',
  status: 'renting',
  overdue: true,
  item_id: 2,
  item_name: '无线手柄',
  qty: 1,
  price_fen: 500,
  price_unit: 'hour',
  deposit_fen: 10000,
  pay_method: 'member',
  member_id: 8,
  member_name: '王小明',
  customer_name: '',
  customer_phone: '',
  rented_at: '2026-01-15 18:00:00',
  expected_return_at: '2026-01-15 20:00:00',
  fee_fen: 0,
  refund_fen: 0,
  cashier_name: '小陈',
} as unknown as LeaseOrderRow;
const MEMBER = { id: 8, name: '王小明', mobile: '13800000000', card_mask: 'VIP***0000', member_price: true };
const { rejections, notifyError } = dialogHarness();
/** The button a label sits in. */
const button = (label: HTMLElement) => label.closest('button')!;
const pageOf = (list: unknown[], more: Record<string, unknown> = {}) =>
  ok({ list, page: 1, page_size: 10, count: list.length, ...more });

beforeEach(() => {
  writeUser(makeUser(5, { nid: 10, auth: { path: [{ id: 2644 }], btn: [] } }));
  reloadAppState();
});

describe('租赁柜台', { timeout: 60_000 }, () => {
  it('rents an item to a member from the balance, reloads the items, and lists 租用中 with 归还', async () => {
    let rented = false;
    const seen = mockServer((c) => {
      if (ends(c, 'lease_item_list'))
        return pageOf([rented ? { ...ITEM, qty_on_hand: 2, qty_out: 1 } : ITEM]);
      if (ends(c, 'member_lookup')) return ok({ list: [MEMBER] });
      if (ends(c, 'lease_rent')) {
        rented = true;
        return ok({ lease: { ...OUT, overdue: false }, replay: false }, '租出成功');
      }
      if (ends(c, 'lease_order_list'))
        return pageOf([OUT], { totals: { deposit_fen: 10000, fee_fen: 0, refund_fen: 0 } });
      if (ends(c, 'shift_cashiers')) return ok([{ id: 7, name: '小陈' }]);
      return pageOf([]);
    });
    renderAt('/order/lease_counter', '/order/lease_counter', <LeaseCounterPage />);
    const item = (await screen.findByText('无线手柄')).closest('tr')!;
    // a cashier without 设备租赁 10519 rents, but manages no item
    expect(document.body.textContent).not.toContain('新增物品');
    expect(item.textContent).not.toContain('编辑');
    expect(item.textContent).not.toContain('入库/报废');
    await userEvent.click(button(within(item).getByText('租出')));
    const dialog = (await screen.findByText('租出 · 无线手柄')).closest<HTMLElement>('.ant-modal')!;
    await userEvent.type(within(dialog).getByLabelText('会员'), '138');
    await userEvent.click(await screen.findByText('王小明（13800000000）'));
    await userEvent.click(await within(dialog).findByLabelText('会员余额'));
    await waitFor(() =>
      expect(within(dialog).getByTestId('rent-deposit').textContent).toBe('应收押金 ¥100.00'),
    );
    await userEvent.click(button(within(dialog).getByText('租 出')));
    await waitFor(() => expect(screen.queryByText('租出 · 无线手柄')).toBeNull());
    const body = new URLSearchParams(String(seen.find((c) => ends(c, 'lease_rent'))?.data));
    expect([body.get('item_id'), body.get('member_id'), body.get('pay_method'), body.get('qty')]).toEqual([
      '2',
      '8',
      'member',
      '1',
    ]);
    expect(body.get('request_id')).toBeTruthy();
    // the items reloaded after the rental: 在库 2, 租出 1
    await waitFor(() => {
      const cells = screen.getByText('无线手柄').closest('tr')!.querySelectorAll('td');
      expect([...cells].slice(4, 6).map((td) => td.textContent)).toEqual(['2', '1']);
    });

    await userEvent.click(within(document.querySelector<HTMLElement>('.ant-tabs-nav')!).getByText('租用中'));
    const lease = (await screen.findByText('ZL20260115000009')).closest('tr')!;
    expect(within(lease).getByText('王小明')).toBeInTheDocument();
    expect(button(within(lease).getByText('归还'))).toBeEnabled();
    expect(button(within(lease).getByText('丢失/损坏'))).toBeEnabled();
    expect(lease.className).toContain('lease-overdue');
    const list = seen.filter((c) => ends(c, 'lease_order_list')).at(-1)!;
    expect(list.params?.status).toBe('renting');
    expect(notifyError).not.toHaveBeenCalled();
    expect(rejections).toEqual([]);
  });
});
