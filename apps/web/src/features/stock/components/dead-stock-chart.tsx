import { type DeadStockRow, fenToYuanNumber } from '@netbar/contract';
import { useMemo } from 'react';
import { LazyEChart } from '../../../components/lazy-echart';

/** The page's goods by value tied up (元), the largest at the top: where the money sits. */
export function DeadStockChart({ rows }: { rows: DeadStockRow[] }) {
  const option = useMemo(() => {
    const top = rows.slice(0, 10).reverse();
    return {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 8, right: 48, top: 16, bottom: 24, containLabel: true },
      xAxis: { type: 'value', name: '元' },
      yAxis: { type: 'category', data: top.map((r) => r.name) },
      series: [
        {
          type: 'bar',
          name: '库存金额',
          data: top.map((r) => fenToYuanNumber(r.value_fen)),
          barMaxWidth: 20,
          label: { show: true, position: 'right' },
        },
      ],
    };
  }, [rows]);
  if (!rows.length) return null;
  return (
    <LazyEChart
      option={option}
      height={Math.max(160, Math.min(rows.length, 10) * 32 + 40)}
      label="滞销商品库存金额"
    />
  );
}
