import type { OrderCatalog, OrderDetail, OrderLineRow } from '@netbar/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it } from 'vitest';
import { reloadAppState } from '../../../lib/app-state';
import { writeUser } from '../../../lib/storage';
import { dialogHarness, ends, ok } from '../../../test/dialog-kit';
import { makeUser } from '../../../test/fixtures';
import { renderAt } from '../../../test/render';
import CashierPage from './cashier-page';
import { cashierServer, catalogSku, due, orderAnswer } from './cashier-test-kit';

/** Goods groups (套餐) at the 收银台 (decision 142): a tab of buttons, a cart line at the group's price. */

const sku = (id: number, name: string, price: number, qty: number) =>
  catalogSku(id, name, price, { member_price_fen: price, qty });
const item = (sku_id: number, name: string, qty: number, counter_qty: number) => ({
  sku_id,
  name,
  qty,
  track_stock: true,
  counter_qty,
});
const CATALOG: OrderCatalog = {
  categories: [{ id: 1, name: '饮料' }],
  skus: [sku(1, '可口可乐', 300, 5), sku(2, '薯片', 550, 3)],
  groups: [
    {
      group_id: 3,
      name: '可乐薯片套餐',
      price_fen: 700,
      items: [item(11, '可口可乐', 2, 5), item(12, '薯片', 1, 3)],
      stock: 2,
      sellable: true,
    },
  ],
  plans: [],
  promotions: [],
  negative_policy: 'refuse',
  deduct_order: 'bonus_first',
};
const line = (l: Partial<OrderLineRow>): OrderLineRow => ({
  id: 1,
  sku_id: null,
  group_id: null,
  items: [],
  name: '',
  qty: 1,
  list_fen: 0,
  unit_fen: 0,
  total_fen: 0,
  cost_fen: 0,
  refunded_qty: 0,
  refunded_fen: 0,
  edited: false,
  ...l,
});
const answer = (o: Partial<OrderDetail>) => orderAnswer({ order_no: 'DD202601150001', ...o });

const PAID = answer({
  total_fen: 1700,
  paid_fen: 1700,
  lines: [
    line({ group_id: 3, name: '可乐薯片套餐', qty: 2, unit_fen: 700, total_fen: 1400 }),
    line({ id: 2, sku_id: 11, name: '可口可乐', qty: 1, unit_fen: 300, total_fen: 300 }),
  ],
  payments: [
    { id: 1, method: 'cash', amount_fen: 1700, tendered_fen: 1700, change_fen: 0, refunded_fen: 0, at: '' },
  ],
});
const server = () => cashierServer(CATALOG, { create: () => ok(PAID) });
const { notifyError } = dialogHarness();
const groupButton = () => screen.getByRole('button', { name: /^套餐可乐薯片套餐，/ });

beforeEach(() => {
  // the owner holds every grant, the price edit included: a group line still cannot be edited
  writeUser(makeUser(3, { nid: 10 }));
  reloadAppState();
});

describe('收银台 goods groups (套餐)', { timeout: 60_000 }, () => {
  it('adds a group from its tab at its price, counts its items against the counter, sends { group_id, qty }; the receipt names it', async () => {
    const seen = server();
    renderAt('/order/cashier', '/order/cashier', <CashierPage />);
    await screen.findByRole('button', { name: /^可口可乐，/ });
    await userEvent.click(screen.getByText('套餐'));
    expect(screen.queryByRole('button', { name: /^可口可乐，/ })).toBeNull();
    expect(groupButton()).toHaveAccessibleName('套餐可乐薯片套餐，7.00元，可售2份');
    await userEvent.click(groupButton());
    await userEvent.click(groupButton());
    expect(due()).toBe('¥14.00');
    const cartLine = screen.getByTestId('cart-line-group:3');
    expect(within(cartLine).getByText('2')).toBeInTheDocument();
    expect(within(cartLine).getByText('套餐')).toBeInTheDocument();
    // a group sells at its own price: no edit even for the owner
    expect(within(cartLine).getByLabelText('可乐薯片套餐单价 7.00 元')).toBeInTheDocument();
    // two groups took 4 of the 5 colas: no third group, one cola left
    expect(groupButton()).toBeDisabled();
    await userEvent.click(screen.getByText('全部'));
    expect(screen.getByRole('button', { name: /^可口可乐，3.00元，库存1/ })).toBeEnabled();
    const box = screen.getByLabelText('扫码或输入条码');
    await userEvent.type(box, '6901{Enter}');
    expect(due()).toBe('¥17.00');
    fireEvent.keyDown(window, { key: 'F4' });
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: /确认收款/ }),
    );
    await screen.findByText('收款成功');
    const body = JSON.parse(
      String((seen.find((c) => ends(c, 'order_create')) as InternalAxiosRequestConfig).data),
    );
    expect(body.lines).toEqual([
      { group_id: 3, qty: 2 },
      { sku_id: 11, qty: 1 },
    ]);
    expect(screen.getByLabelText('销售小票').textContent).toContain('可乐薯片套餐');
    expect(notifyError).not.toHaveBeenCalled();
  });
});
