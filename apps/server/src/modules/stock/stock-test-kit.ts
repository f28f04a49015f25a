import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rows } from '../../db/client.ts';
import type { Client, TestApp } from '../../test/harness.ts';

/** Helpers shared by the stock tests. */

let n = 0;
export const rid = () => `t${Date.now()}${++n}x`;

/** Every level equals the sum of its ledger, in quantity and in value. */
export async function expectLedgerMatches(t: TestApp) {
  const bad = await rows<{ item_kind: string; item_id: number }>(
    t.database.db,
    sql`select s.item_kind, s.item_id from stock_levels s
        left join (select netbar_id, item_kind, item_id, location, sum(delta) as q, sum(value_fen) as v from stock_ledger group by 1, 2, 3, 4) l
          using (netbar_id, item_kind, item_id, location)
        where s.qty <> coalesce(l.q, 0) or s.value_fen <> coalesce(l.v, 0)`,
  );
  expect(bad).toEqual([]);
}

export async function level(t: TestApp, kind: string, id: number, location: string): Promise<number> {
  const r = await rows<{ qty: string }>(
    t.database.db,
    sql`select qty from stock_levels where item_kind = ${kind} and item_id = ${id} and location = ${location}`,
  );
  return Number(r[0]?.qty ?? 0);
}

export async function count(t: TestApp, table: string): Promise<number> {
  return (
    await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${sql.identifier(table)}`)
  )[0]!.n;
}

/** Creates a category and a good with the given SKUs in the caller's store; returns the SKU ids. */
export async function makeGoods(
  c: Client,
  name: string,
  skus: { spec: string; cost_fen?: number; price_fen?: number }[] = [{ spec: '' }],
  extra: Record<string, unknown> = {},
) {
  const cat = await c.post<{ id: number }>('/api/v1/goods_class_save', { name: `分类${name}`.slice(0, 20) });
  expect(cat.status).toBe(200);
  const g = await c.request<{ id: number }>(
    'POST',
    '/api/v1/goods_save',
    {
      name,
      category_id: cat.data.id,
      unit: '瓶',
      skus: skus.map((s) => ({
        spec: s.spec,
        cost_fen: s.cost_fen ?? 100,
        price_fen: s.price_fen ?? 300,
        member_price_fen: s.price_fen ?? 300,
      })),
      ...extra,
    },
    { json: true },
  );
  expect(g.status, g.msg).toBe(200);
  const d = await c.get<{ skus: { id: number }[] }>('/api/v1/goods_detail', { id: g.data.id });
  return { goodsId: g.data.id, categoryId: cat.data.id, skuIds: d.data.skus.map((s) => s.id) };
}

export async function post(
  c: Client,
  doc_type: string,
  lines: { item_kind: string; item_id: number; qty: number; cost_fen?: number }[],
  extra: Record<string, unknown> = {},
) {
  return c.request<{ id: number; doc_no: string; status: string; warnings: string[] }>(
    'POST',
    '/api/v1/stock_doc_save',
    { doc_type, lines, post: '1', request_id: rid(), ...extra },
    { json: true },
  );
}
