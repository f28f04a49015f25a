import type { StockLocationValue } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import type { TenantScope } from '../../tenant/index.ts';

/** The SQL of count sheets (stock-check.service.ts). */

/** One line per stock-tracked item of the store, with its book quantity and ledger position at the location. */
export async function insertCheckLines(
  tx: Conn,
  s: TenantScope,
  docId: number,
  location: StockLocationValue,
) {
  const nid = s.netbarId;
  await rows(
    tx,
    sql`insert into stock_doc_lines (doc_id, item_kind, item_id, qty, cost_fen, book_qty, book_ledger_id)
        select ${docId}, i.kind, i.id, 0,
               case when coalesce(s.qty, 0) > 0 then round(s.value_fen::numeric / s.qty)::float8 else i.cost_fen end,
               coalesce(s.qty, 0), coalesce(s.last_ledger_id, 0)
        from (select 'goods' as kind, k.id, k.cost_fen from goods_skus k join goods g on g.id = k.goods_id
               where k.netbar_id = ${nid} and g.track_stock and not exists (select 1 from goods_recipes r where r.goods_id = g.id)
              union all select 'mater', m.id, m.cost_fen from goods_maters m where m.netbar_id = ${nid}) i
        left join stock_levels s on s.netbar_id = ${nid} and s.item_kind = i.kind and s.item_id = i.id and s.location = ${location}
        order by i.kind, i.id`,
  );
}

/** Sets (or adds to) the counted quantity of a line chosen by id or by barcode; false when none matches. */
export async function setCounted(
  tx: Conn,
  docId: number,
  line: { line_id?: number; barcode?: string; counted_qty: number },
  mode: 'set' | 'add',
): Promise<boolean> {
  const target = line.line_id
    ? sql`id = ${line.line_id}`
    : sql`id = (select sl.id from stock_doc_lines sl where sl.doc_id = ${docId} and (
        (sl.item_kind = 'goods' and exists (select 1 from goods_skus k where k.id = sl.item_id and k.barcode = ${line.barcode ?? ''}))
        or (sl.item_kind = 'mater' and exists (select 1 from goods_maters m where m.id = sl.item_id and m.barcode = ${line.barcode ?? ''}))) limit 1)`;
  const set = mode === 'add' ? sql`coalesce(counted_qty, 0) + ${line.counted_qty}` : sql`${line.counted_qty}`;
  const r = await rows<{ id: number }>(
    tx,
    sql`update stock_doc_lines set counted_qty = ${set} where doc_id = ${docId} and ${target} returning id`,
  );
  return r.length > 0;
}

export async function countedLines(tx: Conn, docId: number): Promise<number> {
  const r = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from stock_doc_lines where doc_id = ${docId} and counted_qty is not null`,
  );
  return r[0]?.n ?? 0;
}

/**
 * Posting a count: the movements of a line's item after the count opened (already in the level) are
 * stored as moved_qty, so only the difference at opening is applied.
 */
export async function recordMovedSinceCount(
  tx: Conn,
  s: TenantScope,
  location: string,
  l: { id: number; item_kind: string; item_id: number; book_ledger_id: number | string | null },
) {
  const nid = s.netbarId;
  const moved = await rows<{ n: string }>(
    tx,
    sql`select coalesce(sum(delta), 0) as n from stock_ledger where netbar_id = ${nid} and item_kind = ${l.item_kind} and item_id = ${l.item_id}
        and location = ${location} and id > ${l.book_ledger_id ?? 0}`,
  );
  await rows(tx, sql`update stock_doc_lines set moved_qty = ${Number(moved[0]!.n)} where id = ${l.id}`);
}
