import {
  fenToYuanNumber,
  type ImportedCollectionRow,
  importedCollectionQuery,
  PERM,
  shanghaiDate,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pager } from '../../lib/paging.ts';
import { ok } from '../../lib/reply.ts';
import { type Column, streamXlsx } from '../../lib/xlsx-stream.ts';
import { guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { exportCollections, listCollections } from './imported-collections.repo.ts';

const TAGS = ['从旧系统导入'];
/** Whoever sees the store's payment records (支付设置) or imports its data; the store's own records only. */
const READ = storeAccess(PERM.PAYMENT_SETTINGS, PERM.DATA_IMPORT);

const COLUMNS: Column<ImportedCollectionRow>[] = [
  { header: '来源', width: 10, value: (r) => r.source },
  { header: '原系统', width: 16, value: (r) => r.product_name },
  { header: '交易号', width: 28, value: (r) => r.trade_no },
  { header: '支付时间', width: 20, value: (r) => r.paid_at },
  { header: '支付方式', width: 12, value: (r) => r.method },
  { header: '付款人', width: 16, value: (r) => r.payer },
  { header: '金额（元）', width: 14, value: (r) => fenToYuanNumber(r.amount_fen), sum: true },
];

/** The 历史导入 tab of the payment records (decision 194): list with total, and its export. */
export async function importedCollectionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db } = app.deps;

  r.get(
    '/imported_collection_list',
    {
      schema: {
        summary: '历史导入的在线收款记录（只读，按支付日期筛选）',
        tags: TAGS,
        querystring: importedCollectionQuery,
      },
      config: READ,
    },
    async (req) => {
      const l = await listCollections(db, storeScopeOf(req), req.query);
      return ok({ ...pager(req.query, l), total_fen: l.total_fen });
    },
  );

  r.get(
    '/imported_collection_export',
    {
      compress: false,
      schema: { summary: '导出历史导入的在线收款记录', tags: TAGS, querystring: importedCollectionQuery },
      config: READ,
    },
    async (req, reply) => {
      const x = exportCollections(db, storeScopeOf(req), req.query);
      return streamXlsx(reply, {
        filename: `历史导入收款-${shanghaiDate()}.xlsx`,
        sheet: '历史导入',
        columns: COLUMNS,
        rows: x.all(),
        count: x.count,
      });
    },
  );
}
