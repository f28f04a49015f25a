import { lazy, Suspense } from 'react';
import type { EChartProps } from './echart';

const EChart = lazy(() => import('./echart'));

/** The shared chart, loaded on first use: ECharts stays out of the shell and of pages without charts. */
export function LazyEChart(props: EChartProps) {
  return (
    <Suspense fallback={<div style={{ height: props.height ?? 320 }} role="img" aria-label={props.label} />}>
      <EChart {...props} />
    </Suspense>
  );
}
