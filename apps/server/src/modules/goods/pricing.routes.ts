import { idParam, PERM, planSaveBody, promoSaveBody, quoteBody } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { deleteOwned } from './catalog.repo.ts';
import { listPlans, listPromos } from './pricing.repo.ts';
import { quoteBasket, savePlanChecked, savePromoChecked } from './pricing.service.ts';

const idBody = z.object({ id: idParam });

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
    async (req) => ok({ id: await savePlanChecked(db, storeScopeOf(req), req.body) }),
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
    async (req) => ok({ id: await savePromoChecked(db, storeScopeOf(req), req.body) }),
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
    async (req) => ok(await quoteBasket(db, storeScopeOf(req), req.body)),
  );
}
