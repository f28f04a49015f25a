import { type ComputerStatistics, HEATMAP_WEEKDAYS } from '@netbar/contract';
import { useMemo } from 'react';
import { LazyEChart } from '../../../components/lazy-echart';

const HOURS = Array.from({ length: 24 }, (_, h) => `${h}时`);
const pct = (v: number) => Math.round(v * 1000) / 10;

/** Occupancy by hour (x) × weekday (y), percent of the machines in service. */
export function OccupancyHeatmap({ cells }: { cells: ComputerStatistics['heatmap'] }) {
  const option = useMemo(() => {
    const max = Math.max(10, ...cells.map((c) => c[2]));
    return {
      tooltip: {
        formatter: (p: { value: [number, number, number] }) =>
          `${HEATMAP_WEEKDAYS[p.value[1]]} ${p.value[0]}时：${p.value[2]}%`,
      },
      grid: { left: 48, right: 96, top: 8, bottom: 32 },
      xAxis: { type: 'category', data: HOURS, splitArea: { show: true } },
      yAxis: { type: 'category', data: [...HEATMAP_WEEKDAYS], inverse: true, splitArea: { show: true } },
      visualMap: {
        min: 0,
        max,
        calculable: true,
        orient: 'vertical',
        right: 8,
        top: 'middle',
        itemHeight: 180,
        text: [`${max}%`, '0%'],
        inRange: { color: ['#f0f5ff', '#1677ff', '#002c8c'] },
      },
      series: [{ type: 'heatmap', name: '在用率', data: cells, label: { show: false } }],
    };
  }, [cells]);
  return <LazyEChart option={option} height={300} label="时段在用率热力图" />;
}

/** Utilisation per area (bars, %), with its sessions. */
export function AreaChart({ areas, many }: { areas: ComputerStatistics['areas']; many: boolean }) {
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 48, right: 48, top: 32, bottom: many ? 48 : 32 },
      xAxis: {
        type: 'category',
        axisLabel: { interval: 0 },
        data: areas.map((a) => (many ? `${a.area_name}\n${a.store_name}` : a.area_name)),
      },
      yAxis: [
        { type: 'value', name: '使用率(%)' },
        { type: 'value', name: '上机次数' },
      ],
      series: [
        { type: 'bar', name: '使用率(%)', data: areas.map((a) => pct(a.utilisation)), barMaxWidth: 32 },
        { type: 'line', name: '上机次数', yAxisIndex: 1, data: areas.map((a) => a.sessions) },
      ],
    }),
    [areas, many],
  );
  return <LazyEChart option={option} height={280} label="区域使用率" />;
}

/** New against returning members per business day (stacked bars). */
export function MemberChart({ days }: { days: ComputerStatistics['members']['days'] }) {
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 16, top: 32, bottom: 32 },
      xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
      yAxis: { type: 'value', name: '人数', minInterval: 1 },
      series: [
        { type: 'bar', stack: 'm', name: '新会员', data: days.map((d) => d.new_members), barMaxWidth: 24 },
        {
          type: 'bar',
          stack: 'm',
          name: '老会员',
          data: days.map((d) => d.returning_members),
          barMaxWidth: 24,
        },
      ],
    }),
    [days],
  );
  return <LazyEChart option={option} height={280} label="新老会员" />;
}
