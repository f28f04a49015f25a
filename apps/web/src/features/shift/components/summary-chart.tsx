import type { ShiftSummaryChart } from '@netbar/contract';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

/** The period's takings per day, one stacked bar per payment method (元), as the server shaped them. */
export default function SummaryChart({ chart }: { chart: ShiftSummaryChart }) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current) return;
    const c = echarts.init(el.current);
    c.setOption({
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: chart.series.map((s) => s.name) },
      grid: { left: 64, right: 24, top: 48, bottom: 40 },
      xAxis: { type: 'category', data: chart.x },
      yAxis: { type: 'value', name: '金额（元）' },
      series: chart.series.map((s) => ({ ...s, barMaxWidth: 28 })),
    });
    const onResize = () => c.resize();
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      c.dispose();
    };
  }, [chart]);
  return <div ref={el} style={{ width: '100%', height: 320 }} role="img" aria-label="交班汇总图" />;
}
