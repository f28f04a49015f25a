import type { StockLocationValue } from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { BadInputError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { countedLines, insertCheckLines, setCounted } from './stock-check.repo.ts';
import { docByRequest, insertDoc, lockDoc, markDoc } from './stock-doc.repo.ts';
import type { Actor } from './stock-doc.service.ts';

/**
 * Count sheets while the shop keeps trading (decision 043): opening a count records, per item, the book
 * quantity and the ledger position; posting applies counted − book-at-opening, so every sale or
 * movement made during the count stays in the result.
 */

export async function openCheck(
  db: Db,
  s: TenantScope,
  actor: Actor,
  v: { location: StockLocationValue; remark?: string; request_id?: string },
) {
  if (v.request_id) {
    const prior = await docByRequest(db, s, v.request_id);
    if (prior) return prior;
  }
  try {
    return await insertCheck(db, s, actor, v);
  } catch (e) {
    // Two retries of the same request racing: the unique request_id lets one through; the other replays it.
    const prior = v.request_id && isUniqueViolation(e) ? await docByRequest(db, s, v.request_id) : undefined;
    if (prior) return prior;
    throw e;
  }
}

function insertCheck(
  db: Db,
  s: TenantScope,
  actor: Actor,
  v: { location: StockLocationValue; remark?: string; request_id?: string },
) {
  return db.transaction(async (tx) => {
    const doc = await insertDoc(tx, s, {
      doc_type: 'check',
      location: v.location,
      remark: v.remark,
      request_id: v.request_id,
      user: actor,
    });
    // Every stock-tracked item of the store: goods SKUs without a recipe, and materials.
    await insertCheckLines(tx, s, doc.id, v.location);
    return doc;
  });
}

export interface CountLine {
  line_id?: number;
  barcode?: string;
  counted_qty: number;
}

/** Enters counted quantities by line or by barcode; `add` sums parts counted separately. All or nothing. */
export async function enterCounts(
  db: Db,
  s: TenantScope,
  id: number,
  mode: 'set' | 'add',
  lines: CountLine[],
) {
  return db.transaction(async (tx) => {
    const doc = await lockDoc(tx, s, id);
    if (doc?.doc_type !== 'check') throw new NotFoundError('盘点单不存在');
    if (doc.status !== 'draft') throw new ConflictError('盘点单已审核，不能再修改数量');
    let n = 0;
    for (const l of lines) {
      if (!l.line_id && !l.barcode) throw new BadInputError('请选择盘点商品或输入条码');
      if (!(await setCounted(tx, id, l, mode)))
        throw new BadInputError(l.barcode ? `条码${l.barcode}不在本盘点单中` : '盘点明细不存在');
      n += 1;
    }
    return { count: n };
  });
}

export async function approveCheck(db: Db, s: TenantScope, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const doc = await lockDoc(tx, s, id);
    if (doc?.doc_type !== 'check') throw new NotFoundError('盘点单不存在');
    if (doc.status !== 'draft') throw new ConflictError('盘点单已审核');
    if (!(await countedLines(tx, id))) throw new BadInputError('请先录入盘点数量');
    await markDoc(tx, id, 'approved', actor);
    return { ...doc, status: 'approved' as const };
  });
}
