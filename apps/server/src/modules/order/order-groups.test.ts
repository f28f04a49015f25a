import type { OrderCatalog, OrderListPage } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, DEMO, type TestApp } from '../../test/harness.ts';
import { count, rid, xlsxRows } from '../../test/kit.ts';
import { counterGoods, counterQty, memberWith, orderTestApp, post, ringUp } from './order-test-kit.ts';

/** Goods groups (套餐) sold at the counter (decision 142). */

let t: TestApp;
let owner: Client;
orderTestApp((app, o) => {
  t = app;
  owner = o;
});

/** A goods group of the caller's store; returns its id. */
async function group(
  c: Client,
  name: string,
  price_fen: number,
  items: { sku_id: number; qty: number }[],
  shelf = 1,
) {
  const r = await c.request<{ id: number }>(
    'POST',
    '/api/v1/goods_group_save',
    { name, price_fen, shelf_status: shelf, items },
    { json: true },
  );
  expect(r.status, r.msg).toBe(200);
  return r.data.id;
}
const cash = (amount_fen: number) => [{ method: 'cash', amount_fen }];
/** The sale's ledger rows per SKU (what the counter gave or got back), by ref_type. */
const ledger = (refType: string, refNo: string) =>
  rows<{ item_id: number; delta: number }>(
    t.database.db,
    sql`select item_id, delta::int from stock_ledger where ref_type = ${refType} and ref_no = ${refNo} order by item_id`,
  );
const written = () =>
  Promise.all(
    ['orders', 'order_lines', 'order_payments', 'till_ledger', 'stock_ledger', 'stock_sales'].map((x) =>
      count(t, x),
    ),
  );

describe('selling a goods group', () => {
  it('sells it for cash at the group price: each item leaves the counter × its qty × the line qty; the name shows everywhere', async () => {
    const cola = await counterGoods(owner, '套餐可乐', 10, { cost_fen: 150, price_fen: 300 });
    const chips = await counterGoods(owner, '套餐薯片', 10, { cost_fen: 200, price_fen: 550 });
    const gid = await group(owner, '可乐薯片套餐', 900, [
      { sku_id: cola, qty: 2 },
      { sku_id: chips, qty: 1 },
    ]);
    const r = await ringUp(owner, {
      lines: [
        { group_id: gid, qty: 2 },
        { sku_id: cola, qty: 1 },
      ],
      payments: [{ method: 'cash', amount_fen: 2100, tendered_fen: 2500 }],
    });
    expect(r.status, r.msg).toBe(200);
    const o = r.data.order;
    expect(o).toMatchObject({ status: 'done', total_fen: 2100, paid_fen: 2100, list_fen: 2100 });
    expect(
      o.lines.map((l) => [l.name, l.sku_id, l.group_id, l.qty, l.unit_fen, l.total_fen, l.cost_fen]),
    ).toEqual([
      ['可乐薯片套餐', null, gid, 2, 900, 1800, 500],
      ['套餐可乐', cola, null, 1, 300, 300, 150],
    ]);
    expect(o.lines[0]!.items).toEqual([
      { sku_id: cola, name: '套餐可乐', qty: 2 },
      { sku_id: chips, name: '套餐薯片', qty: 1 },
    ]);
    expect([await counterQty(t, cola), await counterQty(t, chips)]).toEqual([5, 8]);
    const sale = await rows<{ sale_no: string }>(
      t.database.db,
      sql`select sale_no from stock_sales s join orders o on o.stock_sale_id = s.id where o.id = ${o.id}`,
    );
    expect(await ledger('sale', sale[0]!.sale_no)).toEqual([
      { item_id: cola, delta: -5 },
      { item_id: chips, delta: -2 },
    ]);
    const page = await owner.get<OrderListPage>('/api/v1/order_list', { order_no: o.order_no });
    expect(page.data.list[0]!.items).toBe('可乐薯片套餐×2、套餐可乐×1');
    const x = await xlsxRows(owner, `/api/v1/order_list_export?order_no=${o.order_no}`);
    expect(JSON.stringify(x.rows)).toContain('可乐薯片套餐×2');
  });

  it('charges a member the same group price, and no sales plan or promotion touches the group line', async () => {
    const tea = await counterGoods(owner, '套餐奶茶', 10, { price_fen: 1000 });
    const cake = await counterGoods(owner, '套餐蛋糕', 10, { price_fen: 1000 });
    const gid = await group(owner, '下午茶套餐', 1500, [
      { sku_id: tea, qty: 1 },
      { sku_id: cake, qty: 1 },
    ]);
    const plan = await owner.request<{ id: number }>(
      'POST',
      '/api/v1/goods_sales_plan_save',
      {
        name: '套餐测试半价',
        weekdays: [0, 1, 2, 3, 4, 5, 6],
        start_minute: 0,
        end_minute: 1440,
        action: 'rate',
        rate: 50,
      },
      { json: true },
    );
    expect(plan.status, plan.msg).toBe(200);
    const mid = await memberWith(owner, 5000);
    const r = await ringUp(owner, {
      member_id: mid,
      lines: [
        { group_id: gid, qty: 1 },
        { sku_id: tea, qty: 1 },
      ],
      payments: [{ method: 'member', amount_fen: 2000 }],
    });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.order.lines.map((l) => [l.name, l.unit_fen, l.total_fen])).toEqual([
      ['下午茶套餐', 1500, 1500],
      ['套餐奶茶', 500, 500],
    ]);
    expect(r.data.order.total_fen).toBe(2000);
    expect((await owner.post('/api/v1/goods_sales_plan_delete', { id: plan.data.id })).status).toBe(200);
  });
});

