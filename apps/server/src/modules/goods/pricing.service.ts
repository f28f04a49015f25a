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
import { memberPriceOf } from '../member/index.ts';
import { pricingOf, savePlan, savePromo, scopeTargetsOwned } from './pricing.repo.ts';

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

/**
 * Prices a basket by the store's sales plans and promotions at a moment: for a member (`member_id`) at
 * 会员价 only when its level has 享受会员价, as the order prices it; else as `member` says.
 */
export async function quoteBasket(db: Conn, store: TenantScope, body: z.infer<typeof quoteBody>) {
  const member = body.member_id ? await memberPriceOf(db, store, body.member_id) : body.member === '1';
  if (member === null) throw new NotFoundError('会员不存在');
  // the SKUs, plans and promotions in one statement (decision 139): the 收银台 asks on every scan
  const { skus, plans, promotions } = await pricingOf(db, store, [
    ...new Set(body.lines.map((l) => l.sku_id)),
  ]);
  const byId = new Map(skus.map((k) => [k.sku_id, k]));
  if (body.lines.some((l) => !byId.has(l.sku_id))) throw new NotFoundError('商品不存在');
  const lines = body.lines.map((l) => {
    const { sku_id, goods_id, category_id, price_fen, member_price_fen } = byId.get(l.sku_id)!;
    return { sku_id, goods_id, category_id, price_fen, member_price_fen, qty: l.qty };
  });
  return priceBasket({ lines, at: momentOf(body.at), member, plans, promotions });
}
