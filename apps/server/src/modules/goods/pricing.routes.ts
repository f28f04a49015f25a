import {
  fromShanghai,
  idParam,
  PERM,
  planSaveBody,
  priceBasket,
  promoSaveBody,
  quoteBody,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BadInputError, NotFoundError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { deleteOwned } from './catalog.repo.ts';
import {
  basketLines,
  listPlans,
  listPromos,
  savePlan,
  savePromo,
  scopeTargetsOwned,
} from './pricing.repo.ts';

const idBody = z.object({ id: idParam });

/** The wall-clock moment in China Standard Time: weekday, minute of day and epoch ms. */
export function momentOf(local?: string) {
  const ms = local ? fromShanghai(local).getTime() : Date.now();
  const d = new Date(ms + 8 * 3600_000);
  return { weekday: d.getUTCDay(), minute: d.getUTCHours() * 60 + d.getUTCMinutes(), ms };
}

/** Sales plans (213), promotions (202) and the basket price quote. */
export async function pricingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db } = app.deps;
  const plans = storeAccess(PERM.GOODS_SALES_PLAN);
  const promos = storeAccess(PERM.GOODS_PROMOTION);

  r.get(
    '/goods_sales_plan_list',
    { schema: { summary: '销售计划列表', tags: ['销售计划'] }, config: plans },
    async (req) => {
      const list = await listPlans(db, storeScopeOf(req));
      return ok({ list, page: 1, page_size: list.length, count: list.length });
    },
  );

  r.post(
    '/goods_sales_plan_save',
    {
      schema: { summary: '保存销售计划（新增或编辑）', tags: ['销售计划'], body: planSaveBody },
      config: plans,
    },
    async (req) => {
      const store = storeScopeOf(req);
      if (!(await scopeTargetsOwned(db, store, req.body.goods_ids, req.body.category_ids)))
        throw new NotFoundError('商品或分类不存在');
      const id = await savePlan(db, store, req.body);
      if (!id) throw new NotFoundError('销售计划不存在');
      return ok({ id });
    },
  );

  r.post(
    '/goods_sales_plan_delete',
    { schema: { summary: '删除销售计划', tags: ['销售计划'], body: idBody }, config: plans },
    async (req) => {
      if (!(await deleteOwned(db, 'goods_sales_plans', storeScopeOf(req), req.body.id)))
        throw new NotFoundError('销售计划不存在');
      return ok(null);
    },
  );

  r.get(
    '/commodity_promotion_list',
    { schema: { summary: '商品促销列表', tags: ['商品促销'] }, config: promos },
    async (req) => {
      const list = await listPromos(db, storeScopeOf(req));
      return ok({ list, page: 1, page_size: list.length, count: list.length });
    },
  );

  r.post(
    '/commodity_promotion_save',
    {
      schema: { summary: '保存商品促销（新增或编辑）', tags: ['商品促销'], body: promoSaveBody },
      config: promos,
    },
    async (req) => {
      const store = storeScopeOf(req);
      if (!(await scopeTargetsOwned(db, store, req.body.goods_ids, req.body.category_ids)))
        throw new NotFoundError('商品或分类不存在');
      const id = await savePromo(db, store, req.body);
      if (!id) throw new NotFoundError('促销活动不存在');
      return ok({ id });
    },
  );

  r.post(
    '/commodity_promotion_delete',
    { schema: { summary: '删除商品促销', tags: ['商品促销'], body: idBody }, config: promos },
    async (req) => {
      if (!(await deleteOwned(db, 'goods_promotions', storeScopeOf(req), req.body.id)))
        throw new NotFoundError('促销活动不存在');
      return ok(null);
    },
  );

  r.post(
    '/goods_price_quote',
    {
      schema: { summary: '计算购物车价格（按销售计划与促销）', tags: ['商品促销'], body: quoteBody },
      config: { ...storeAccess(PERM.GOODS_PROMOTION, PERM.GOODS_SALES_PLAN, PERM.GOODS_LIST), oplog: false },
    },
    async (req) => {
      const store = storeScopeOf(req);
      const lines = await basketLines(db, store, req.body.lines);
      if (!lines.length) throw new NotFoundError('商品不存在');
      const at = momentOf(req.body.at);
      if (Number.isNaN(at.ms)) throw new BadInputError('时间格式不正确');
      return ok(
        priceBasket({
          lines,
          at,
          member: req.body.member === '1',
          plans: await listPlans(db, store),
          promotions: await listPromos(db, store),
        }),
      );
    },
  );
}
