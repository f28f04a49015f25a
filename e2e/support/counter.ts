import { CASH_FACES_FEN } from '@netbar/contract';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { modal } from './antd';
import { screenshot } from './browser';
import { must } from './console';

/**
 * The counter as cashier-day.e2e.ts drives it: the answers it reads, the cash a drawer count is made of,
 * the day's starting state, and a checkout through the 收银台's payment dialog.
 */

export interface Sku {
  sku_id: number;
  name: string;
  price_fen: number;
}
export interface Movement {
  kind: string;
  method: string;
  amount_fen: number;
  order_id: number | null;
  ref_no: string;
}
export interface Figures {
  float_fen: number;
  cash_in_fen: number;
  cash_out_fen: number;
  expected_cash_fen: number;
}
export interface ShiftRow {
  id: number;
  shift_no: string;
  cashier_id: number;
  float_fen: number;
  status: string;
  expected_cash_fen: number | null;
  counted_cash_fen: number | null;
  over_short_fen: number | null;
  over_short_reason: string;
}
export interface OrderDetail {
  id: number;
  order_no: string;
  status: string;
  total_fen: number;
  paid_fen: number;
  refunded_fen: number;
  shift_id: number;
  lines: { id: number; sku_id: number; name: string; qty: number }[];
  payments: { method: string; amount_fen: number }[];
  refunds: { refund_no: string; amount_fen: number }[];
}
export type Totals = Record<string, number>;

export const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The store's counter stock by SKU. */
export const counterQty = async (p: Page) => {
  const s = await must<{ list: { item_id: number; qty: number }[] }>(
    p,
    'stock_list?page=1&page_size=1000&item_kind=goods&location=counter',
  );
  return new Map(s.list.map((r) => [r.item_id, r.qty]));
};
/** order_detail answers as the writes do: its `order` is the detail. */
export const orderDetail = async (p: Page, id: number) =>
  (await must<{ order: OrderDetail }>(p, `order_detail?id=${id}`)).order;

/** Denominations that make `fen` (largest first). */
export const piecesOf = (fen: number) => {
  const out: [number, number][] = [];
  let left = fen;
  for (const face of CASH_FACES_FEN) {
    const n = Math.floor(left / face);
    if (n) out.push([face, n]);
    left -= n * face;
  }
  expect(left).toBe(0);
  return out;
};

/** A shift the cashier left open (an earlier spec) is handed over as counted, so the day starts clean. */
export async function handOverLeftShift(page: Page, request_id: string) {
  const cur = await must<{ shift: ShiftRow | null; figures: Figures | null }>(page, 'shift_current');
  if (!cur.shift) return;
  const counts = piecesOf(cur.figures!.expected_cash_fen).map(([face_fen, count]) => ({ face_fen, count }));
  await must(page, 'shift_handover', {
    id: cur.shift.id,
    request_id,
    counts: JSON.stringify(counts),
    float_left_fen: 0,
    carry_orders: false,
  });
}

/** `n` one-SKU goods the counter holds at least 5 of, named as the cashier sees them. */
export async function counterGoods(page: Page, stock: Map<number, number>, n: number): Promise<Sku[]> {
  const list = await must<{
    list: {
      name: string;
      track_stock: boolean;
      recipe: unknown[];
      skus: { id: number; spec: string; price_fen: number }[];
    }[];
  }>(page, 'goods_list?page=1&page_size=1000&shelf_status=1');
  const goods: Sku[] = [];
  for (const g of list.list) {
    if (!g.track_stock || g.recipe.length || g.skus.length !== 1) continue;
    const k = g.skus[0]!;
    if ((stock.get(k.id) ?? 0) >= 5 && k.price_fen > 0 && !goods.some((x) => x.name === g.name))
      goods.push({ sku_id: k.id, name: k.spec ? `${g.name}（${k.spec}）` : g.name, price_fen: k.price_fen });
    if (goods.length === n) break;
  }
  return goods;
}

/** A controller to lend: an enabled one on hand, or a new one named `手柄<u>`. */
export async function leaseItemToLend(owner: Page, u: string) {
  const items = await must<{ list: { id: number; name: string; qty_on_hand: number; enabled: boolean }[] }>(
    owner,
    'lease_item_list?page=1&page_size=100',
  );
  const pad = items.list.find((i) => i.name.includes('手柄') && i.enabled && i.qty_on_hand > 0);
  if (pad) return { id: pad.id, name: pad.name };
  const id = (
    await must<{ id: number }>(owner, 'lease_item_save', {
      name: `手柄${u}`,
      deposit_fen: 10000,
      price_fen: 500,
      price_unit: 'hour',
      initial_qty: 2,
    })
  ).id;
  return { id, name: `手柄${u}` };
}

/** Checks out the cart in cash (100 yuan tendered) or from the member's balance; the order number. */
export async function payAtCounter(page: Page, how: 'cash' | 'member') {
  // the cart is priced in the browser (decision 141), the member price with the member: pay once nothing loads
  await page.getByRole('button', { name: '结账（F4）', disabled: false }).waitFor();
  await expect.poll(() => page.locator('.cashier-page .ant-btn-loading').count()).toBe(0);
  const due = (await page.getByTestId('cashier-due').textContent()) ?? '';
  await page.getByRole('button', { name: '结账（F4）' }).click();
  const dialog = modal(page);
  await dialog.getByText(`结账 · 应收 ${due}`).waitFor();
  if (how === 'cash') {
    await dialog.getByLabel('实收现金').fill('100');
    await dialog.getByTestId('cashier-change').waitFor();
  } else {
    await dialog.getByRole('button', { name: '全部会员 F7' }).click();
    await dialog.getByTestId('cashier-member-take').waitFor();
  }
  await screenshot(page, `cashier-pay-${how}`);
  await dialog.getByRole('button', { name: /确认收款/ }).click();
  const done = modal(page);
  await done.getByText('收款成功').waitFor();
  const sub = (await done.locator('.ant-result-subtitle').textContent()) ?? '';
  expect(sub).toContain(`合计 ${due}`);
  await screenshot(page, `cashier-done-${how}`);
  await done.getByRole('button', { name: /继续收银/ }).click();
  await done.waitFor({ state: 'hidden' });
  return sub.match(/单号 (\S+)/)![1]!;
}
