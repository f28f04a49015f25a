import { DEAD_STOCK_DAYS_MSG, type DeadStockAnswer, type DeadStockRow, REPORT_MSG } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { expectStockLedgerMatches, makeGoods, postStockDoc, rid, xlsxRows } from '../../test/kit.ts';

/** 滞销统计 (238): goods with stock and no sale in N days, by store or the chain; export 合计 = screen. */

type Answer = DeadStockAnswer;
let t: TestApp;
let c: Client;
let never: number;
let stale: number;
let fresh: number;
const ago = (days: number) => sql`now() - make_interval(days => ${days})`;

beforeAll(async () => {
  t = await createTestApp();
  c = await t.as(DEMO.netbar);
  [never, stale, fresh] = (
    await makeGoods(c, '滞销测试', [
      { spec: '从未卖', cost_fen: 1000 },
      { spec: '二十天', cost_fen: 300 },
      { spec: '今天卖', cost_fen: 200 },
    ])
  ).skuIds as [number, number, number];
  for (const [sku, cost] of [
    [never, 1000],
    [stale, 300],
    [fresh, 200],
  ] as const) {
    const r = await postStockDoc(c, 'goods_in', [
      { item_kind: 'goods', item_id: sku, qty: 10, cost_fen: cost },
    ]);
    expect(r.status, r.msg).toBe(200);
  }
  await postStockDoc(c, 'goods_bar_in', [
    { item_kind: 'goods', item_id: stale, qty: 5 },
    { item_kind: 'goods', item_id: fresh, qty: 5 },
  ]);
  const sold = await c.request(
    'POST',
    '/api/v1/stock_sale',
    {
      request_id: rid(),
      lines: [
        { sku_id: stale, qty: 1 },
        { sku_id: fresh, qty: 1 },
      ],
    },
    { json: true },
  );
  expect(sold.status, sold.msg).toBe(200);
  // the receipts 40 days ago, the stale good's sale 20 days ago (a back-dated ledger, as the demo's)
  // (the ledger's append-only guard is lifted in this test's own database for the two updates)
  const db = t.database.db;
  await rows(db, sql`alter table stock_ledger disable trigger stock_ledger_no_change`);
  await rows(
    db,
    sql`update stock_ledger set at = ${ago(40)} where item_id in (${never}, ${stale}, ${fresh}) and ref_type = 'goods_in'`,
  );
  await rows(db, sql`update stock_ledger set at = ${ago(20)} where item_id = ${stale} and ref_type = 'sale'`);
  await rows(db, sql`alter table stock_ledger enable trigger stock_ledger_no_change`);
});
afterAll(async () => {
  await expectStockLedgerMatches(t);
  await t.close();
});

const mine = (a: Answer) => a.list.filter((r) => [never, stale, fresh].includes(r.item_id));

