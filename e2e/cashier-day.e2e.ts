import { cashFaceLabel, fenToYuan } from '@netbar/contract';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { modal as frontModal, tableRow } from './support/antd';
import { ACCOUNTS, baseUrl, loginViaApi, newPage, screenshot, signedInSuite } from './support/browser';
import { must } from './support/console';
import {
  counterGoods,
  counterQty,
  orderDetail as detailOf,
  escapeRe,
  type Figures,
  handOverLeftShift,
  leaseItemToLend,
  type Movement,
  type OrderDetail,
  payAtCounter as pay,
  piecesOf,
  type ShiftRow,
  type Sku,
  type Totals,
} from './support/counter';
import { terminalCall } from './support/terminal';

/**
 * Issue 13's "done when" in one flow: demo_netbar_staff opens a shift with a float, sells for cash and
 * from a member's balance at the 收银台, takes a seat order from the simulator, rents out a controller
 * and takes it back, refunds a line, counts the till 5 yuan short with a reason and hands over; then
 * demo_netbar checks through the APIs that the order list, the shift summary, the till, the stock
 * ledger and the member ledger agree.
 */

let browser: Browser;
let page: Page;
let owner: Page;
signedInSuite(ACCOUNTS.netbarStaff, (p, b) => {
  page = p;
  browser = b;
});

const u = Date.now().toString().slice(-6);
const MEMBER = `收银测试${u.slice(-3)}`;
const MOBILE = `139${u}${u.slice(-2)}`;
const CARD = `CD${u}`;
const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

const summary = async () =>
  (await must<{ totals: Totals }>(owner, `shift_summary?start=${today}&end=${today}`)).totals;
const orderTotals = async (q: string) =>
  (await must<{ totals: Totals; list: { id: number }[] }>(owner, `order_list?page=1&page_size=100&${q}`))
    .totals;
const orderDetail = (id: number) => detailOf(owner, id);
const ok = (p: Page) => frontModal(p).locator('.ant-modal-footer .ant-btn-primary');

