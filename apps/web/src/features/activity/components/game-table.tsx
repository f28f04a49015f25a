import {
  ACTIVITY_MOVES,
  type ActivityAction,
  fenToYuan,
  type GameActivityRow,
  type GameType,
} from '@netbar/contract';
import { Button, Popconfirm, Space, type TableColumnsType, Tag } from 'antd';
import type { ReactNode } from 'react';
import { PageTable } from '../../../components/page-table';
import { fetchGames } from '../api/game-api';
import { gameKeys } from '../api/game-keys';
import { useMoveGame } from '../api/game-mutations';
import { GameStateTag } from './game-state-tag';
import { GameTaskLines } from './game-task-lines';

const MOVES: { action: ActivityAction; label: string; confirm?: string }[] = [
  { action: 'publish', label: '发布' },
  { action: 'pause', label: '暂停', confirm: '暂停后会员上报的成绩不再计入、不再发奖，确定暂停？' },
  { action: 'resume', label: '恢复' },
  { action: 'end', label: '结束', confirm: '结束后不能恢复，确定结束？' },
];

/** A game type's activities: state, schedule, tasks with rewards paid, budget; the moves and 编辑 (a draft). */
export function GameTable({
  type,
  toolbar,
  onEdit,
  onBoard,
}: {
  type: GameType;
  toolbar?: ReactNode;
  onEdit: (r: GameActivityRow) => void;
  onBoard: (r: GameActivityRow) => void;
}) {
  const move = useMoveGame({ success: '操作成功' });
  const columns: TableColumnsType<GameActivityRow> = [
    {
      title: '活动名称',
      dataIndex: 'name',
      width: 150,
      render: (n: string, r) => (
        <>
          {n}
          {r.pending > 0 && (
            <div>
              <Tag color="orange" style={{ marginTop: 4 }}>
                {r.pending} 条成绩待确认
              </Tag>
            </div>
          )}
        </>
      ),
    },
    { title: '状态', dataIndex: 'state', width: 80, render: (s) => <GameStateTag state={s} /> },
    {
      title: '活动时间',
      key: 'time',
      width: 150,
      render: (_, r) => (
        <span style={{ fontSize: 12 }}>
          {r.starts_at.slice(0, 16)}
          <br />至 {r.ends_at.slice(0, 16)}
        </span>
      ),
    },
    {
      title: '任务与奖励',
      key: 'tasks',
      render: (_, r) => (
        <div style={{ maxWidth: 360 }}>
          <GameTaskLines tasks={r.tasks} />
        </div>
      ),
    },
    { title: '获奖人数', dataIndex: 'members', align: 'right', width: 80 },
    {
      title: '预算/已用(元)',
      key: 'budget',
      align: 'right',
      width: 130,
      render: (_, r) => `${fenToYuan(r.budget_fen)} / ${fenToYuan(r.spent_fen)}`,
    },
    {
      title: '操作',
      key: 'op',
      width: 130,
      render: (_, r) => (
        <Space size={0} wrap>
          {r.state === 'draft' && (
            <Button type="link" size="small" onClick={() => onEdit(r)}>
              编辑
            </Button>
          )}
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
          {r.state !== 'draft' && (
            <Button type="link" size="small" onClick={() => onBoard(r)}>
              排行榜
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <PageTable<GameActivityRow, Record<string, never>>
      queryKey={gameKeys.list(type)}
      fetcher={(p) => fetchGames({ ...p, game_type: type })}
      columns={columns}
      rowKey="id"
      size="middle"
      toolbar={toolbar}
    />
  );
}