describe('dead stock (238)', () => {
  it('lists goods with stock and no sale in N days, value at cost, last sale and receipt, most value first', async () => {
    const r = await c.get<Answer>('/api/v1/dead_stock', {
      days: 15,
      store_id: 1,
      keyword: '滞销测试',
      page_size: 50,
    });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.list.map((x) => x.item_id)).toEqual([never, stale]);
    const [a, b] = r.data.list as [DeadStockRow, DeadStockRow];
    expect(a).toMatchObject({
      name: '滞销测试（从未卖）',
      qty: 10,
      value_fen: 10_000,
      last_sale_at: null,
      store_name: '星际网咖旗舰店',
    });
    expect(a.idle_days).toBe(40);
    expect(a.last_in_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(b).toMatchObject({ qty: 9, value_fen: 2_700, idle_days: 20 });
    expect(r.data.totals).toEqual({ qty: 19, value_fen: 12_700 });
    // 30 days: the good sold 20 days ago is not dead
    const m = await c.get<Answer>('/api/v1/dead_stock', { days: 30, keyword: '滞销测试' });
    expect(m.data.list.map((x) => x.item_id)).toEqual([never]);
  });

  it('totals cover every page and the export ends with the same 合计', async () => {
    const all = await c.get<Answer>('/api/v1/dead_stock', { days: 1, page_size: 50 });
    expect(all.status, all.msg).toBe(200);
    const p1 = await c.get<Answer>('/api/v1/dead_stock', { days: 1, page_size: 10 });
    expect(p1.data.count).toBe(all.data.count);
    expect(p1.data.totals).toEqual(all.data.totals);
    const values = all.data.list.map((x) => x.value_fen);
    expect(values).toEqual([...values].sort((x, y) => y - x));
    expect(all.data.totals.value_fen).toBe(values.reduce((s, v) => s + v, 0));
    const x = await xlsxRows(c, '/api/v1/dead_stock_export?days=1');
    expect(x.rows[0]).toEqual([
      '门店',
      '商品名称',
      '分类',
      '单位',
      '库存数量',
      '库存金额(元)',
      '最后销售',
      '最后入库',
      '滞销天数',
    ]);
    expect(x.rows.length).toBe(all.data.count + 2);
    const last = x.rows.at(-1)!;
    expect(last[0]).toBe('合计');
    expect(last[4]).toBe(all.data.totals.qty);
    expect(last[5]).toBe(all.data.totals.value_fen / 100);
  });

  it('a chain head reads its chain, another tenant reads its own and neither sees the other', async () => {
    const other = await t.as(DEMO.netbar2);
    const sku = (await makeGoods(other, '别家滞销品', [{ spec: '', cost_fen: 500 }])).skuIds[0]!;
    expect(
      (await postStockDoc(other, 'goods_in', [{ item_kind: 'goods', item_id: sku, qty: 3, cost_fen: 500 }]))
        .status,
    ).toBe(200);
    const theirs = await other.get<Answer>('/api/v1/dead_stock', { days: 7, keyword: '别家滞销品' });
    expect(theirs.data.list.map((x) => [x.item_id, x.value_fen])).toEqual([[sku, 1500]]);
    const chain = await c.get<Answer>('/api/v1/dead_stock', { days: 7, page_size: 50 });
    expect(chain.data.list.some((x) => x.item_id === sku)).toBe(false);
    expect(chain.data.stores.map((x) => x.name)).toEqual(['星际网咖旗舰店', '星际网咖二店', '星际网咖三店']);
    expect(theirs.data.stores.length).toBe(1);
    expect(new Set(chain.data.list.map((x) => x.store_id)).size).toBeGreaterThan(0);
    expect(chain.data.list.every((x) => [1, 2, 3].includes(x.store_id))).toBe(true);
    const theirStore = theirs.data.list[0]!.store_id;
    const refused = await c.get('/api/v1/dead_stock', { days: 7, store_id: theirStore });
    expect([refused.status, refused.msg]).toEqual([40000, REPORT_MSG.store]);
    const second = await c.get<Answer>('/api/v1/dead_stock', { days: 7, store_id: 2 });
    expect(second.status, second.msg).toBe(200);
    expect(mine(second.data)).toEqual([]);
    expect((await other.get('/api/v1/dead_stock', { days: 7, store_id: 1 })).msg).toBe(REPORT_MSG.store);
  });

  it('netbar staff need the grant and read their current store only; agents are refused', async () => {
    const before = await t.as(DEMO.netbarStaff);
    expect((await before.get('/api/v1/dead_stock', { days: 7 })).status).toBe(40003);
    await rows(
      t.database.db,
      sql`insert into grants (user_id, perm_id) select id, 238 from users where user_name = 'demo_netbar_staff'`,
    );
    const staff = await t.as(DEMO.netbarStaff);
    const r = await staff.get<Answer>('/api/v1/dead_stock', { days: 15, keyword: '滞销测试' });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.list.map((x) => x.item_id)).toEqual([never, stale]);
    expect(r.data.stores.map((x) => x.id)).toEqual([1]);
    expect((await staff.get('/api/v1/dead_stock', { days: 7, store_id: 2 })).msg).toBe(REPORT_MSG.store);
    const agent = await t.as(DEMO.agent);
    expect((await agent.get('/api/v1/dead_stock', { days: 7 })).status).toBe(40003);
  });

  it('refuses bad input in Chinese', async () => {
    for (const days of ['0', '367', 'abc', '1.5']) {
      const r = await c.get('/api/v1/dead_stock', { days });
      expect([r.status, r.msg]).toEqual([40000, DEAD_STOCK_DAYS_MSG]);
    }
    expect((await c.get('/api/v1/dead_stock', { page_size: 15 })).msg).toBe(REPORT_MSG.pageSize);
    expect((await c.get('/api/v1/dead_stock', { store_id: 'x' })).msg).toBe(REPORT_MSG.store);
    expect((await c.get('/api/v1/dead_stock', { store_id: 999999 })).msg).toBe(REPORT_MSG.store);
    expect((await c.get('/api/v1/dead_stock', { category_id: '-1' })).msg).toBe('商品分类参数错误');
    expect((await c.get('/api/v1/dead_stock_export', { days: 0 })).msg).toBe(DEAD_STOCK_DAYS_MSG);
  });
});
