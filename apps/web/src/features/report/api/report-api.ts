import type {
  OperateGroup,
  OperateStatistic,
  PrizeStatRow,
  PrizeStatTotals,
  SalesRankingAnswer,
} from '@netbar/contract';
import { downloadFile } from '../../../lib/download';
import { http } from '../../../lib/http';

/** The operating-report calls (one fetcher per call); keys in report-keys.ts, hooks in report-queries.ts. */

export interface OperateParams {
  start: string;
  end: string;
  group: OperateGroup;
  store_id?: number;
}
const clean = ({ store_id, ...p }: OperateParams) => (store_id ? { ...p, store_id } : p);

type Params = Record<string, unknown>;
const compact = (p: Params) =>
  Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== null && v !== ''));

export const reportApi = {
  operate: async (p: OperateParams) => (await http.get<OperateStatistic>('operate_statistic', clean(p))).data,
  exportOperate: (p: OperateParams) =>
    downloadFile('operate_statistic_export', clean(p), `经营统计-${p.start}至${p.end}.xlsx`),
  salesRanking: async (p: Params) => (await http.get<SalesRankingAnswer>('sales_ranking', compact(p))).data,
  exportSalesRanking: (p: Params) => downloadFile('sales_ranking_export', compact(p), '销售排行.xlsx'),
  prizeStatistics: async (p: Params) =>
    (await http.get<PrizeStatisticsAnswer>('prize_statistics', compact(p))).data,
  exportPrizeStatistics: (p: Params) => downloadFile('prize_statistics_export', compact(p), '奖品统计.xlsx'),
};

/** 奖品统计 (248, decision 178). */
export interface PrizeStatisticsAnswer {
  list: PrizeStatRow[];
  count: number;
  page: number;
  page_size: number;
  totals: PrizeStatTotals;
  stores: { id: number; name: string }[];
}
