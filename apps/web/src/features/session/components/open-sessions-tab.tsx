import { PlusOutlined } from '@ant-design/icons';
import { type OpenSessionRow, WARN_MINUTES } from '@netbar/contract';
import { Button, Form, Input, Popconfirm, Select, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { PageTable } from '../../../components/page-table';
import { fetchOpen } from '../api/session-api';
import { sessionKeys } from '../api/session-keys';
import { useEndSession } from '../api/session-mutations';
import { useAreaChoices } from '../api/session-queries';
import { SessionDetailDrawer } from './session-detail-drawer';
import { durationText, yuan } from './session-format';
import { StartSessionModal } from './start-session-modal';

/** 在线会员: who is online now, what it has cost, how long the balance lasts; 上机 and 强制下机. */
export function OpenSessionsTab() {
  const [starting, setStarting] = useState(false);
  const [detail, setDetail] = useState<number | null>(null);
  const end = useEndSession({ success: (r) => `已下机，本次共扣费${yuan(r.data.charged_fen)}` });
  const areas = useAreaChoices();
  const columns: TableColumnsType<OpenSessionRow> = [
    { title: '会员', dataIndex: 'member_name', width: 100 },
    { title: '卡号', dataIndex: 'card_mask', width: 150 },
    { title: '机器', width: 130, render: (_, r) => `${r.machine_name}（${r.area_name}）` },
    { title: '上机时间', dataIndex: 'started_at', width: 165 },
    { title: '已上机', dataIndex: 'minutes', width: 110, render: (m: number) => durationText(m) },
    { title: '已扣费', dataIndex: 'charged_fen', width: 100, align: 'right', render: yuan },
    { title: '余额', dataIndex: 'balance_fen', width: 100, align: 'right', render: yuan },
    {
      title: '免费时长',
      dataIndex: 'free_minutes',
      width: 90,
      align: 'right',
      render: (m: number) => (m ? `${m}分钟` : '—'),
    },
    {
      title: '剩余时长',
      dataIndex: 'minutes_left',
      width: 140,
      render: (m: number) =>
        m <= WARN_MINUTES ? (
          <Tag color="red">{`约${m}分钟`}</Tag>
        ) : m >= 1440 ? (
          '超过24小时'
        ) : (
          `约${durationText(m)}`
        ),
    },
    {
      title: '操作',
      width: 150,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setDetail(r.id)}>
            计费明细
          </Button>
          <Popconfirm
            title={`确定让「${r.member_name}」在${r.machine_name}强制下机？`}
            description="将按已用时长结算费用"
            onConfirm={() => end.mutate(r.id)}
          >
            <Button type="link" size="small" danger>
              强制下机
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <>
      <PageTable<OpenSessionRow>
        queryKey={sessionKeys.open()}
        fetcher={fetchOpen}
        columns={columns}
        rowKey="id"
        filterFields={
          <>
            <Form.Item name="area_id">
              <Select
                aria-label="区域"
                placeholder="全部区域"
                allowClear
                style={{ width: 140 }}
                loading={areas.isLoading}
                options={(areas.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
              />
            </Form.Item>
            <Form.Item name="keyword">
              <Input aria-label="会员、手机号或机器" placeholder="会员、手机号或机器" allowClear />
            </Form.Item>
          </>
        }
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setStarting(true)}>
            会员上机
          </Button>
        }
      />
      <StartSessionModal open={starting} onClose={() => setStarting(false)} />
      <SessionDetailDrawer id={detail} onClose={() => setDetail(null)} />
    </>
  );
}
