import { fenToYuan, SMS_STATUS_LABELS, type SmsCampaignRow, type SmsCampaignStatus } from '@netbar/contract';
import { Button, Form, Popconfirm, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { PageTable } from '../../../components/page-table';
import { fetchCampaigns } from '../api/sms-marketing-api';
import { smsKeys } from '../api/sms-marketing-keys';
import { useCancelCampaign, useSendCampaign } from '../api/sms-marketing-mutations';
import { SmsCampaignForm } from '../components/sms-campaign-form';

const COLORS: Record<SmsCampaignStatus, string> = {
  draft: 'default',
  scheduled: 'blue',
  sending: 'processing',
  done: 'green',
  cancelled: 'default',
};
const requestId = () => `sms${Date.now()}${Math.random().toString(36).slice(2, 10)}`;

/** 短信营销 (/application_manage/message 10517, decision 179): campaigns with delivery figures, 新建, 发送, 取消. */
export default function SmsCampaignPage() {
  const [open, setOpen] = useState(false);
  const send = useSendCampaign({
    success: (r) => (r.status === 'scheduled' ? `已提交，发送时间 ${r.send_at.slice(0, 16)}` : '已提交发送'),
  });
  const cancel = useCancelCampaign({ success: '已取消' });
  const columns: TableColumnsType<SmsCampaignRow> = [
    { title: '活动名称', dataIndex: 'name', width: 130 },
    {
      title: '短信内容',
      dataIndex: 'text',
      width: 240,
      render: (t: string) => (
        <Typography.Paragraph style={{ margin: 0, fontSize: 12 }} ellipsis={{ rows: 2, tooltip: t }}>
          {t}
        </Typography.Paragraph>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (s: SmsCampaignStatus) => <Tag color={COLORS[s]}>{SMS_STATUS_LABELS[s]}</Tag>,
    },
    {
      title: '发送时间',
      dataIndex: 'send_at',
      width: 140,
      render: (s: string) => s.slice(0, 16) || '点击发送时',
    },
    { title: '条数', dataIndex: 'segments', width: 60, align: 'right' },
    { title: '人数', dataIndex: 'recipients', width: 60, align: 'right' },
    {
      title: '预计费用(元)',
      dataIndex: 'cost_fen',
      width: 100,
      align: 'right',
      render: (f: number) => fenToYuan(f),
    },
    {
      title: '待发/已发/失败/退订跳过',
      key: 'figures',
      width: 170,
      render: (_, r) => `${r.queued} / ${r.sent} / ${r.failed} / ${r.skipped}`,
    },
    {
      title: '操作',
      key: 'op',
      width: 120,
      render: (_, r) => (
        <Space size={0}>
          {r.status === 'draft' && (
            <Popconfirm
              title={`向 ${r.recipients} 位会员发送，预计 ${fenToYuan(r.cost_fen)} 元，确定发送？`}
              okText="发送"
              cancelText="取消"
              onConfirm={() => send.mutate({ id: r.id, request_id: requestId() })}
            >
              <Button type="link" size="small">
                发送
              </Button>
            </Popconfirm>
          )}
          {(r.status === 'draft' || r.status === 'scheduled') && (
            <Popconfirm
              title="确定取消该短信活动？"
              okText="确定"
              cancelText="取消"
              onConfirm={() => cancel.mutate({ id: r.id })}
            >
              <Button type="link" size="small" danger>
                取消
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <PageTable<SmsCampaignRow, { status?: SmsCampaignStatus }>
        queryKey={smsKeys.list()}
        fetcher={fetchCampaigns}
        columns={columns}
        rowKey="id"
        size="middle"
        filterFormName="sms-filter"
        filterFields={
          <Form.Item name="status" label="状态">
            <Select
              allowClear
              placeholder="全部"
              style={{ width: 120 }}
              options={Object.entries(SMS_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
            />
          </Form.Item>
        }
        toolbar={
          <Button type="primary" onClick={() => setOpen(true)}>
            新建短信
          </Button>
        }
      />
      <SmsCampaignForm open={open} onClose={() => setOpen(false)} />
    </>
  );
}
