import type { HomeAgentDashboard } from '@netbar/contract';
import { Card, Row, Typography } from 'antd';
import { useMemo } from 'react';
import { LazyEChart } from '../../../components/lazy-echart';
import { FigureCard } from './trend';

/** The agent home: its netbars in aggregate — machines now, and the last 30 days as a chart. */
export function AgentDashboard({ data }: { data: HomeAgentDashboard }) {
  const days = data.days;
  const today = days.at(-1);
  // the same weekday last week up to this time of day (the chart's days are whole days)
  const lastWeek = data.last_week;
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
      yAxis: [
        { type: 'value', name: '台', minInterval: 1 },
        { type: 'value', name: '家', minInterval: 1 },
      ],
      series: [
        { type: 'bar', name: '上线机器', data: days.map((d) => d.online_machines), barMaxWidth: 18 },
        { type: 'line', name: '活跃网吧', yAxisIndex: 1, data: days.map((d) => d.active_netbars) },
      ],
    }),
    [days],
  );
  const cmp = (k: 'online_machines' | 'active_netbars') =>
    today ? { now: today[k], before: lastWeek[k], shown: lastWeek[k] } : undefined;
  return (
    <Card
      title="旗下网吧活跃情况"
      extra={
        <Typography.Text type="secondary">对比上周同日截至 {data.compare_until.slice(11)}</Typography.Text>
      }
    >
      <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
        {/* 网吧数 is the account cards' below (home_stats): each figure once */}
        <FigureCard
          id="machines"
          title="在线机器 / 已添加"
          value={`${data.machines.online} / ${data.machines.total}`}
          extra={<Typography.Text type="secondary">上机中 {data.machines.in_use} 台</Typography.Text>}
        />
        <FigureCard
          id="active_netbars"
          title="今日活跃网吧"
          value={today?.active_netbars ?? 0}
          suffix="家"
          compare={cmp('active_netbars')}
        />
        <FigureCard
          id="online_machines"
          title="今日上线机器"
          value={today?.online_machines ?? 0}
          suffix="台"
          compare={cmp('online_machines')}
        />
      </Row>
      <LazyEChart option={option} height={300} label="近30天上线机器与活跃网吧" />
    </Card>
  );
}
