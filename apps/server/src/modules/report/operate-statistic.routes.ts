import {
  fenToYuanNumber,
  OPERATE_GROUP_LABELS,
  type OperateRow,
  operateStatisticQuery,
  PERM,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import { type Column, streamXlsx } from '../../lib/xlsx-stream.ts';
import { reportRoutes } from '../../tenant/index.ts';
import { operateStatistic } from './operate-statistic.service.ts';

const yuan = (header: string, pick: (r: OperateRow) => number): Column<OperateRow> => ({
  header,
  value: (r) => fenToYuanNumber(pick(r)),
  sum: true,
});
const countOf = (header: string, pick: (r: OperateRow) => number): Column<OperateRow> => ({
  header,
  value: pick,
  sum: true,
});

export const OPERATE_COLUMNS: Column<OperateRow>[] = [
  { header: '周期', width: 24, value: (r) => r.label },
  yuan('上网费(元)', (r) => r.online_fen),
  yuan('商品销售(元)', (r) => r.goods_fen),
  yuan('包间桌台(元)', (r) => r.desk_fen),
  yuan('租赁(元)', (r) => r.lease_fen),
  yuan('营业收入(元)', (r) => r.revenue_fen),
  yuan('充值本金(元)', (r) => r.topup_fen),
  yuan('赠送奖励(元)', (r) => r.bonus_fen),
  yuan('退款(元)', (r) => r.refund_fen),
  yuan('现金净收(元)', (r) => r.cash_fen),
  yuan('扫码净收(元)', (r) => r.scan_fen),
  yuan('会员余额支付(元)', (r) => r.member_fen),
  yuan('实收净额(元)', (r) => r.net_cash_fen),
  countOf('订单数', (r) => r.orders),
  countOf('上机次数', (r) => r.sessions),
  yuan('历史导入收款(元)', (r) => r.imported_fen),
];

/** 经营统计 (241) and its export: the owner, or staff holding 241; the chain's stores for its head. */
export async function operateStatisticRoutes(app: FastifyInstance) {
  reportRoutes(app, {
    path: 'operate_statistic',
    summary: '经营统计（营业收入按来源、充值、赠送、退款、按支付方式实收；按日/周/月，环比上期）',
    exportSummary: '导出经营统计',
    tags: ['经营统计'],
    perm: PERM.OPERATE_STATISTIC,
    query: operateStatisticQuery,
    read: operateStatistic,
    exported: async (db, s, q, reply, readDb) => {
      const res = await operateStatistic(db, s, q, readDb);
      const scope = res.stores.length === 1 ? (res.stores[0]?.name ?? '') : '全部门店';
      return streamXlsx(reply, {
        filename: `经营统计-${scope}-${q.start}至${q.end}-${OPERATE_GROUP_LABELS[q.group]}.xlsx`,
        sheet: '经营统计',
        columns: OPERATE_COLUMNS,
        rows: res.rows,
        count: async () => res.rows.length,
      });
    },
  });
}
