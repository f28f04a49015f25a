import { PERM } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { orderCatalog } from './order-catalog.service.ts';

/**
 * 收银台's goods in one call (decision 141): the owner always, staff holding 购物订单 264 or 收银台 2640
 * (no goods, stock or member grant needed); agents 40003. No cost prices.
 */
export async function orderCatalogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db } = app.deps;

  r.get(
    '/order_catalog',
    {
      schema: {
        summary:
          '收银台商品目录（上架商品规格、吧台库存、分类、生效的销售计划与促销、负库存策略、会员扣款顺序；不含成本）',
        tags: ['订单管理'],
      },
      config: storeAccess(PERM.ORDER_LIST, PERM.CASHIER),
    },
    async (req) => ok(await orderCatalog(db, storeScopeOf(req))),
  );
}
