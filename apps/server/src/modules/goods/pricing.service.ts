import {
  fromShanghai,
  type PlanSaveBody,
  type PromoSaveBody,
  priceBasket,
  type quoteBody,
  shanghaiClock,
} from '@netbar/contract';
import type { z } from 'zod';
import type { Conn } from '../../db/client.ts';
import { BadInputError, NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import {
  basketLines,
  listPlans,
  listPromos,
  savePlan,
  savePromo,
  scopeTargetsOwned,
} from './pricing.repo.ts';

/** Business rules of sales plans, promotions and the basket quote; `store` is the caller's store. */

/** The moment a basket is priced at: CST weekday and minute of day, and epoch ms (now by default). */
export function momentOf(local?: string) {
  const ms = local ? fromShanghai(local).getTime() : Date.now();
  if (Number.isNaN(ms)) throw new BadInputError('时间格式不正确');
  return { ...shanghaiClock(ms), ms };
}

async function checkTargets(
  db: Conn,
  store: TenantScope,
  v: { goods_ids: number[]; category_ids: number[] },
) {
  if (!(await scopeTargetsOwned(db, store, v.goods_ids, v.category_ids)))
    throw new NotFoundError('商品或分类不存在');
}

export async function savePlanChecked(db: Conn, store: TenantScope, v: PlanSaveBody): Promise<number> {
  await checkTargets(db, store, v);
  const id = await savePlan(db, store, v);
  if (!id) throw new NotFoundError('销售计划不存在');
  return id;
}

export async function savePromoChecked(db: Conn, store: TenantScope, v: PromoSaveBody): Promise<number> {
  await checkTargets(db, store, v);
  const id = await savePromo(db, store, v);
  if (!id) throw new NotFoundError('促销活动不存在');
  return id;
}

/** Prices a basket by the store's sales plans and promotions at a moment. */
export async function quoteBasket(db: Conn, store: TenantScope, body: z.infer<typeof quoteBody>) {
  const lines = await basketLines(db, store, body.lines);
  if (!lines.length) throw new NotFoundError('商品不存在');
  const at = momentOf(body.at);
  return priceBasket({
    lines,
    at,
    member: body.member === '1',
    plans: await listPlans(db, store),
    promotions: await listPromos(db, store),
  });
}
