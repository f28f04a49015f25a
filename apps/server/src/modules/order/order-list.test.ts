import type { OrderListPage, OrderResult } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { clearCounts } from '../../lib/paging.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { makeGoods, postStockDoc, rid, xlsxRows } from '../../test/kit.ts';

/** 购物订单列表 and its export (decision 133): filters, keyset pages, 合计 over the filter, refusals. */

let t: TestApp;
let owner: Client;
let cola = 0;
let chips = 0;
let chipsGoods = 0;
let member = { id: 0, mobile: '' };
const made: OrderResult['order'][] = [];

async function ringUp(
  c: Client,
  lines: { sku_id: number; qty: number }[],
  extra: Record<string, unknown> = {},
) {
  const r = await c.request<OrderResult>(
    'POST',
    '/api/v1/order_create',
    { request_id: rid(), lines, ...extra },
    { json: true },
  );
  expect(r.status, r.msg).toBe(200);
  made.push(r.data.order);
  return r.data.order;
}

const list = (q: Record<string, unknown> = {}, c = owner) => c.get<OrderListPage>('/api/v1/order_list', q);

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  cola = (await makeGoods(owner, '列表可乐', [{ spec: '', cost_fen: 150, price_fen: 300 }])).skuIds[0]!;
  const g = await makeGoods(owner, '列表薯片', [{ spec: '', cost_fen: 200, price_fen: 500 }]);
  chips = g.skuIds[0]!;
  chipsGoods = g.goodsId;
  for (const sku of [cola, chips]) {
    expect(
      (await postStockDoc(owner, 'goods_in', [{ item_kind: 'goods', item_id: sku, qty: 100 }])).status,
    ).toBe(200);
    expect(
      (await postStockDoc(owner, 'goods_bar_in', [{ item_kind: 'goods', item_id: sku, qty: 100 }])).status,
    ).toBe(200);
  }
  const m = await rows<{ id: number; mobile: string }>(
    t.database.db,
    sql`select m.id, m.mobile from members m join netbars n on n.id = m.netbar_id join users u on u.id = n.owner_user_id
        where u.user_name = 'demo_netbar' and m.mobile <> '' and m.principal_fen >= 10000 order by m.id limit 1`,
  );
  member = m[0]!;
  const cash = (fen: number) => [{ method: 'cash', amount_fen: fen, tendered_fen: fen }];
  // 1: cola ×2 cash; 2: chips ×1 by the member's balance; 3: cola + chips unpaid; 4: cola ×1 cash, then refunded
  await ringUp(owner, [{ sku_id: cola, qty: 2 }], { payments: cash(600) });
  await ringUp(owner, [{ sku_id: chips, qty: 1 }], {
    member_id: member.id,
    payments: [{ method: 'member', amount_fen: 500 }],
  });
  await ringUp(owner, [
    { sku_id: cola, qty: 1 },
    { sku_id: chips, qty: 1 },
  ]);
  const o4 = await ringUp(owner, [{ sku_id: cola, qty: 1 }], { payments: cash(300) });
  const refund = await owner.request(
    'POST',
    '/api/v1/order_refund',
    { order_id: o4.id, request_id: rid(), reason: '顾客退货' },
    { json: true },
  );
  expect(refund.status, refund.msg).toBe(200);
});
afterAll(() => t.close());