describe('a cashier’s day, as demo_netbar_staff', () => {
  let nid = 0;
  let memberId = 0;
  const goods: Sku[] = [];
  let stockBefore = new Map<number, number>();
  let memberBefore = { principal_fen: 0, bonus_fen: 0 };
  let baseSummary: Totals = {};
  let baseOrders: Totals = {};
  let lease = { id: 0, name: '' };
  let shift: ShiftRow;
  const orders = { cash: '', member: '', seat: 0 };
  let leaseNo = '';

  it('the owner prepares: a member with a balance; the counter has goods and a controller to lend', async () => {
    owner = await newPage(browser);
    await loginViaApi(owner, ACCOUNTS.netbar);
    nid = (await must<{ nid: number }>(owner, 'user_info')).nid;
    memberId = (
      await must<{ id: number }>(owner, 'member_save', {
        card_kind: 2,
        card_no: CARD,
        name: MEMBER,
        mobile: MOBILE,
      })
    ).id;
    await must(owner, 'member_topup', { member_id: memberId, amount_fen: 10000, request_id: `cd${u}top` });
    memberBefore = await must(owner, `member_detail?id=${memberId}`);

    // a shift the cashier left open (an earlier spec) is handed over as counted, so today starts clean
    await handOverLeftShift(page, `cd${u}pre`);

    // goods the counter holds (at least 5 each), sold as the cashier sees them
    stockBefore = await counterQty(page);
    goods.push(...(await counterGoods(page, stockBefore, 3)));
    expect(goods.map((g) => g.name)).toHaveLength(3);
    lease = await leaseItemToLend(owner, u);

    baseSummary = await summary();
    baseOrders = await orderTotals(`start=${today}&end=${today}`);
  });

  it('opens a shift with a 200 yuan float from the 收银台’s prompt', async () => {
    await page.goto(`${baseUrl()}/order/cashier`);
    const dialog = frontModal(page);
    await dialog.getByLabel('备用金').fill('200');
    await screenshot(page, 'cashier-open-shift');
    await dialog.getByRole('button', { name: /开班/ }).click();
    await page.getByTestId('cashier-shift').waitFor();
    expect(await page.getByTestId('cashier-shift').textContent()).toContain('备用金 ¥200.00');
    shift = (await must<{ shift: ShiftRow }>(page, 'shift_current')).shift;
    expect(shift.float_fen).toBe(20000);
  });

  const skuButton = (g: Sku) => page.getByRole('button', { name: new RegExp(`^${escapeRe(g.name)}，`) });
  it('sells two goods for cash, with change', async () => {
    await skuButton(goods[0]!).click();
    await skuButton(goods[1]!).click();
    await page.locator('table[aria-label="购物车"] tbody tr').nth(1).waitFor();
    await screenshot(page, 'cashier-cart');
    orders.cash = await pay(page, 'cash');
  });

  it('sells to a member found by mobile, paid from the balance', async () => {
    await page.getByLabel('会员卡号或手机号').fill(MOBILE);
    await page.getByLabel('会员卡号或手机号').press('Enter');
    await page.getByTestId('cashier-member').getByText(MEMBER).waitFor();
    await skuButton(goods[2]!).click();
    orders.member = await pay(page, 'member');
  });

  it('takes a seat order from the simulator: 收款, 接单, 已送达, 完成', async () => {
    const m = await must<{ list: { id: number; name: string }[] }>(owner, 'machine_list?page=1&page_size=20');
    const pc = m.list[0]!;
    const buy = await terminalCall<{ order_id?: number; total_fen?: number }>(nid, 'terminal_buy', {
      machine_id: pc.id,
      request_id: `cd${u}buy`,
      items: [{ name: goods[0]!.name, qty: 1, price_fen: goods[0]!.price_fen }],
    });
    expect(buy.status, buy.msg).toBe(200);
    expect(buy.data.order_id).toBeTruthy();
    orders.seat = buy.data.order_id!;
    const item = page.getByTestId(`seat-order-${orders.seat}`);
    await item.waitFor({ timeout: 20_000 });
    await screenshot(page, 'cashier-seat-order');
    await item.getByRole('button', { name: /^收\s*款$/ }).click();
    const dialog = frontModal(page);
    await dialog.getByRole('button', { name: /确认收款/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await item.getByRole('button', { name: /^接\s*单$/ }).click();
    await item.getByRole('button', { name: '已送达' }).click();
    await item.getByRole('button', { name: /^完\s*成$/ }).click();
    await item.waitFor({ state: 'detached' });
    const d = await orderDetail(orders.seat);
    expect(d).toMatchObject({ status: 'done', shift_id: shift.id });
  });

  it('rents out a controller and takes it back', async () => {
    await page.goto(`${baseUrl()}/order/lease_counter`);
    const row = tableRow(page, lease.name);
    await row.getByRole('button', { name: '租出' }).click();
    const dialog = frontModal(page);
    await dialog.getByLabel('租用人').fill('散客王');
    await screenshot(page, 'cashier-lease-rent');
    await ok(page).click();
    const msg = page.getByText(/^租出成功：/);
    await msg.waitFor();
    leaseNo = ((await msg.textContent()) ?? '').replace('租出成功：', '').trim();
    expect(leaseNo).not.toBe('');
    await page.getByRole('tab', { name: '租用中' }).click();
    const out = tableRow(page, leaseNo);
    await out.getByRole('button', { name: '归还' }).click();
    await frontModal(page).getByTestId('lease-refund').waitFor();
    await screenshot(page, 'cashier-lease-return');
    await ok(page).click();
    await page.getByText(/^归还成功/).waitFor();
  });

  it('refunds one line of the cash order from the order list', async () => {
    await page.goto(`${baseUrl()}/order/order_list`);
    await page.getByLabel('订单号').fill(orders.cash);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await tableRow(page, orders.cash).getByRole('button', { name: '详情' }).click();
    const drawer = page.locator('.ant-drawer:visible');
    await drawer.getByRole('button', { name: /退\s*款/ }).click();
    const dialog = frontModal(page);
    await dialog.getByText('部分商品退款').click();
    await dialog.getByLabel(`${goods[1]!.name}退款数量`).fill('1');
    await dialog.getByLabel('退款原因').fill('顾客不要了');
    await expect.poll(() => dialog.getByTestId('refund-amount').textContent()).toMatch(/^¥\d+\.\d\d$/);
    await screenshot(page, 'cashier-refund');
    await ok(page).click();
    await page.getByText(/^退款成功/).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await drawer.getByText('部分退款').first().waitFor();
    await screenshot(page, 'cashier-order-detail');
  });

  it('counts the till 5 yuan short, gives the reason and hands over', async () => {
    await page.goto(`${baseUrl()}/order/shift`);
    await page
      .getByRole('button', { name: /交\s*班/ })
      .first()
      .click();
    const cur = await must<{ figures: Figures }>(page, 'shift_current');
    const counted = cur.figures.expected_cash_fen - 500;
    const dialog = frontModal(page);
    for (const [face, n] of piecesOf(counted))
      await dialog.getByLabel(`${cashFaceLabel(face)}张数`).fill(String(n));
    await expect.poll(() => dialog.getByTestId('handover-diff').textContent()).toContain('5.00');
    await dialog.getByLabel('长短款原因').fill('找零时多找了5元');
    await screenshot(page, 'cashier-handover');
    await ok(page).click();
    await page.getByText(`交班成功：${shift.shift_no}`).waitFor();
    await screenshot(page, 'cashier-handed-over');
  });

  it('as demo_netbar: the order list, the shift summary, the till, the stock and the member ledgers agree', async () => {
    const detail = await must<{ shift: ShiftRow; figures: Figures; movements: Movement[] }>(
      owner,
      `shift_record_detail?id=${shift.id}`,
    );
    const s = detail.shift;
    const f = detail.figures;
    expect(s.status).toBe('closed');
    expect(f.expected_cash_fen).toBe(f.float_fen + f.cash_in_fen - f.cash_out_fen);
    expect(s.over_short_fen).toBe(-500);
    expect(s.counted_cash_fen).toBe((s.expected_cash_fen ?? 0) - 500);
    expect(s.over_short_reason).toBe('找零时多找了5元');

    // each order: what the till holds for it = what it was paid − what was refunded
    const byNo = async (no: string) =>
      (await must<{ list: { id: number }[] }>(owner, `order_list?order_no=${no}`)).list[0]!.id;
    const ids = [await byNo(orders.cash), await byNo(orders.member), orders.seat];
    const details = await Promise.all(ids.map(orderDetail));
    const tillOf = (id: number) =>
      detail.movements.filter((m) => m.order_id === id).reduce((n, m) => n + m.amount_fen, 0);
    for (const d of details) {
      expect(tillOf(d.id), d.order_no).toBe(d.paid_fen - d.refunded_fen);
      expect(
        d.payments.reduce((n, p) => n + p.amount_fen, 0),
        d.order_no,
      ).toBe(d.paid_fen);
      expect(d.shift_id).toBe(shift.id);
    }
    const [cash, member] = details as [OrderDetail, OrderDetail, OrderDetail];
    expect(cash.status).toBe('part_refunded');
    expect(cash.refunded_fen).toBeGreaterThan(0);
    expect(member.payments.map((p) => p.method)).toEqual(['member']);

    // the order list's 合计 of today moved by exactly these orders
    const after = await orderTotals(`start=${today}&end=${today}`);
    const net = details.reduce((n, d) => n + d.paid_fen - d.refunded_fen, 0);
    expect(after.count! - baseOrders.count!).toBe(3);
    expect(after.net_fen! - baseOrders.net_fen!).toBe(net);
    expect(after.refunded_fen! - baseOrders.refunded_fen!).toBe(cash.refunded_fen);

    // the shift summary of today moved by this shift's movements (orders and the lease)
    const sum = await summary();
    const shiftNet = detail.movements.reduce((n, m) => n + m.amount_fen, 0);
    const leaseNet = detail.movements
      .filter((m) => m.kind.startsWith('lease'))
      .reduce((n, m) => n + m.amount_fen, 0);
    expect(leaseNet).toBeGreaterThan(0); // the fee stays in the drawer
    expect(shiftNet).toBe(net + leaseNet);
    expect(sum.net_fen! - baseSummary.net_fen!).toBe(shiftNet);
    expect(sum.member_fen! - baseSummary.member_fen!).toBe(member.paid_fen);
    expect(sum.short_fen! - baseSummary.short_fen!).toBe(-500);

    // the stock ledger: goods 0 sold twice (cash and seat), goods 1 sold and refunded, goods 2 sold once
    const now = await counterQty(owner);
    const [a, b, c] = goods as [Sku, Sku, Sku];
    expect(now.get(a.sku_id)).toBe(stockBefore.get(a.sku_id)! - 2);
    expect(now.get(b.sku_id)).toBe(stockBefore.get(b.sku_id)!);
    expect(now.get(c.sku_id)).toBe(stockBefore.get(c.sku_id)! - 1);
    // its newest ledger rows: the refund (+1, the refund's number) on top of the sale (−1)
    const ledger = await must<{
      list: { ref_no: string; ref_type: string; delta: number; qty_before: number; qty_after: number }[];
    }>(owner, `stock_ledger_list?page=1&page_size=5&item_kind=goods&item_id=${b.sku_id}`);
    const [back, sold] = ledger.list as [(typeof ledger.list)[0], (typeof ledger.list)[0]];
    expect([back.ref_type, back.delta, back.ref_no]).toEqual(['sale_refund', 1, cash.refunds[0]!.refund_no]);
    expect([sold.ref_type, sold.delta, sold.qty_after]).toEqual(['sale', -1, back.qty_before]);
    expect([sold.qty_before, back.qty_after]).toEqual([stockBefore.get(b.sku_id), now.get(b.sku_id)]);

    // the member ledger: the balance dropped by what the member order took, in one row for the order
    const m = await must<{ principal_fen: number; bonus_fen: number }>(owner, `member_detail?id=${memberId}`);
    expect(memberBefore.principal_fen + memberBefore.bonus_fen - m.principal_fen - m.bonus_fen).toBe(
      member.paid_fen,
    );
    const ml = await must<{
      list: { order_id: number | null; principal_delta: number; bonus_delta: number }[];
    }>(owner, `member_ledger?page=1&page_size=20&member_id=${memberId}`);
    const row = ml.list.find((r) => r.order_id === member.id)!;
    expect(row.principal_delta + row.bonus_delta).toBe(-member.paid_fen);

    // the shift record as the owner sees it
    await owner.goto(`${baseUrl()}/shift_management/shift_record`);
    await tableRow(owner, s.shift_no).waitFor();
    expect(await tableRow(owner, s.shift_no).textContent()).toContain(fenToYuan(500));
    await screenshot(owner, 'cashier-owner-shift-record');
  });
});