describe('refunding a goods group', () => {
  it('gives back the items it took, as sold (even after the group changed); payments = total − refunds', async () => {
    const a = await counterGoods(owner, '退套餐甲', 10);
    const b = await counterGoods(owner, '退套餐乙', 10);
    const gid = await group(owner, '退款套餐', 500, [
      { sku_id: a, qty: 1 },
      { sku_id: b, qty: 3 },
    ]);
    const o = (await ringUp(owner, { lines: [{ group_id: gid, qty: 2 }], payments: cash(1000) })).data.order;
    expect([await counterQty(t, a), await counterQty(t, b)]).toEqual([8, 4]);
    // the group now holds something else: the refund still returns what this order took
    const edit = await owner.request(
      'POST',
      '/api/v1/goods_group_save',
      {
        id: gid,
        name: '退款套餐',
        price_fen: 800,
        items: [
          { sku_id: a, qty: 4 },
          { sku_id: b, qty: 1 },
        ],
      },
      { json: true },
    );
    expect(edit.status, edit.msg).toBe(200);
    const one = await post(owner, '/api/v1/order_refund', {
      order_id: o.id,
      request_id: rid(),
      reason: '少一份',
      lines: [{ line_id: o.lines[0]!.id, qty: 1 }],
    });
    expect(one.status, one.msg).toBe(200);
    expect(one.data.order).toMatchObject({ status: 'part_refunded', paid_fen: 1000, refunded_fen: 500 });
    expect([await counterQty(t, a), await counterQty(t, b)]).toEqual([9, 7]);
    const rest = await post(owner, '/api/v1/order_refund', {
      order_id: o.id,
      request_id: rid(),
      reason: '不要了',
    });
    expect(rest.status, rest.msg).toBe(200);
    expect(rest.data.order).toMatchObject({ status: 'refunded', refunded_fen: 1000 });
    expect([await counterQty(t, a), await counterQty(t, b)]).toEqual([10, 10]);
    const refundNo = rest.data.order.refunds.at(-1)!.refund_no;
    expect(await ledger('sale_refund', refundNo)).toEqual([
      { item_id: a, delta: 1 },
      { item_id: b, delta: 3 },
    ]);
    const paid = rest.data.order.payments.reduce((s, p) => s + p.amount_fen - p.refunded_fen, 0);
    expect(paid).toBe(rest.data.order.total_fen - rest.data.order.refunded_fen);
    // a sold group stays: off the shelf instead of deleted
    const del = await owner.post('/api/v1/goods_group_delete', { id: gid });
    expect([del.status, del.msg]).toEqual([40009, '该组合已有销售记录，不能删除，请改为下架']);
  });
});

