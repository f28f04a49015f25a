import {
  GAME_METRIC_LABELS,
  GAME_METRIC_UNITS,
  GAME_METRICS,
  type GameMetric,
  type GamePeriod,
  type LeaderboardRow,
} from '@netbar/contract';
import { Empty, Segmented, Select, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useLeaderboard } from '../api/game-queries';

/** Gold, silver and bronze for the top three. */
const MEDALS = ['#d4a106', '#8c8c8c', '#ad6800'];
const Rank = ({ n }: { n: number }) =>
  n <= 3 ? (
    <span
      style={{
        display: 'inline-block',
        width: 22,
        height: 22,
        lineHeight: '22px',
        borderRadius: 11,
        background: MEDALS[n - 1],
        color: '#fff',
        fontWeight: 600,
      }}
    >
      {n}
    </span>
  ) : (
    n
  );

/** 本店排行榜 of one game activity: today or the whole activity, by a metric (default: the server's choice). */
export function GameLeaderboard({ activityId }: { activityId: number }) {
  const [period, setPeriod] = useState<GamePeriod>('activity');
  const [metric, setMetric] = useState<GameMetric | undefined>();
  const q = useLeaderboard(activityId, period, metric);
  const m = q.data?.metric ?? metric ?? 'wins';
  const columns: TableColumnsType<LeaderboardRow> = [
    {
      title: '名次',
      dataIndex: 'rank',
      width: 70,
      align: 'center',
      render: (r: number) => <Rank n={r} />,
    },
    { title: '会员', dataIndex: 'member_name' },
    {
      title: GAME_METRIC_LABELS[m],
      dataIndex: 'value',
      align: 'right',
      width: 120,
      render: (v: number) => `${v} ${GAME_METRIC_UNITS[m]}`,
    },
    { title: '完成任务', dataIndex: 'tasks_done', align: 'right', width: 90 },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Segmented<GamePeriod>
          value={period}
          onChange={setPeriod}
          options={[
            { value: 'day', label: '今日' },
            { value: 'activity', label: '活动期内' },
          ]}
        />
        <Select<GameMetric>
          value={m}
          onChange={setMetric}
          style={{ width: 120 }}
          options={GAME_METRICS.map((x) => ({ value: x, label: `按${GAME_METRIC_LABELS[x]}` }))}
        />
      </Space>
      <Table<LeaderboardRow>
        rowKey="member_id"
        size="small"
        loading={q.isLoading}
        columns={columns}
        dataSource={q.data?.list ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description="暂无成绩" image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
      />
    </Space>
  );
}
