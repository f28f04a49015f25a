import { type DocSaveBody, STOCK_DOC_INFO, type StockDocTypeValue } from '@netbar/contract';
import type { Conn, Db } from '../../db/client.ts';
import { BadInputError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { recordMovedSinceCount } from './stock-check.repo.ts';
import {
  type DocHead,
  deleteDraft,
  docByRequest,
  docLines,
  insertDoc,
  lockDoc,
  markDoc,
  replaceLines,
  setDocHead,
} from './stock-doc.repo.ts';
import {
  applyMove,
  applyMoves,
  itemInfos,
  itemKey,
  lockLevels,
  type Move,
  negativePolicyOf,
  requireItems,
} from './stock-move.ts';

/** Stock documents: draft → posted (a count: draft → approved → posted). Posting is all lines or none. */

export type Actor = { id: number; name: string };
export interface PostResult {
  doc: DocHead;
  /** true: the document had been posted before; nothing changed now. */
  replay: boolean;
  warnings: string[];
}

async function checkLines(db: Conn, s: TenantScope, type: StockDocTypeValue, lines: DocSaveBody['lines']) {
  const nid = s.netbarId;
  const kind = STOCK_DOC_INFO[type].itemKind;
  if (lines.some((l) => l.item_kind !== kind))
    throw new BadInputError(kind === 'goods' ? '商品单据只能包含商品' : '原料单据只能包含原料');
  const keys = new Set(lines.map((l) => itemKey(l.item_kind, l.item_id)));
  if (keys.size !== lines.length) throw new BadInputError('单据明细中有重复的商品或原料');
  const infos = await itemInfos(db, nid, lines);
  requireItems(infos, lines);
  for (const i of infos.values()) {
    if (i.has_recipe) throw new BadInputError(`「${i.name}」按配方扣减原料，不单独管理库存`);
    if (!i.track_stock) throw new BadInputError(`「${i.name}」未开启库存管理`);
  }
  return lines.map((l) => ({
    item_kind: l.item_kind,
    item_id: l.item_id,
    qty: l.qty,
    cost_fen: l.cost_fen ?? infos.get(itemKey(l.item_kind, l.item_id))!.cost_fen,
  }));
}

/** Saves a draft (new, or an edit of a draft) and, with post = '1', posts it in the same transaction. */
export async function saveDoc(db: Db, s: TenantScope, actor: Actor, v: DocSaveBody): Promise<PostResult> {
  if (v.request_id && !v.id) {
    const prior = await docByRequest(db, s, v.request_id);
    if (prior) return { doc: prior, replay: true, warnings: [] };
  }
  const lines = await checkLines(db, s, v.doc_type, v.lines);
  try {
    return await db.transaction(async (tx) => {
      let doc: DocHead;
      if (v.id) {
        const found = await lockDoc(tx, s, v.id);
        if (!found) throw new NotFoundError('单据不存在');
        if (found.status !== 'draft') throw new ConflictError('单据已过账，不能修改');
        if (found.doc_type !== v.doc_type) throw new BadInputError('单据类型不能修改');
        await setDocHead(tx, found.id, v.remark ?? '');
        doc = found;
      } else {
        doc = await insertDoc(tx, s, {
          doc_type: v.doc_type,
          remark: v.remark,
          request_id: v.request_id,
          user: actor,
        });
      }
      await replaceLines(tx, doc.id, lines);
      if (v.post !== '1') return { doc, replay: false, warnings: [] };
      return postLocked(tx, s, actor, doc);
    });
  } catch (e) {
    // Two retries of the same request racing: the unique request_id lets one through; the other replays it.
    const prior = v.request_id && !v.id && (await docByRequest(db, s, v.request_id));
    if (prior && /duplicate|unique/i.test(String((e as { cause?: unknown }).cause ?? e)))
      return { doc: prior, replay: true, warnings: [] };
    throw e;
  }
}

export async function postDoc(db: Db, s: TenantScope, actor: Actor, id: number): Promise<PostResult> {
  return db.transaction(async (tx) => {
    const doc = await lockDoc(tx, s, id);
    if (!doc) throw new NotFoundError('单据不存在');
    return postLocked(tx, s, actor, doc);
  });
}

async function postLocked(tx: Conn, s: TenantScope, actor: Actor, doc: DocHead): Promise<PostResult> {
  const nid = s.netbarId;
  if (doc.status === 'posted') return { doc, replay: true, warnings: [] };
  const lines = await docLines(tx, doc.id);
  const infos = await itemInfos(tx, nid, lines);
  requireItems(infos, lines);
  const moves: Move[] = [];
  const ref = {
    nid,
    refType: doc.doc_type,
    refNo: doc.doc_no,
    docId: doc.id,
    user: actor,
    policy: await negativePolicyOf(tx, nid),
  };
  if (doc.doc_type === 'check') {
    if (doc.status !== 'approved') throw new BadInputError('盘点单须审核后才能过账');
    const loc = doc.location ?? 'warehouse';
    for (const l of lines) {
      if (l.counted_qty === null) continue;
      // Movements after the count opened are already in the level: only the difference at opening is applied.
      await recordMovedSinceCount(tx, s, loc, l);
      const diff = Number(l.counted_qty) - Number(l.book_qty ?? 0);
      if (diff !== 0)
        moves.push({ item: infos.get(itemKey(l.item_kind, l.item_id))!, location: loc, delta: diff });
    }
    await applyMoves(tx, moves, { ...ref, policy: 'allow' });
    await markDoc(tx, doc.id, 'posted', actor);
    return { doc: { ...doc, status: 'posted' }, replay: false, warnings: [] };
  }
  const info = STOCK_DOC_INFO[doc.doc_type];
  const sorted = [...lines].sort((a, b) => a.item_id - b.item_id);
  const warnings: string[] = [];
  const locs = [info.from, info.to].filter((x): x is NonNullable<typeof x> => !!x);
  await lockLevels(
    tx,
    nid,
    sorted.flatMap((l) =>
      locs.map((location) => ({ item: infos.get(itemKey(l.item_kind, l.item_id))!, location })),
    ),
  );
  for (const l of sorted) {
    const item = infos.get(itemKey(l.item_kind, l.item_id))!;
    const qty = Number(l.qty);
    if (info.from && info.to) {
      // A transfer carries its book value from one location to the other.
      const out = await applyMove(tx, { item, location: info.from, delta: -qty }, ref);
      if (out.warning) warnings.push(out.warning);
      await applyMove(tx, { item, location: info.to, delta: qty, value: -out.value }, ref);
    } else if (info.to) {
      warnings.push(
        ...(await applyMoves(tx, [{ item, location: info.to, delta: qty, unitCost: l.cost_fen }], ref)),
      );
    } else if (info.from) {
      warnings.push(...(await applyMoves(tx, [{ item, location: info.from, delta: -qty }], ref)));
    }
  }
  await markDoc(tx, doc.id, 'posted', actor);
  return { doc: { ...doc, status: 'posted' }, replay: false, warnings };
}

/** Deletes a draft document of the scope's store; false when it is no longer a draft. */
export async function removeDraft(db: Db, s: TenantScope, id: number): Promise<boolean> {
  return db.transaction((tx) => deleteDraft(tx, s, id));
}
