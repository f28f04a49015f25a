import type { OrderCatalog, OrderCatalogSku, OrderDetail, OrderResult } from '@netbar/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { ends, ok, page, refused } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import CashierPage from './cashier-page';

/** Builders of the 收银台 tests: a catalogue SKU, an order answer, a server with a shift on duty, the screen. */

/** A catalogue SKU: SKU id = goods id + 10, barcode 690<id>, member price 0.50 below, 99 on the counter. */
export const catalogSku = (
  id: number,
  name: string,
  price: number,
  more: Partial<OrderCatalogSku> = {},
): OrderCatalogSku => ({
  sku_id: id + 10,
  goods_id: id,
  category_id: 1,
  name,
  spec: '',
  unit: '瓶',
  barcode: `690${id}`,
  price_fen: price,
  member_price_fen: price - 50,
  colour: 1,
  track_stock: true,
  has_recipe: false,
  qty: 99,
  ...more,
});

/** A catalogue of one category 饮料 (id 1) over `skus`, no groups, plans or promotions unless given. */
export const catalogOf = (skus: OrderCatalogSku[], more: Partial<OrderCatalog> = {}): OrderCatalog => ({
  categories: [{ id: 1, name: '饮料' }],
  skus,
  groups: [],
  plans: [],
  promotions: [],
  negative_policy: 'refuse',
  deduct_order: 'bonus_first',
  ...more,
});

interface CashierMember {
  id: number;
  name: string;
  mobile: string;
  card_mask: string;
  level_name: string;
  member_price: boolean;
  principal_fen: number;
  bonus_fen: number;
}

/** The member 张三 (id 8) as the member lookup answers, with `more` over it. */
export const memberOf = (more: Partial<CashierMember> = {}): CashierMember => ({
  id: 8,
  name: '张三',
  mobile: '13800000000',
  card_mask: 'VIP***0001',
  level_name: '黄金会员',
  member_price: true,
  principal_fen: 1000,
  bonus_fen: 300,
  ...more,
});

/** What order_create answers: a done counter order of 小王's, with `o` over it. */
export const orderAnswer = (o: Partial<OrderDetail>): OrderResult => ({
  order: {
    id: 1,
    order_no: 'XS202601150001',
    source: 'counter',
    status: 'done',
    shift_id: 1,
    cashier_id: 7,
    cashier_name: '小王',
    member_id: null,
    machine_id: null,
    desk_id: null,
    list_fen: 0,
    discount_fen: 0,
    round_fen: 0,
    total_fen: 0,
    paid_fen: 0,
    refunded_fen: 0,
    remark: '',
    created_at: '2026-01-15 20:00:00',
    paid_at: '2026-01-15 20:00:00',
    lines: [],
    payments: [],
    refunds: [],
    events: [],
    ...o,
  },
  replay: false,
  change_fen: 0,
  warnings: [],
});

const SHIFT = {
  shift: { shift_no: 'BC0001', cashier_name: '小王', opened_at: '2026-01-15 08:00:00', float_fen: 20000 },
  figures: { expected_cash_fen: 35000 },
};
type Answer = { status?: number; body: unknown };
type Handler = (c: InternalAxiosRequestConfig) => Answer;

/**
 * The server the 收银台 talks to: 小王's shift on duty, `catalog`, `members` found by member_lookup (when
 * given), `create` answering order_create, no print template grant; `more` answers first when it will.
 */
export interface CashierServerOptions {
  create?: Handler;
  more?: (c: InternalAxiosRequestConfig) => Answer | undefined;
  members?: unknown[];
}
export function cashierServer(catalog: OrderCatalog, opts: CashierServerOptions = {}) {
  const { create = () => ok(orderAnswer({})), more = () => undefined, members } = opts;
  return mockServer((c) => {
    const extra = more(c);
    if (extra) return extra;
    if (ends(c, 'shift_current')) return ok(SHIFT);
    if (ends(c, 'order_catalog')) return ok(catalog);
    if (members && ends(c, 'member_lookup')) return ok({ list: members });
    if (ends(c, 'order_create')) return create(c);
    if (ends(c, 'print_template_default')) return refused('没有权限执行此操作', 40003);
    return page([]);
  });
}

/** Renders the 收银台 and waits for the goods button `ready`. */
export const openCashier = async (ready: RegExp = /可口可乐/) => {
  const view = renderAt('/order/cashier', '/order/cashier', <CashierPage />);
  await screen.findByRole('button', { name: ready });
  return view;
};
/** The amount due as the cart shows it. */
export const due = () => screen.getByTestId('cashier-due').textContent;
/** The JSON body of a request the screen sent. */
export const bodyOf = (c: InternalAxiosRequestConfig) => JSON.parse(String(c.data));
/** Types a barcode into the scan box and presses Enter. */
export const scan = async (code: string) => {
  const box = screen.getByLabelText('扫码或输入条码');
  await userEvent.clear(box);
  await userEvent.type(box, `${code}{Enter}`);
};
