import { fenToYuanNumber, type OperateRow } from '@netbar/contract';
import { useMemo } from 'react';
import { LazyEChart } from '../../../components/lazy-echart';

const SOURCES = [
  ['online_fen', '上网费'],
  ['goods_fen', '商品销售'],
  ['desk_fen', '包间桌台'],
  ['lease_fen', '租赁'],
] as const;

/** Revenue by source per day/week/month (stacked bars) with 充值本金 and 实收净额 as lines, in 元. */
export function OperateChart({ rows }: { rows: OperateRow[] }) {
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: rows.map((r) => r.label) },
      yAxis: { type: 'value', name: '元' },
      series: [
        ...SOURCES.map(([k, name]) => ({
          type: 'bar',
          stack: 'revenue',
          name,
          data: rows.map((r) => fenToYuanNumber(r[k])),
          barMaxWidth: 28,
        })),
        { type: 'line', name: '充值本金', data: rows.map((r) => fenToYuanNumber(r.topup_fen)) },
        { type: 'line', name: '实收净额', data: rows.map((r) => fenToYuanNumber(r.net_cash_fen)) },
      ],
    }),
    [rows],
  );
  if (!rows.length) return null;
  return <LazyEChart option={option} height={320} label="营业收入按来源" />;
}
