import { type ComputerMachineRow, computerStatisticsQuery, fenToYuanNumber, PERM } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import { type Column, streamXlsx } from '../../lib/xlsx-stream.ts';
import { reportRoutes } from '../../tenant/index.ts';
import { computerStatistics } from './computer-stats.service.ts';

const pct = (v: number) => Math.round(v * 1000) / 10;

const MACHINE_COLUMNS: Column<ComputerMachineRow>[] = [
  { header: '门店', width: 18, value: (r) => r.store_name },
  { header: '区域', value: (r) => r.area_name },
  { header: '机器', value: (r) => r.name },
  { header: '当前状态', value: (r) => r.state },
  { header: '上机次数', value: (r) => r.sessions, sum: true },
  { header: '使用时长(分钟)', value: (r) => r.minutes, sum: true },
  { header: '平均每次(分钟)', value: (r) => r.avg_minutes },
  { header: '上网费(元)', value: (r) => fenToYuanNumber(r.fee_fen), sum: true },
  { header: '使用率(%)', value: (r) => pct(r.utilisation) },
  { header: '闲置', value: (r) => (r.idle ? '闲置' : '') },
];

/** 上机统计 (240): the dashboard and its machine table's export; the owner, or staff holding 240. */
export async function computerStatsRoutes(app: FastifyInstance) {
  reportRoutes(app, {
    path: 'computer_statistics',
    summary: '上机统计（实时在线、时段热力图、区域与机器使用率、上网费、新老会员）',
    exportSummary: '导出上机统计（按机器）',
    tags: ['上机统计'],
    perm: PERM.COMPUTER_STATISTICS,
    query: computerStatisticsQuery,
    read: computerStatistics,
    exported: async (db, s, q, reply, readDb) => {
      const d = await computerStatistics(db, s, q, readDb);
      return streamXlsx(reply, {
        filename: `上机统计-${q.start}至${q.end}.xlsx`,
        sheet: '上机统计',
        columns: MACHINE_COLUMNS,
        rows: d.machines,
        count: async () => d.machines.length,
        totalsRow: (w) => [
          '合计',
          '',
          `${w.rows}台`,
          '',
          w.sum(4),
          w.sum(5),
          d.summary.avg_minutes,
          w.sum(7),
          pct(d.summary.utilisation),
          `${d.summary.idle_machines}台闲置`,
        ],
      });
    },
  });
}
