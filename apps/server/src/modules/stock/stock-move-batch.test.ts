import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { expectStockLedgerMatches, makeGoods } from '../../test/kit.ts';
import { applyMove, applyMovesTo, itemInfos, type Move, type MoveRef } from './stock-move.ts';

/**
 * Decision 139: applyMoves writes a batch in set-based statements. Its ledger rows (before/after, unit
 * cost, value) and levels must be exactly those of the same moves applied one by one with applyMove —
 * also with several moves on one level in the batch, new levels, an inflow valued by unit cost, an
 * outflow to zero and one below zero (policy allow).
 */

let t: TestApp;
let nid: number;
let a: number[];
let b: number[];
const user = { id: 1, name: '测试' };

beforeAll(async () => {
  t = await createTestApp();
  const c = await t.as(DEMO.netbar);
  a = (
    await makeGoods(c, '批量甲', [
      { spec: '一', cost_fen: 120 },
      { spec: '二', cost_fen: 80 },
    ])
  ).skuIds;
  b = (
    await makeGoods(c, '批量乙', [
      { spec: '一', cost_fen: 120 },
      { spec: '二', cost_fen: 80 },
    ])
  ).skuIds;
  nid = (
    await rows<{ netbar_id: number }>(
      t.database.db,
      sql`select netbar_id from goods_skus where id = ${a[0]!}`,
    )
  )[0]!.netbar_id;
});
afterAll(async () => {
  await expectStockLedgerMatches(t);
  await t.close();
});

/** The same story of moves for two SKUs (by index 0/1) of one good. */
function story(items: Move['item'][]): Move[] {
  const [x, y] = items as [Move['item'], Move['item']];
  return [
    { item: x, location: 'warehouse', delta: 10, unitCost: 103 },
    { item: y, location: 'counter', delta: 3 },
    { item: x, location: 'warehouse', delta: -3 },
    { item: x, location: 'counter', delta: 7, value: 700 },
    { item: x, location: 'warehouse', delta: 5, unitCost: 97 },
    { item: x, location: 'warehouse', delta: -12 },
    { item: y, location: 'counter', delta: -3 },
    { item: y, location: 'counter', delta: -2 },
  ];
}

const ledgerOf = (ids: number[]) =>
  rows<Record<string, string>>(
    t.database.db,
    sql`select item_id, location, delta, qty_before, qty_after, cost_fen, value_fen from stock_ledger
        where item_kind = 'goods' and item_id in (${ids[0]!}, ${ids[1]!}) order by id`,
  );
const levelsOf = (ids: number[]) =>
  rows<Record<string, string>>(
    t.database.db,
    sql`select item_id, location, qty, value_fen, (last_ledger_id = (select max(id) from stock_ledger g where g.netbar_id = l.netbar_id
          and g.item_kind = l.item_kind and g.item_id = l.item_id and g.location = l.location)) as last_ok
        from stock_levels l where item_kind = 'goods' and item_id in (${ids[0]!}, ${ids[1]!}) order by item_id, location`,
  );
const infosOf = async (ids: number[]) => {
  const m = await itemInfos(
    t.database.db,
    nid,
    ids.map((item_id) => ({ item_kind: 'goods' as const, item_id })),
  );
  return ids.map((id) => m.get(`goods:${id}`)!);
};

describe('applyMoves in one batch', () => {
  it('writes the same ledger rows and levels as applyMove one by one', async () => {
    const ref: MoveRef = { nid, refType: 'goods_in', refNo: 'B1', user, policy: 'allow' };
    const one = story(await infosOf(a));
    await t.database.db.transaction(async (tx) => {
      for (const m of one) await applyMove(tx, m, ref);
    });
    const batch = story(await infosOf(b));
    const res = await t.database.db.transaction((tx) => applyMovesTo(tx, batch, ref));
    const strip = (r: Record<string, string>[], ids: number[]): Record<string, string | number>[] =>
      r.map(({ item_id, ...x }) => ({ sku: ids.indexOf(Number(item_id)), ...x }));
    const [la, lb] = [strip(await ledgerOf(a), a), strip(await ledgerOf(b), b)];
    expect(lb).toHaveLength(one.length);
    expect(lb).toEqual(la);
    expect(strip(await levelsOf(b), b)).toEqual(strip(await levelsOf(a), a));
    expect((await levelsOf(b)).every((l) => l.last_ok)).toBe(true);
    // the figures answered are the rows written; the last outflow went below zero with a warning
    expect(res.map((r) => r.after)).toEqual(lb.map((r) => Number(r.qty_after)));
    expect(res.map((r) => r.value)).toEqual(lb.map((r) => Number(r.value_fen)));
    expect(res.filter((r) => r.warning).length).toBe(1);
  });

  it('refuses the whole batch when one move would go below zero under the refuse policy', async () => {
    const [x] = await infosOf(b);
    const before = await ledgerOf(b);
    const moves: Move[] = [
      { item: x!, location: 'warehouse', delta: 1, unitCost: 100 },
      { item: x!, location: 'counter', delta: -1000 },
    ];
    await expect(
      t.database.db.transaction((tx) =>
        applyMovesTo(tx, moves, { nid, refType: 'sale', refNo: 'B2', user, policy: 'refuse' }),
      ),
    ).rejects.toThrow(/库存不足/);
    expect(await ledgerOf(b)).toEqual(before);
  });
});
