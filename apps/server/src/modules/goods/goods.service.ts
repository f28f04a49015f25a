import type { GoodsSaveBody, GroupSaveBody } from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { BadInputError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { orConflict } from '../../lib/unique-violation.ts';
import type { TenantScope } from '../../tenant/index.ts';
import {
  deleteOwned,
  findVisibleCategory,
  hasStockOrHistory,
  nameTaken,
  sortCategories,
} from './catalog.repo.ts';
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

/** Business rules of goods and groups; `store` is always the caller's current store. */

export async function checkGoods(db: Db, store: TenantScope, v: GoodsSaveBody): Promise<void> {
  if (v.id && !(await findGoods(db, store, v.id))) throw new NotFoundError('商品不存在');
  if (!(await findVisibleCategory(db, store, v.category_id))) throw new NotFoundError('商品分类不存在');
  if (await nameTaken(db, 'goods', store, v.name, v.id))
    throw new ConflictError(`商品名称「${v.name}」已存在`);
  for (const s of v.skus) {
    if (s.member_price_fen > s.price_fen) throw new BadInputError('会员价不能高于售价');
  }
  const codes = v.skus.map((s) => s.barcode).filter((b): b is string => !!b);
  if (new Set(codes).size !== codes.length) throw new BadInputError('同一商品的规格条码不能重复');
  for (const code of codes) {
    const owner = await barcodeOwner(db, store, code, v.id ?? 0);
    if (owner) throw new ConflictError(`条码${code}已被「${owner}」使用`);
  }
  const maters = v.recipe.map((r) => r.mater_id);
  if ((await materIdsOwned(db, store, maters)) !== maters.length) throw new NotFoundError('原料不存在');
}

export async function saveGoods(db: Db, store: TenantScope, v: GoodsSaveBody): Promise<{ id: number }> {
  await checkGoods(db, store, v);
  const work = db.transaction(async (tx) => {
    const { id, removed } = await writeGoods(tx, store, v);
    if (removed.length && (await hasStockOrHistory(tx, store, 'goods', removed))) {
      throw new ConflictError('被删除的规格有库存或出入库记录，不能删除');
    }
    if (await skusInGroups(tx, removed))
      throw new ConflictError('被删除的规格已加入商品组合，请先从组合中移除');
    return { id };
  });
  return orConflict(work, `商品名称「${v.name}」已存在`);
}

export async function removeGoods(db: Db, store: TenantScope, id: number): Promise<void> {
  if (!(await findGoods(db, store, id))) throw new NotFoundError('商品不存在');
  const skus = (await skuIdsOfGoods(db, store, [id])).map((s) => s.id);
  if (await hasStockOrHistory(db, store, 'goods', skus))
    throw new ConflictError('该商品有库存或出入库记录，不能删除，请改为下架');
  if (await skusInGroups(db, skus)) throw new ConflictError('该商品已加入商品组合，请先从组合中移除');
  await db.transaction(async (tx) => {
    await deleteGoods(tx, store, id);
  });
}

export async function saveGroup(db: Db, store: TenantScope, v: GroupSaveBody): Promise<{ id: number }> {
  if (await nameTaken(db, 'goods_groups', store, v.name, v.id))
    throw new ConflictError(`组合名称「${v.name}」已存在`);
  const ids = v.items.map((i) => i.sku_id);
  if ((await skusOwned(db, store, ids)) !== ids.length) throw new NotFoundError('商品不存在');
  const id = await orConflict(
    db.transaction((tx) => writeGroup(tx, store, v)),
    `组合名称「${v.name}」已存在`,
  );
  if (!id) throw new NotFoundError('商品组合不存在');
  return { id };
}

/**
 * Deletes a goods group; one already sold (an order line points at it, decision 142) stays, to be taken
 * off the shelf instead, as sold goods are.
 */
export async function removeGroup(db: Db, store: TenantScope, id: number): Promise<void> {
  let gone: boolean;
  try {
    gone = await deleteOwned(db, 'goods_groups', store, id);
  } catch (e) {
    const x = e as { code?: string; cause?: { code?: string } };
    if (x.code === '23503' || x.cause?.code === '23503')
      throw new ConflictError('该组合已有销售记录，不能删除，请改为下架');
    throw e;
  }
  if (!gone) throw new NotFoundError('商品组合不存在');
}

/** Puts goods on or off the shelf, all or none: an id outside the store refuses the whole batch. */
export async function shelveGoods(
  db: Db,
  store: TenantScope,
  ids: number[],
  status: number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const done = await setShelf(tx, store, ids, status);
    if (done !== new Set(ids).size) throw new NotFoundError('商品不存在');
    return done;
  });
}

/** Reorders the store's categories, all or none. */
export async function sortCategoryList(db: Db, store: TenantScope, ids: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const done = await sortCategories(tx, store, ids);
    if (done !== ids.length) throw new NotFoundError('商品分类不存在');
    return done;
  });
}
