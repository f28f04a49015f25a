import { REPORT_MSG, type SalesRankingAnswer } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { xlsxRows } from '../../test/kit.ts';
import { rawSale, rawStore } from '../../test/report-kit.ts';

/**
 * 销售排行 (237) over business days 2025-02-03 .. 2025-02-04 of the flagship (day start 08:00), before
 * any demo order: good A sells 3 + 1 (one refunded), good B 10 + 2 (the 2 at 07:00 on the 5th, still
 * the 4th's business day); a sale at 09:00 on the 5th is outside. Cost is half the price (the kit).
 */

let t: TestApp;
let c: Client;
const cst = (s: string) => Date.parse(`${s}+08:00`);
const P = { start: '2025-02-03', end: '2025-02-04' };
let nameA = '';
let nameB = '';

beforeAll(async () => {
  t = await createTestApp();
  c = await t.as(DEMO.netbar);
  const db = t.database.db;
  const a = await rawStore(db, 1);
  const [k] = await rows<{ id: number; goods_id: number }>(
    db,
    sql`select k.id, k.goods_id from goods_skus k where k.netbar_id = 1 and k.goods_id <> ${a.goodsId} order by k.id limit 1`,
  );
  const b = { ...a, skuId: k!.id, goodsId: k!.goods_id };
  const names = await rows<{ id: number; name: string }>(
    db,
    sql`select id, name from goods where id in (${a.goodsId}, ${b.goodsId})`,
  );
  nameA = names.find((x) => x.id === a.goodsId)!.name;
  nameB = names.find((x) => x.id === b.goodsId)!.name;
  const first = await rawSale(db, a, cst('2025-02-03T10:00:00.000'), 3, 500); // even ms: counter
  await rawSale(db, a, cst('2025-02-04T12:00:00.001'), 1, 500); // odd ms: seat
  await rawSale(db, b, cst('2025-02-04T09:00:00.000'), 10, 100);
  await rawSale(db, b, cst('2025-02-05T07:00:00.000'), 2, 100);
  await rawSale(db, b, cst('2025-02-05T09:00:00.000'), 100, 100);
  await rows(db, sql`update order_lines set refunded_qty = 1, refunded_fen = 500 where order_id = ${first}`);
});
afterAll(() => t.close());

const get = (who: Client, q: Record<string, unknown>) =>
  who.get<SalesRankingAnswer>('/api/v1/sales_ranking', q);
const brief = (a: SalesRankingAnswer) =>
  a.list.map((r) => [r.rank, r.name, r.qty, r.revenue_fen, r.cost_fen, r.profit_fen]);

describe('sales ranking (237)', () => {
  it('ranks by quantity, revenue or gross profit, net of refunds, by business day', async () => {
    const q = await get(c, { ...P, store_id: 1 });
    expect(q.status, q.msg).toBe(200);
    expect(brief(q.data)).toEqual([
      [1, nameB, 12, 1200, 600, 600],
      [2, nameA, 3, 1500, 750, 750],
    ]);
    expect(q.data.totals).toEqual({ qty: 15, revenue_fen: 2700, cost_fen: 1350, profit_fen: 1350 });
    const rev = await get(c, { ...P, rank_by: 'revenue' });
    expect(rev.data.list.map((r) => r.name)).toEqual([nameA, nameB]);
    const profit = await get(c, { ...P, rank_by: 'profit' });
    expect(profit.data.list.map((r) => r.name)).toEqual([nameA, nameB]);
  });

  it('splits by source and by category, and filters by source', async () => {
    const q = await get(c, P);
    const by = Object.fromEntries(q.data.by_source.map((s) => [s.source, [s.qty, s.revenue_fen]]));
    expect(by).toEqual({ counter: [14, 2200], seat: [1, 500] });
    expect(q.data.by_category.reduce((x, y) => x + y.revenue_fen, 0)).toBe(2700);
    const seat = await get(c, { ...P, source: 'seat' });
    expect(brief(seat.data)).toEqual([[1, nameA, 1, 500, 250, 250]]);
  });

  it('exports every row with a 合计 equal to the screen', async () => {
    const x = await xlsxRows(c, `/api/v1/sales_ranking_export?start=${P.start}&end=${P.end}&rank_by=profit`);
    expect(x.rows[0]).toEqual(['排名', '商品', '分类', '销量', '销售额(元)', '成本(元)', '毛利(元)']);
    expect(x.rows.length).toBe(4);
    const last = x.rows.at(-1)!;
    expect([last[0], ...last.slice(3)]).toEqual(['合计', 15, 27, 13.5, 13.5]);
  });

  it('a chain head reads its chain; another tenant and staff without 237 are refused', async () => {
    const chain = await get(c, P);
    expect(chain.data.stores.map((s) => s.id)).toEqual([1, 2, 3]);
    expect(chain.data.count).toBe(2);
    expect((await get(c, { ...P, store_id: 2 })).data.count).toBe(0);
    const other = await t.as(DEMO.netbar2);
    const theirs = await get(other, P);
    expect([theirs.status, theirs.data.count]).toEqual([200, 0]);
    expect((await get(other, { ...P, store_id: 1 })).msg).toBe(REPORT_MSG.store);
    expect((await get(await t.as(DEMO.netbarStaff), P)).status).toBe(40003);
    expect((await get(await t.as(DEMO.agent), P)).status).toBe(40003);
  });

  it('refuses bad input in Chinese', async () => {
    expect((await get(c, { ...P, rank_by: 'x' })).msg).toBe('排序方式不正确');
    expect((await get(c, { ...P, source: 'x' })).msg).toBe('订单来源不正确');
    expect((await get(c, { ...P, page_size: 15 })).msg).toBe(REPORT_MSG.pageSize);
    expect((await get(c, { start: P.end, end: P.start })).msg).toBe(REPORT_MSG.reversed);
    expect((await get(c, { start: '2024-01-01', end: '2025-02-04' })).msg).toBe(REPORT_MSG.tooLong);
  });
});
