import type { LeaseItemQuery, LeaseItemRow, LeaseItemSaveBody, LeaseItemStockBody } from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { isUniqueViolation, orConflict } from '../../lib/unique-violation.ts';
import type { TenantScope } from '../../tenant/index.ts';
import {
  deleteItem,
  insertItem,
  itemById,
  itemLedger,
  listItems,
  stockByRequest,
  updateItem,
} from './lease-item.repo.ts';
import { lockItem, moveLeaseStock } from './lease-stock.ts';

/** Lease items: add and edit with their terms, 入库 and 报废 with a reason, delete when nothing is out. */

export type Actor = { id: number; name: string };
const nidOf = (s: TenantScope) => {
  if (!s.netbarId) throw new NotFoundError('门店不存在');
  return s.netbarId;
};

export const leaseItems = (db: Db, s: TenantScope, q: LeaseItemQuery) => listItems(db, nidOf(s), q);

export async function leaseItem(db: Db, s: TenantScope, id: number): Promise<LeaseItemRow> {
  const r = await itemById(db, nidOf(s), id);
  if (!r) throw new NotFoundError('租赁物品不存在');
  return r;
}

export async function saveLeaseItem(
  db: Db,
  s: TenantScope,
  actor: Actor,
  b: LeaseItemSaveBody,
): Promise<LeaseItemRow> {
  const nid = nidOf(s);
  const id = await orConflict(
    db.transaction(async (tx) => {
      if (b.id) {
        await lockItem(tx, nid, b.id);
        await updateItem(tx, nid, b.id, b);
        return b.id;
      }
      const newId = await insertItem(tx, nid, b);
      if (b.initial_qty)
        await moveLeaseStock(tx, nid, actor, {
          item_id: newId,
          kind: 'in',
          qty: b.initial_qty,
          reason: '新增物品初始数量',
          request_id: `lease-item-${newId}`,
        });
      return newId;
    }),
    '已有同名租赁物品',
  );
  return leaseItem(db, s, id);
}

export async function removeLeaseItem(db: Db, s: TenantScope, id: number): Promise<void> {
  const nid = nidOf(s);
  await db.transaction(async (tx) => {
    const item = await lockItem(tx, nid, id);
    if (item.qty_out > 0) throw new ConflictError(`${item.name}还有${item.qty_out}件在租，归还后才能删除`);
    await deleteItem(tx, nid, id);
  });
}

/** 入库 or 报废出库 with a reason, once per request_id (a retry answers the item as it is). */
export async function moveItemStock(
  db: Db,
  s: TenantScope,
  actor: Actor,
  b: LeaseItemStockBody,
): Promise<{ item: LeaseItemRow; replay: boolean }> {
  const nid = nidOf(s);
  const request = `lease-stock-${b.request_id}`;
  const prior = await stockByRequest(db, nid, request);
  if (prior) return { item: await leaseItem(db, s, prior.item_id), replay: true };
  try {
    await db.transaction((tx) =>
      moveLeaseStock(tx, nid, actor, {
        item_id: b.item_id,
        kind: b.kind,
        qty: b.qty,
        reason: b.reason,
        request_id: request,
      }),
    );
  } catch (e) {
    if (isUniqueViolation(e) && (await stockByRequest(db, nid, request)))
      return { item: await leaseItem(db, s, b.item_id), replay: true };
    throw e;
  }
  return { item: await leaseItem(db, s, b.item_id), replay: false };
}

export async function leaseItemLedger(
  db: Db,
  s: TenantScope,
  q: { item_id: number; page: number; page_size: number },
) {
  await leaseItem(db, s, q.item_id);
  return itemLedger(db, nidOf(s), q.item_id, q);
}
