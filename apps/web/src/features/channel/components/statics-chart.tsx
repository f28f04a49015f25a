import { fenToYuanNumber, type SubStaticsRow } from '@netbar/contract';
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

/** Netbars (left axis) and spending in yuan (right axis) per sub-channel. Loaded lazily with the page. */
export default function StaticsChart({ list }: { list: SubStaticsRow[] }) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current) return;
    const chart = echarts.init(el.current);
    chart.setOption({
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: ['网吧总数', '期间新增网吧', '期间续费消费（元）'] },
      grid: { left: 56, right: 64, top: 64, bottom: 40 },
      xAxis: { type: 'category', data: list.map((r) => r.name), axisLabel: { interval: 0 } },
      yAxis: [
        { type: 'value', name: '网吧（家）', minInterval: 1 },
        { type: 'value', name: '消费（元）' },
      ],
      series: [
        { name: '网吧总数', type: 'bar', data: list.map((r) => r.netbars), barMaxWidth: 28 },
        { name: '期间新增网吧', type: 'bar', data: list.map((r) => r.new_netbars), barMaxWidth: 28 },
        {
          name: '期间续费消费（元）',
          type: 'bar',
          yAxisIndex: 1,
          data: list.map((r) => fenToYuanNumber(r.spend_fen)),
          barMaxWidth: 28,
        },
      ],
    });
    const onResize = () => chart.resize();
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      chart.dispose();
    };
  }, [list]);
  return <div ref={el} style={{ width: '100%', height: 320 }} role="img" aria-label="渠道统计图" />;
}