describe('shopping order list', () => {
  it('pages newest first by cursor, with 合计 over the whole filter, not the page', async () => {
    const first = await list({ sku_id: cola, page_size: 2 });
    expect(first.status, first.msg).toBe(200);
    const colaOrders = made.filter((o) => o.lines.some((l) => l.sku_id === cola));
    expect(first.data.count).toBe(colaOrders.length);
    expect(first.data.list.map((o) => o.id)).toEqual(
      colaOrders
        .map((o) => o.id)
        .reverse()
        .slice(0, 2),
    );
    expect(first.data.next).toBeTruthy();
    const second = await list({ sku_id: cola, page_size: 2, after: first.data.next });
    expect(second.data.list.map((o) => o.id)).toEqual(
      colaOrders
        .map((o) => o.id)
        .reverse()
        .slice(2),
    );
    // 合计: total 600 + 500(cola+chips, unpaid: 300+500=800) + 300; paid 600 + 300; refunded 300
    expect(first.data.totals).toEqual({
      count: 3,
      total_fen: 600 + 800 + 300,
      paid_fen: 900,
      refunded_fen: 300,
      net_fen: 600,
    });
    expect(first.data.estimated).toBe(false);
    const row = second.data.list.at(-1)!;
    expect([row.items, row.qty, row.status, row.pay_methods]).toEqual(['列表可乐×2', 2, 'done', ['cash']]);
  });

  it('filters by status, source, pay method, member (id, card, mobile), goods, cashier, order no and days', async () => {
    const ids = async (q: Record<string, unknown>) =>
      (await list({ goods_id: chipsGoods, ...q })).data.list.map((o) => o.id).sort((a, b) => a - b);
    const [, o2, o3] = made;
    expect(await ids({})).toEqual([o2!.id, o3!.id]);
    expect(await ids({ status: 'unpaid' })).toEqual([o3!.id]);
    expect(await ids({ pay_method: 'member' })).toEqual([o2!.id]);
    expect(await ids({ pay_method: 'cash' })).toEqual([]);
    expect(await ids({ member_id: member.id })).toEqual([o2!.id]);
    expect(await ids({ member: member.mobile })).toEqual([o2!.id]);
    expect(await ids({ member: '19999999999' })).toEqual([]);
    expect(await ids({ source: 'seat' })).toEqual([]);
    expect(await ids({ order_no: o3!.order_no })).toEqual([o3!.id]);
    expect(await ids({ cashier_id: o3!.cashier_id })).toEqual([o2!.id, o3!.id]);
    expect(await ids({ cashier_id: o3!.cashier_id + 100000 })).toEqual([]);
    const today = o3!.created_at.slice(0, 10);
    expect(await ids({ start: today, end: today })).toEqual([o2!.id, o3!.id]);
    expect(await ids({ start: '2020-01-01', end: '2020-01-31' })).toEqual([]);
    const o2row = (await list({ member_id: member.id, goods_id: chipsGoods })).data.list[0]!;
    expect(o2row.member_name).not.toBe('');
    expect(o2row.member_card).toMatch(/\*/);
  });

  it("the export's 合计 row equals the screen's totals", async () => {
    clearCounts();
    const screen = (await list({ sku_id: cola })).data.totals;
    const x = await xlsxRows(owner, `/api/v1/order_list_export?sku_id=${cola}`);
    expect(x.contentType).toContain('spreadsheetml');
    const [head, ...body] = x.rows;
    const total = body.at(-1)!;
    expect(body.length).toBe(screen.count + 1);
    const col = (h: string) => (head as string[]).indexOf(h);
    expect(total[0]).toBe(`合计（${screen.count}单）`);
    expect([total[col('应收(元)')], total[col('实付(元)')], total[col('退款(元)')]]).toEqual([
      screen.total_fen / 100,
      screen.paid_fen / 100,
      screen.refunded_fen / 100,
    ]);
  });

  it("refuses agents (40003), staff without 264, and another store's order (40004)", async () => {
    expect((await list({}, await t.as(DEMO.agent))).status).toBe(40003);
    const other = await t.as(DEMO.netbar2);
    const theirs = await list({ sku_id: cola }, other);
    expect([theirs.status, theirs.data.list, theirs.data.totals.count]).toEqual([200, [], 0]);
    expect((await other.get('/api/v1/order_detail', { id: made[0]!.id })).status).toBe(40004);
    const staff = await t.as(DEMO.netbarStaff);
    expect((await list({ sku_id: cola }, staff)).data.count).toBe(3);
    await rows(
      t.database.db,
      sql`delete from grants where perm_id = 264 and user_id = (select id from users where user_name = 'demo_netbar_staff')`,
    );
    const ungranted = await t.as(DEMO.netbarStaff);
    expect((await list({}, ungranted)).status).toBe(40003);
    expect((await ungranted.get(`/api/v1/order_list_export`)).status).toBe(40003);
  });

  it('refuses bad input in Chinese: days that do not exist, reversed ranges, bad enums and cursors', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ start: '2026-02-30' }, '日期不存在或格式不正确（YYYY-MM-DD）'],
      [{ end: '2025-13-01' }, '日期不存在或格式不正确（YYYY-MM-DD）'],
      [{ start: '2026-03-02', end: '2026-03-01' }, '开始日期不能晚于结束日期'],
      [{ status: 'lost' }, '订单状态不正确'],
      [{ source: 'phone' }, '订单来源不正确'],
      [{ pay_method: 'card' }, '支付方式不正确'],
      [{ order_no: "DD1' or 1=1" }, '订单号为1-32位字母或数字'],
      [{ after: 'abc' }, '分页参数错误'],
      [{ member_id: 0 }, '会员参数错误'],
    ];
    for (const [q, msg] of cases) {
      const r = await list(q);
      expect([r.http, r.status, r.msg], JSON.stringify(q)).toEqual([400, 40000, msg]);
    }
    const ex = await owner.get('/api/v1/order_list_export', { start: '2026-02-29' });
    expect([ex.status, ex.msg]).toEqual([40000, '日期不存在或格式不正确（YYYY-MM-DD）']);
  });
});
