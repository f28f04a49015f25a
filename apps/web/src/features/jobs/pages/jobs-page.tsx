import {
  JOB_MODE_LABELS,
  JOB_STATE_LABELS,
  type JobRow,
  type JobStateName,
  shanghaiDateTime,
} from '@netbar/contract';
import { Alert, Button, Card, Popconfirm, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useRetryJob } from '../api/jobs-mutations';
import { useJobList } from '../api/jobs-queries';

const COLORS: Record<JobStateName, string> = {
  idle: 'default',
  queued: 'blue',
  running: 'processing',
  completed: 'green',
  failed: 'red',
};

/** 1秒, 15秒, 1分钟, 10分钟, 1天. */
export function everyText(ms: number) {
  if (ms % 86_400_000 === 0) return `每${ms / 86_400_000}天`;
  if (ms % 3_600_000 === 0) return `每${ms / 3_600_000}小时`;
  if (ms % 60_000 === 0) return `每${ms / 60_000}分钟`;
  if (ms % 1000 === 0) return `每${ms / 1000}秒`;
  return `每${ms}毫秒`;
}

const time = (s: number | null) => (s ? shanghaiDateTime(s * 1000) : '—');

/** /admin/jobs (任务队列): every recurring job, its last and next run, and 重试 for a failed run. */
export default function JobsPage() {
  const q = useJobList();
  const retry = useRetryJob({ success: (r) => (r.queued ? '已重新加入队列' : '该运行已不在失败状态') });

  const columns: TableColumnsType<JobRow> = [
    {
      title: '任务',
      dataIndex: 'title',
      width: 180,
      render: (t: string, r) => (
        <>
          <div>{t}</div>
          <Typography.Text type="secondary">{r.name}</Typography.Text>
        </>
      ),
    },
    { title: '周期', dataIndex: 'every_ms', width: 90, render: everyText },
    {
      title: '状态',
      dataIndex: 'state',
      width: 100,
      render: (s: JobStateName, r) =>
        r.enabled ? <Tag color={COLORS[s]}>{JOB_STATE_LABELS[s]}</Tag> : <Tag>未启用</Tag>,
    },
    {
      title: '上次运行',
      width: 190,
      render: (_v, r) =>
        r.last_started_at ? (
          <>
            <div>{time(r.last_started_at)}</div>
            <Typography.Text type="secondary">
              {r.last_finished_at ? `用时 ${r.last_finished_at - r.last_started_at} 秒` : '运行中'}
            </Typography.Text>
          </>
        ) : (
          '—'
        ),
    },
    { title: '下次运行', dataIndex: 'next_run_at', width: 170, render: time },
    {
      title: '排队/运行/完成/失败',
      width: 170,
      render: (_v, r) =>
        `${r.counts.queued} / ${r.counts.running} / ${r.counts.completed} / ${r.counts.failed}`,
    },
    {
      title: '错误',
      dataIndex: 'last_error',
      width: 220,
      ellipsis: true,
      render: (e: string | null) =>
        e ? (
          <Typography.Text type="danger" title={e}>
            {e}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      title: '操作',
      width: 80,
      fixed: 'right',
      render: (_v, r) =>
        r.state === 'failed' && r.last_run_id ? (
          <Popconfirm
            title="重新运行这一次失败的任务？"
            onConfirm={() => retry.mutate({ name: r.name, run_id: r.last_run_id! })}
          >
            <Button type="link" loading={retry.isPending}>
              重试
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <Card
      title="任务队列"
      extra={
        <Button onClick={() => void q.refetch()} loading={q.isFetching}>
          刷新
        </Button>
      }
    >
      {q.data && (
        <Alert
          style={{ marginBottom: 16 }}
          type="info"
          showIcon
          message={`运行方式：${JOB_MODE_LABELS[q.data.mode]}`}
          description="失败的运行会按退避间隔自动重试；重试次数用完仍失败的，可在此手动重试。页面每 5 秒自动刷新。"
        />
      )}
      <Table<JobRow>
        rowKey="name"
        loading={q.isLoading}
        columns={columns}
        dataSource={q.data?.list ?? []}
        pagination={false}
        scroll={{ x: 1200 }}
      />
    </Card>
  );
}
