import type { StockLocationValue } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.ts';
import { BadInputError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import { docByRequest, insertDoc, lockDoc, markDoc } from './stock-doc.repo.ts';
import type { Actor } from './stock-doc.service.ts';

/**
 * Count sheets while the shop keeps trading (decision 043): opening a count records, per item, the book
 * quantity and the ledger position; posting applies counted − book-at-opening, so every sale or
 * movement made during the count stays in the result.
 */

export async function openCheck(
  db: Db,
  nid: number,
  actor: Actor,
  v: { location: StockLocationValue; remark?: string; request_id?: string },
) {
  if (v.request_id) {
    const prior = await docByRequest(db, nid, v.request_id);
    if (prior) return prior;
  }
  try {
    return await insertCheck(db, nid, actor, v);
  } catch (e) {
    // Two retries of the same request racing: the unique request_id lets one through; the other replays it.
    const prior =
      v.request_id && isUniqueViolation(e) ? await docByRequest(db, nid, v.request_id) : undefined;
    if (prior) return prior;
    throw e;
  }
}

function insertCheck(
  db: Db,
  nid: number,
  actor: Actor,
  v: { location: StockLocationValue; remark?: string; request_id?: string },
) {
  return db.transaction(async (tx) => {
    const doc = await insertDoc(tx, nid, {
      doc_type: 'check',
      location: v.location,
      remark: v.remark,
      request_id: v.request_id,
      user: actor,
    });
    // Every stock-tracked item of the store: goods SKUs without a recipe, and materials.
    await rows(
      tx,
      sql`insert into stock_doc_lines (doc_id, item_kind, item_id, qty, cost_fen, book_qty, book_ledger_id)
          select ${doc.id}, i.kind, i.id, 0,
                 case when coalesce(s.qty, 0) > 0 then round(s.value_fen::numeric / s.qty)::float8 else i.cost_fen end,
                 coalesce(s.qty, 0), coalesce(s.last_ledger_id, 0)
          from (select 'goods' as kind, k.id, k.cost_fen from goods_skus k join goods g on g.id = k.goods_id
                 where k.netbar_id = ${nid} and g.track_stock and not exists (select 1 from goods_recipes r where r.goods_id = g.id)
                union all select 'mater', m.id, m.cost_fen from goods_maters m where m.netbar_id = ${nid}) i
          left join stock_levels s on s.netbar_id = ${nid} and s.item_kind = i.kind and s.item_id = i.id and s.location = ${v.location}
          order by i.kind, i.id`,
    );
    return doc;
  });
}

export interface CountLine {
  line_id?: number;
  barcode?: string;
  counted_qty: number;
}

/** Enters counted quantities by line or by barcode; `add` sums parts counted separately. All or nothing. */
export async function enterCounts(db: Db, nid: number, id: number, mode: 'set' | 'add', lines: CountLine[]) {
  return db.transaction(async (tx) => {
    const doc = await lockDoc(tx, nid, id);
    if (doc?.doc_type !== 'check') throw new NotFoundError('盘点单不存在');
    if (doc.status !== 'draft') throw new ConflictError('盘点单已审核，不能再修改数量');
    let n = 0;
    for (const l of lines) {
      const target = l.line_id
        ? sql`id = ${l.line_id}`
        : l.barcode
          ? sql`id = (select sl.id from stock_doc_lines sl where sl.doc_id = ${id} and (
              (sl.item_kind = 'goods' and exists (select 1 from goods_skus k where k.id = sl.item_id and k.barcode = ${l.barcode}))
              or (sl.item_kind = 'mater' and exists (select 1 from goods_maters m where m.id = sl.item_id and m.barcode = ${l.barcode}))) limit 1)`
          : undefined;
      if (!target) throw new BadInputError('请选择盘点商品或输入条码');
      const set = mode === 'add' ? sql`coalesce(counted_qty, 0) + ${l.counted_qty}` : sql`${l.counted_qty}`;
      const r = await rows<{ id: number }>(
        tx,
        sql`update stock_doc_lines set counted_qty = ${set} where doc_id = ${id} and ${target} returning id`,
      );
      if (!r.length) throw new BadInputError(l.barcode ? `条码${l.barcode}不在本盘点单中` : '盘点明细不存在');
      n += 1;
    }
    return { count: n };
  });
}

export async function approveCheck(db: Db, nid: number, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const doc = await lockDoc(tx, nid, id);
    if (doc?.doc_type !== 'check') throw new NotFoundError('盘点单不存在');
    if (doc.status !== 'draft') throw new ConflictError('盘点单已审核');
    const counted = await rows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from stock_doc_lines where doc_id = ${id} and counted_qty is not null`,
    );
    if (!counted[0]?.n) throw new BadInputError('请先录入盘点数量');
    await markDoc(tx, id, 'approved', actor);
    return { ...doc, status: 'approved' as const };
  });
}
