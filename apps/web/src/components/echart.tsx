import { BarChart, HeatmapChart, LineChart, PieChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only the chart types the reports use: keep this file out of every entry chunk (load it with
// LazyEChart from ./lazy-echart, never import it statically from a screen's first render).
echarts.use([
  BarChart,
  LineChart,
  HeatmapChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  TitleComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

export type EChartOption = echarts.EChartsCoreOption;

export interface EChartProps {
  option: EChartOption;
  /** Pixels; the width follows the container. */
  height?: number;
  /** What the chart shows, read by screen readers and tests. */
  label: string;
}

/**
 * One ECharts chart (zh-CN) that follows its container's size (a ResizeObserver, so a collapsed
 * sidebar or a print layout resizes it too) and is disposed with the component.
 */
export default function EChart({ option, height = 320, label }: EChartProps) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const node = el.current;
    if (!node) return;
    const c = echarts.init(node, undefined, { locale: 'ZH' });
    chart.current = c;
    const resize = () => c.resize();
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
    ro?.observe(node);
    window.addEventListener('beforeprint', resize);
    window.addEventListener('afterprint', resize);
    return () => {
      ro?.disconnect();
      window.removeEventListener('beforeprint', resize);
      window.removeEventListener('afterprint', resize);
      chart.current = null;
      c.dispose();
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <div ref={el} className="report-chart" style={{ width: '100%', height }} role="img" aria-label={label} />
  );
}
