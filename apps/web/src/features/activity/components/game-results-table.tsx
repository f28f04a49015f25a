import {
  GAME_METRIC_LABELS,
  GAME_METRIC_UNITS,
  GAME_RESULT_STATUS_LABELS,
  GAME_RESULT_STATUSES,
  GAME_TYPE_LABELS,
  type GameResultRow,
  type GameResultStatus,
} from '@netbar/contract';
import { Button, Form, Input, Popconfirm, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { PageTable } from '../../../components/page-table';
import { fetchGameResults } from '../api/game-api';
import { gameKeys } from '../api/game-keys';
import { useReviewGameResult } from '../api/game-mutations';

const COLORS: Record<GameResultStatus, string> = { pending: 'orange', accepted: 'green', rejected: 'red' };

/**
 * 成绩审核: results members sent from a PC with a screenshot wait here (待确认); 确认 counts them and pays any
 * task they complete, 驳回 (with a reason) counts nothing. Other results are listed for reference.
 */
export function GameResultsTable() {
  const [remark, setRemark] = useState('');
  const review = useReviewGameResult({
    success: (d) =>
      d.status === 'rejected'
        ? '已驳回'
        : d.paid.length
          ? `已确认，完成任务：${d.paid.map((p) => p.task).join('、')}`
          : '已确认',
  });
  const columns: TableColumnsType<GameResultRow> = [
    { title: '提交时间', dataIndex: 'at', width: 150 },
    {
      title: '游戏',
      dataIndex: 'game_type',
      width: 90,
      render: (g: GameResultRow['game_type']) => GAME_TYPE_LABELS[g],
    },
    { title: '活动', dataIndex: 'activity_name', width: 140 },
    { title: '会员', dataIndex: 'member_name', width: 100 },
    {
      title: '成绩',
      key: 'value',
      width: 110,
      render: (_, r) => `${GAME_METRIC_LABELS[r.metric]} ${r.value}${GAME_METRIC_UNITS[r.metric]}`,
    },
    {
      title: '截图',
      dataIndex: 'screenshot',
      width: 90,
      render: (s: string) =>
        s ? (
          <Typography.Link href={s} target="_blank" rel="noopener noreferrer">
            查看截图
          </Typography.Link>
        ) : (
          '—'
        ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (s: GameResultStatus) => <Tag color={COLORS[s]}>{GAME_RESULT_STATUS_LABELS[s]}</Tag>,
    },
    {
      title: '处理',
      key: 'by',
      width: 140,
      render: (_, r) => (r.reviewed_by_name ? `${r.reviewed_by_name}${r.remark ? `：${r.remark}` : ''}` : ''),
    },
    {
      title: '操作',
      key: 'op',
      width: 120,
      render: (_, r) =>
        r.status === 'pending' && (
          <Space size={0}>
            <Button
              type="link"
              size="small"
              onClick={() => review.mutate({ id: r.id, action: 'confirm', remark: '' })}
            >
              确认
            </Button>
            <Popconfirm
              title="驳回这条成绩？"
              description={
                <Input
                  placeholder="驳回原因（选填）"
                  maxLength={50}
                  value={remark}
                  onChange={(e) => setRemark(e.target.value)}
                />
              }
              okText="驳回"
              cancelText="取消"
              onConfirm={() => {
                review.mutate({ id: r.id, action: 'reject', remark });
                setRemark('');
              }}
            >
              <Button type="link" size="small" danger>
                驳回
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];
  return (
    <PageTable<GameResultRow, { status?: GameResultStatus }>
      queryKey={gameKeys.results()}
      fetcher={fetchGameResults}
      columns={columns}
      rowKey="id"
      size="middle"
      filterFormName="game-results"
      initialFilters={{ status: 'pending' }}
      filterFields={
        <Form.Item name="status" label="状态">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 120 }}
            options={GAME_RESULT_STATUSES.map((s) => ({ value: s, label: GAME_RESULT_STATUS_LABELS[s] }))}
          />
        </Form.Item>
      }
    />
  );
}
