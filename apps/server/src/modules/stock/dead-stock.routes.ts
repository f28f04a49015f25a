import { type DeadStockRow, deadStockQuery, fenToYuanNumber, PERM, shanghaiDate } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pager } from '../../lib/paging.ts';
import { ok } from '../../lib/reply.ts';
import { type Column, streamXlsx } from '../../lib/xlsx-stream.ts';
import { guardStore, pickStore, reportStores, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { deadStock } from './dead-stock.repo.ts';

const DEAD_STOCK_COLUMNS: Column<DeadStockRow>[] = [
  { header: '门店', width: 18, value: (r) => r.store_name },
  { header: '商品名称', width: 28, value: (r) => r.name },
  { header: '分类', value: (r) => r.category_name },
  { header: '单位', value: (r) => r.unit },
  { header: '库存数量', value: (r) => r.qty, sum: true },
  { header: '库存金额(元)', value: (r) => fenToYuanNumber(r.value_fen), sum: true },
  { header: '最后销售', width: 20, value: (r) => r.last_sale_at ?? '从未销售' },
  { header: '最后入库', width: 20, value: (r) => r.last_in_at ?? '' },
  { header: '滞销天数', value: (r) => r.idle_days ?? '' },
];

/** 滞销统计 (238) and its export: a store's or the chain's goods with stock and no sale in N days. */
export async function deadStockRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db, readDb } = app.deps;
  const access = storeAccess(PERM.DEAD_STOCK);

  r.get(
    '/dead_stock',
    {
      schema: { summary: '滞销统计（有库存、N天无销售）', tags: ['滞销统计'], querystring: deadStockQuery },
      config: access,
    },
    async (req) => {
      const stores = await reportStores(db, storeScopeOf(req));
      const res = await deadStock(db, pickStore(stores, req.query.store_id), req.query);
      return ok({ ...pager(req.query, res), totals: res.totals, stores });
    },
  );

  r.get(
    '/dead_stock_export',
    {
      compress: false,
      schema: { summary: '导出滞销统计', tags: ['滞销统计'], querystring: deadStockQuery },
      config: access,
    },
    async (req, reply) => {
      const stores = await reportStores(db, storeScopeOf(req), req.query.store_id);
      // the stores on the primary, the export from the replica (decision 201)
      const res = await deadStock(readDb, stores, req.query, true);
      return streamXlsx(reply, {
        filename: `滞销统计-${req.query.days}天-${shanghaiDate()}.xlsx`,
        sheet: '滞销统计',
        columns: DEAD_STOCK_COLUMNS,
        rows: res.list,
        count: async () => res.list.length,
      });
    },
  );
}
