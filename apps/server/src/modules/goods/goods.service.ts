import type { GoodsSaveBody, GroupSaveBody } from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { BadInputError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { orConflict } from '../../lib/unique-violation.ts';
import { findVisibleCategory, hasStockOrHistory, nameTaken, sortCategories } from './catalog.repo.ts';
import {
  barcodeOwner,
  deleteGoods,
  findGoods,
  materIdsOwned,
  setShelf,
  skuIdsOfGoods,
  skusInGroups,
  skusOwned,
  writeGoods,
  writeGroup,
} from './goods.repo.ts';

/** Business rules of goods and groups; `nid` is always the caller's current store. */

export async function checkGoods(db: Db, nid: number, v: GoodsSaveBody): Promise<void> {
  if (v.id && !(await findGoods(db, nid, v.id))) throw new NotFoundError('商品不存在');
  if (!(await findVisibleCategory(db, nid, v.category_id))) throw new NotFoundError('商品分类不存在');
  if (await nameTaken(db, 'goods', nid, v.name, v.id)) throw new ConflictError(`商品名称「${v.name}」已存在`);
  for (const s of v.skus) {
    if (s.member_price_fen > s.price_fen) throw new BadInputError('会员价不能高于售价');
  }
  const codes = v.skus.map((s) => s.barcode).filter((b): b is string => !!b);
  if (new Set(codes).size !== codes.length) throw new BadInputError('同一商品的规格条码不能重复');
  for (const code of codes) {
    const owner = await barcodeOwner(db, nid, code, v.id ?? 0);
    if (owner) throw new ConflictError(`条码${code}已被「${owner}」使用`);
  }
  const maters = v.recipe.map((r) => r.mater_id);
  if ((await materIdsOwned(db, nid, maters)) !== maters.length) throw new NotFoundError('原料不存在');
}

export async function saveGoods(db: Db, nid: number, v: GoodsSaveBody): Promise<{ id: number }> {
  await checkGoods(db, nid, v);
  const work = db.transaction(async (tx) => {
    const { id, removed } = await writeGoods(tx, nid, v);
    if (removed.length && (await hasStockOrHistory(tx, nid, 'goods', removed))) {
      throw new ConflictError('被删除的规格有库存或出入库记录，不能删除');
    }
    if (await skusInGroups(tx, removed))
      throw new ConflictError('被删除的规格已加入商品组合，请先从组合中移除');
    return { id };
  });
  return orConflict(work, `商品名称「${v.name}」已存在`);
}

export async function removeGoods(db: Db, nid: number, id: number): Promise<void> {
  if (!(await findGoods(db, nid, id))) throw new NotFoundError('商品不存在');
  const skus = (await skuIdsOfGoods(db, nid, [id])).map((s) => s.id);
  if (await hasStockOrHistory(db, nid, 'goods', skus))
    throw new ConflictError('该商品有库存或出入库记录，不能删除，请改为下架');
  if (await skusInGroups(db, skus)) throw new ConflictError('该商品已加入商品组合，请先从组合中移除');
  await db.transaction(async (tx) => {
    await deleteGoods(tx, nid, id);
  });
}

export async function saveGroup(db: Db, nid: number, v: GroupSaveBody): Promise<{ id: number }> {
  if (await nameTaken(db, 'goods_groups', nid, v.name, v.id))
    throw new ConflictError(`组合名称「${v.name}」已存在`);
  const ids = v.items.map((i) => i.sku_id);
  if ((await skusOwned(db, nid, ids)) !== ids.length) throw new NotFoundError('商品不存在');
  const id = await orConflict(
    db.transaction((tx) => writeGroup(tx, nid, v)),
    `组合名称「${v.name}」已存在`,
  );
  if (!id) throw new NotFoundError('商品组合不存在');
  return { id };
}

/** Puts goods on or off the shelf, all or none: an id outside the store refuses the whole batch. */
export async function shelveGoods(db: Db, nid: number, ids: number[], status: number): Promise<number> {
  return db.transaction(async (tx) => {
    const done = await setShelf(tx, nid, ids, status);
    if (done !== new Set(ids).size) throw new NotFoundError('商品不存在');
    return done;
  });
}

/** Reorders the store's categories, all or none. */
export async function sortCategoryList(db: Db, nid: number, ids: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const done = await sortCategories(tx, nid, ids);
    if (done !== ids.length) throw new NotFoundError('商品分类不存在');
    return done;
  });
}