describe('refusals: a Chinese message and nothing written', () => {
  it("answers another store's group as absent, refuses an off-shelf group, a group short of stock, qty 0 and an agent", async () => {
    const x = await counterGoods(owner, '拒套餐甲', 5);
    const y = await counterGoods(owner, '拒套餐乙', 0);
    const onShelf = await group(owner, '缺货套餐', 600, [
      { sku_id: x, qty: 1 },
      { sku_id: y, qty: 1 },
    ]);
    const off = await group(
      owner,
      '下架套餐',
      600,
      [
        { sku_id: x, qty: 1 },
        { sku_id: y, qty: 2 },
      ],
      2,
    );
    const other = await t.as(DEMO.netbar2);
    const oa = await counterGoods(other, '别店套餐甲', 5);
    const ob = await counterGoods(other, '别店套餐乙', 5);
    const theirs = await group(other, '别店套餐', 100, [
      { sku_id: oa, qty: 1 },
      { sku_id: ob, qty: 1 },
    ]);
    const before = await written();
    const sell = (line: Record<string, unknown>, c = owner) =>
      ringUp(c, { lines: [line], payments: cash(600) });
    const foreign = await sell({ group_id: theirs, qty: 1 });
    expect([foreign.status, foreign.msg]).toEqual([40004, '套餐不存在']);
    const missing = await sell({ group_id: 99_999_999, qty: 1 });
    expect([missing.status, missing.msg]).toEqual([40004, '套餐不存在']);
    const shelf = await sell({ group_id: off, qty: 1 });
    expect([shelf.status, shelf.msg]).toEqual([40000, '套餐「下架套餐」已下架，不能销售']);
    const short = await sell({ group_id: onShelf, qty: 1 });
    expect([short.status, short.msg]).toEqual([40000, '拒套餐乙（吧台）库存不足：当前0瓶，需要1瓶']);
    const zero = await sell({ group_id: onShelf, qty: 0 });
    expect([zero.status, zero.msg]).toEqual([40000, '数量须为1-999之间的整数']);
    const both = await sell({ group_id: onShelf, sku_id: x, qty: 1 });
    expect([both.status, both.msg]).toEqual([40000, '一行只能是商品或套餐其中之一']);
    const priced = await sell({ group_id: onShelf, qty: 1, price_fen: 1 });
    expect([priced.status, priced.msg]).toEqual([40000, '套餐按套餐价销售，不能改价']);
    expect((await sell({ group_id: onShelf, qty: 1 }, await t.as(DEMO.agent))).status).toBe(40003);
    expect(await written()).toEqual(before);
    expect([await counterQty(t, x), await counterQty(t, y)]).toEqual([5, 0]);
    // the other store cannot sell ours either
    expect((await sell({ group_id: onShelf, qty: 1 }, other)).status).toBe(40004);
  });
});

describe('the counter catalog lists groups', () => {
  it('on-shelf groups of the store only, with the whole groups the counter makes and whether one sells now', async () => {
    const p = await counterGoods(owner, '目录套餐甲', 7);
    const q = await counterGoods(owner, '目录套餐乙', 0);
    const ok = await group(owner, '目录好套餐', 800, [
      { sku_id: p, qty: 3 },
      { sku_id: q, qty: 1 },
    ]);
    const full = await group(owner, '目录满套餐', 500, [
      { sku_id: p, qty: 3 },
      { sku_id: await counterGoods(owner, '目录套餐丙', 10), qty: 2 },
    ]);
    const hidden = await group(
      owner,
      '目录下架套餐',
      500,
      [
        { sku_id: p, qty: 1 },
        { sku_id: q, qty: 1 },
      ],
      2,
    );
    const theirs = await t.as(DEMO.netbar2);
    const c = (await owner.get<OrderCatalog>('/api/v1/order_catalog')).data;
    const by = (id: number) => c.groups.find((g) => g.group_id === id);
    expect(by(full)).toMatchObject({ name: '目录满套餐', price_fen: 500, stock: 2, sellable: true });
    expect(by(full)!.items.map((i) => [i.qty, i.counter_qty, i.track_stock])).toEqual([
      [3, 7, true],
      [2, 10, true],
    ]);
    expect(by(ok)).toMatchObject({ stock: 0, sellable: false });
    expect(by(hidden)).toBeUndefined();
    const other = (await theirs.get<OrderCatalog>('/api/v1/order_catalog')).data;
    expect(other.groups.some((g) => g.group_id === full)).toBe(false);
    expect((await owner.post('/api/v1/stock_setting_save', { negative_policy: 'warn' })).status).toBe(200);
    const warn = (await owner.get<OrderCatalog>('/api/v1/order_catalog')).data;
    expect(warn.groups.find((g) => g.group_id === ok)).toMatchObject({ stock: 0, sellable: true });
    await owner.post('/api/v1/stock_setting_save', { negative_policy: 'refuse' });
    // an unsold group still deletes
    expect((await owner.post('/api/v1/goods_group_delete', { id: hidden })).status).toBe(200);
  });
});
