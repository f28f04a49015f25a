import {
  ACTIVITY_MOVES,
  ACTIVITY_STATE_LABELS,
  ACTIVITY_STATES,
  type ActivityAction,
  type ActivityRow,
  type ActivityState,
  ENGINE_KIND_LABELS,
  type EngineKind,
  fenToYuan,
  type Pager,
} from '@netbar/contract';
import { Button, Form, Popconfirm, Select, Space, type TableColumnsType, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { PageTable } from '../../../components/page-table';
import { fetchActivities } from '../api/activity-api';
import { activityKeys } from '../api/activity-keys';
import { useMoveActivity } from '../api/activity-mutations';
import { ClaimsDrawer } from './claims-drawer';

const STATE_COLORS: Record<ActivityState, string> = {
  draft: 'default',
  pending: 'blue',
  running: 'green',
  paused: 'orange',
  ended: 'default',
};
const MOVES: { action: ActivityAction; label: string; confirm?: string }[] = [
  { action: 'publish', label: '发布' },
  { action: 'pause', label: '暂停', confirm: '暂停后会员不能参与，确定暂停？' },
  { action: 'resume', label: '恢复' },
  { action: 'end', label: '结束', confirm: '结束后不能恢复，确定结束？' },
];

/** Activities with state and figures (参与次数/人数, 预算与已发放), the state moves and the claims drawer. */
export function ActivityTable<R extends ActivityRow = ActivityRow>({
  kind,
  toolbar,
  extraOps,
  fetcher,
  adjustColumns,
}: {
  kind?: EngineKind;
  toolbar?: ReactNode;
  /** An app's own row actions (e.g. 礼包码). */
  extraOps?: (r: R) => ReactNode;
  /** An app's own list call (营销活动, 直播抽奖: the rows with their settings); default activity_list. */
  fetcher?: (p: Record<string, unknown>) => Promise<Pager<R>>;
  /** An app's own columns: the default columns in, the shown ones out. */
  adjustColumns?: (c: TableColumnsType<R>) => TableColumnsType<R>;
}) {
  const move = useMoveActivity({ success: '操作成功' });
  const [claims, setClaims] = useState<ActivityRow | undefined>();
  const columns: TableColumnsType<R> = [
    { title: '活动名称', dataIndex: 'name', width: 160 },
    ...(kind
      ? []
      : [{ title: '类型', dataIndex: 'kind', width: 90, render: (k: EngineKind) => ENGINE_KIND_LABELS[k] }]),
    {
      title: '状态',
      dataIndex: 'state',
      width: 80,
      render: (s: ActivityState) => <Tag color={STATE_COLORS[s]}>{ACTIVITY_STATE_LABELS[s]}</Tag>,
    },
    {
      title: '活动时间',
      key: 'time',
      width: 170,
      render: (_, r) => (
        <span style={{ fontSize: 12 }}>
          {r.starts_at.slice(0, 16)}
          <br />至 {r.ends_at.slice(0, 16)}
        </span>
      ),
    },
    { title: '参与次数', dataIndex: 'claims', align: 'right', width: 80 },
    { title: '参与人数', dataIndex: 'members', align: 'right', width: 80 },
    {
      title: '奖品发放',
      key: 'issued',
      width: 150,
      render: (_, r) =>
        r.prizes.map((p) => (
          <div key={p.id} style={{ fontSize: 12 }}>
            {p.name} {p.issued}/{p.quantity}
          </div>
        )),
    },
    {
      title: '预算/已用(元)',
      key: 'budget',
      align: 'right',
      width: 120,
      render: (_, r) => `${fenToYuan(r.budget_fen)} / ${fenToYuan(r.spent_fen)}`,
    },
    {
      title: '操作',
      key: 'op',
      width: 170,
      render: (_, r) => (
        <Space size={0} wrap>
          {MOVES.filter((m) => ACTIVITY_MOVES[m.action].includes(r.state)).map((m) =>
            m.confirm ? (
              <Popconfirm
                key={m.action}
                title={m.confirm}
                okText="确定"
                cancelText="取消"
                onConfirm={() => move.mutate({ id: r.id, action: m.action })}
              >
                <Button type="link" size="small" danger={m.action === 'end'}>
                  {m.label}
                </Button>
              </Popconfirm>
            ) : (
              <Button
                key={m.action}
                type="link"
                size="small"
                onClick={() => move.mutate({ id: r.id, action: m.action })}
              >
                {m.label}
              </Button>
            ),
          )}
          <Button type="link" size="small" onClick={() => setClaims(r)}>
            参与记录
          </Button>
          {extraOps?.(r)}
        </Space>
      ),
    },
  ];
  return (
    <>
      <PageTable<R, { state?: ActivityState }>
        queryKey={activityKeys.list(kind)}
        fetcher={(p) =>
          fetcher ? fetcher(p) : (fetchActivities({ ...p, kind }) as unknown as Promise<Pager<R>>)
        }
        columns={adjustColumns ? adjustColumns(columns) : columns}
        rowKey="id"
        size="middle"
        toolbar={toolbar}
        filterFormName={`activity-${kind ?? 'all'}`}
        filterFields={
          <Form.Item name="state" label="状态">
            <Select
              allowClear
              placeholder="全部"
              style={{ width: 120 }}
              options={ACTIVITY_STATES.map((s) => ({ value: s, label: ACTIVITY_STATE_LABELS[s] }))}
            />
          </Form.Item>
        }
      />
      <ClaimsDrawer activity={claims} onClose={() => setClaims(undefined)} />
    </>
  );
}
