import { OUTBOX_STATUS_LABELS, type OutboxRow, shanghaiDateTime } from '@netbar/contract';
import { Form, Input, Select, type TableColumnsType, Tag } from 'antd';
import { PageTable } from '../../../components/page-table';
import { fetchOutbox, type OutboxFilters } from '../api/outbox-api';
import { outboxKeys } from '../api/outbox-keys';

const columns: TableColumnsType<OutboxRow> = [
  {
    title: '时间',
    dataIndex: 'created_at',
    width: 170,
    render: (v: number) => shanghaiDateTime(v * 1000),
  },
  { title: '渠道', dataIndex: 'channel', width: 70, render: (v: string) => (v === 'sms' ? '短信' : '邮件') },
  { title: '接收方', dataIndex: 'to', width: 180 },
  { title: '内容', dataIndex: 'content', width: 520, ellipsis: true },
  {
    title: '状态',
    dataIndex: 'status',
    width: 170,
    render: (v: OutboxRow['status'], r) => (
      <Tag color={v === 'sent' ? 'green' : v === 'failed' ? 'red' : 'blue'} title={r.error}>
        {OUTBOX_STATUS_LABELS[v]}
      </Tag>
    ),
  },
];

/** /admin/outbox (消息发送记录): every SMS and email; without a provider this is where they land. */
export default function OutboxPage() {
  return (
    <PageTable<OutboxRow, OutboxFilters>
      title="消息发送记录"
      queryKey={outboxKeys.list()}
      rowKey="id"
      columns={columns}
      fetcher={fetchOutbox}
      filterFields={
        <>
          <Form.Item name="channel" label="渠道">
            <Select
              allowClear
              placeholder="全部"
              style={{ width: 100 }}
              options={[
                { value: 'sms', label: '短信' },
                { value: 'email', label: '邮件' },
              ]}
            />
          </Form.Item>
          <Form.Item name="to" label="接收方">
            <Input allowClear placeholder="手机号或邮箱" style={{ width: 180 }} />
          </Form.Item>
        </>
      }
    />
  );
}
