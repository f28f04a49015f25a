import {
  fenToYuanNumber,
  PERM,
  SALES_RANK_BY_LABELS,
  type SalesRankingQuery,
  type SalesRankRow,
  salesRankingQuery,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { pager } from '../../lib/paging.ts';
import { type Column, streamXlsx } from '../../lib/xlsx-stream.ts';
import { reportChoice, reportRoutes, type TenantScope } from '../../tenant/index.ts';
import { refreshedReader } from './report-rollup.repo.ts';
import { salesRanking } from './sales-ranking.repo.ts';

const COLUMNS: Column<SalesRankRow>[] = [
  { header: '排名', value: (r) => r.rank },
  { header: '商品', width: 28, value: (r) => r.name },
  { header: '分类', value: (r) => r.category_name },
  { header: '销量', value: (r) => r.qty, sum: true },
  { header: '销售额(元)', value: (r) => fenToYuanNumber(r.revenue_fen), sum: true },
  { header: '成本(元)', value: (r) => fenToYuanNumber(r.cost_fen), sum: true },
  { header: '毛利(元)', value: (r) => fenToYuanNumber(r.profit_fen), sum: true },
];

/**
 * The caller's stores for 销售排行 (store_id picks one), their dirty days of the period recomputed first,
 * and where to read the rollups (the replica unless a day was just recomputed, decision 201).
 */
async function rankedStores(db: Db, readDb: Db, s: TenantScope, q: SalesRankingQuery) {
  const picked = await reportChoice(db, s, q.store_id);
  const from = await refreshedReader(
    db,
    readDb,
    picked.stores.map((x) => x.id),
    q.start,
    q.end,
  );
  return { ...picked, from };
}

/** 销售排行 (237) and its export: the owner, or staff holding 237; a chain head's chain. */
export async function salesRankingRoutes(app: FastifyInstance) {
  reportRoutes(app, {
    path: 'sales_ranking',
    summary: '销售排行（销量、销售额、毛利；按分类、来源）',
    exportSummary: '导出销售排行',
    tags: ['销售排行'],
    perm: PERM.SALES_RANKING,
    query: salesRankingQuery,
    read: async (db, s, q, readDb) => {
      const { choices, stores, from } = await rankedStores(db, readDb, s, q);
      const res = await salesRanking(from, stores, q);
      return {
        ...pager(q, res),
        totals: res.totals,
        by_category: res.by_category,
        by_source: res.by_source,
        stores: choices,
      };
    },
    exported: async (db, s, q, reply, readDb) => {
      const { stores, from } = await rankedStores(db, readDb, s, q);
      const res = await salesRanking(from, stores, q, true);
      return streamXlsx(reply, {
        filename: `销售排行-${SALES_RANK_BY_LABELS[q.rank_by ?? 'qty']}-${q.start}至${q.end}.xlsx`,
        sheet: '销售排行',
        columns: COLUMNS,
        rows: res.list,
        count: async () => res.list.length,
      });
    },
  });
}
