import type { ActivityRow, GiftCodeRow } from '@netbar/contract';
import { Button, Drawer, Form, Input, InputNumber, Radio, Space, type TableColumnsType, Tag } from 'antd';
import { PageTable } from '../../../components/page-table';
import { exportGiftCodes, fetchGiftCodes } from '../api/activity-api';
import { activityKeys } from '../api/activity-keys';
import { useGenerateGiftCodes } from '../api/activity-mutations';

interface GenValues {
  mode: 'batch' | 'custom';
  count?: number;
  prefix?: string;
  code?: string;
}

const columns: TableColumnsType<GiftCodeRow> = [
  { title: '礼包码', dataIndex: 'code', width: 180, render: (c: string) => <code>{c}</code> },
  { title: '批次', dataIndex: 'batch', width: 110 },
  {
    title: '状态',
    dataIndex: 'used',
    width: 80,
    render: (u: boolean) => (u ? <Tag color="default">已使用</Tag> : <Tag color="green">未使用</Tag>),
  },
  { title: '兑换会员', dataIndex: 'member_name' },
  { title: '兑换时间', dataIndex: 'used_at', width: 160 },
];

/** 礼包码 of a gift-bag activity: 批量生成 (N codes with a prefix) or 自定义 (one typed code), the list, 导出. */
export function GiftCodesDrawer({ activity, onClose }: { activity?: ActivityRow; onClose: () => void }) {
  const [form] = Form.useForm<GenValues>();
  const mode = Form.useWatch('mode', form) ?? 'batch';
  const gen = useGenerateGiftCodes({ success: (r) => `已生成${r.count}个礼包码` });
  return (
    <Drawer
      open={!!activity}
      onClose={onClose}
      size={860}
      title={activity ? `礼包码 · ${activity.name}` : ''}
      destroyOnHidden
      extra={activity && <Button onClick={() => void exportGiftCodes(activity.id)}>导出礼包码</Button>}
    >
      {activity && (
        <>
          <Form<GenValues>
            form={form}
            name="gift-code-generate"
            layout="inline"
            initialValues={{ mode: 'batch', count: 100, prefix: 'VIP' }}
            onFinish={(v) => gen.mutate({ activity_id: activity.id, ...v })}
            style={{ marginBottom: 16, rowGap: 8 }}
          >
            <Form.Item name="mode">
              <Radio.Group
                options={[
                  { value: 'batch', label: '批量生成' },
                  { value: 'custom', label: '自定义礼包码' },
                ]}
                optionType="button"
              />
            </Form.Item>
            {mode === 'batch' ? (
              <Space>
                <Form.Item name="count" label="数量">
                  <InputNumber min={1} max={10000} precision={0} />
                </Form.Item>
                <Form.Item name="prefix" label="前缀">
                  <Input maxLength={6} style={{ width: 90 }} />
                </Form.Item>
              </Space>
            ) : (
              <Form.Item name="code" label="礼包码" rules={[{ required: true, message: '请输入礼包码' }]}>
                <Input maxLength={32} style={{ width: 200 }} placeholder="4-32位字母或数字" />
              </Form.Item>
            )}
            <Form.Item>
              <Button type="primary" htmlType="submit" loading={gen.isPending}>
                生成
              </Button>
            </Form.Item>
          </Form>
          <PageTable<GiftCodeRow>
            queryKey={activityKeys.codes(activity.id)}
            fetcher={(p) => fetchGiftCodes({ ...p, activity_id: activity.id })}
            columns={columns}
            rowKey="id"
            size="small"
          />
        </>
      )}
    </Drawer>
  );
}
