import {
  fenToYuanNumber,
  ORDER_SOURCE_LABELS,
  type OrderSource,
  type SalesRankingAnswer,
} from '@netbar/contract';
import { useMemo } from 'react';
import { LazyEChart } from '../../../components/lazy-echart';

/** The page's goods: revenue and gross profit (元) side by side, the first ranked at the top. */
export function RankingChart({ rows }: { rows: SalesRankingAnswer['list'] }) {
  const option = useMemo(() => {
    const top = rows.slice(0, 10).reverse();
    return {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { top: 0 },
      grid: { left: 8, right: 32, top: 32, bottom: 16, containLabel: true },
      xAxis: { type: 'value', name: '元' },
      yAxis: { type: 'category', data: top.map((r) => `${r.rank}. ${r.name}`) },
      series: [
        {
          type: 'bar',
          name: '销售额',
          data: top.map((r) => fenToYuanNumber(r.revenue_fen)),
          barMaxWidth: 14,
        },
        { type: 'bar', name: '毛利', data: top.map((r) => fenToYuanNumber(r.profit_fen)), barMaxWidth: 14 },
      ],
    };
  }, [rows]);
  return (
    <LazyEChart
      option={option}
      height={Math.max(200, Math.min(rows.length, 10) * 36 + 60)}
      label="销售排行图"
    />
  );
}

/** Revenue by category or by source (pie, 元). */
export function SharePie({
  title,
  parts,
}: {
  title: string;
  parts: { name: string; revenue_fen: number }[];
}) {
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'item', formatter: '{b}：{c} 元（{d}%）' },
      legend: { bottom: 0, type: 'scroll' },
      series: [
        {
          type: 'pie',
          name: title,
          radius: ['35%', '65%'],
          top: -24,
          label: { show: false },
          data: parts.map((p) => ({ name: p.name || '未分类', value: fenToYuanNumber(p.revenue_fen) })),
        },
      ],
    }),
    [title, parts],
  );
  return <LazyEChart option={option} height={260} label={title} />;
}

export const sourceLabel = (s: string) => ORDER_SOURCE_LABELS[s as OrderSource] ?? s;
