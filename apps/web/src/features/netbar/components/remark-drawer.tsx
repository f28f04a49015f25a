import { type NetbarRow, netbarRemarkAddBody } from '@netbar/contract';
import { Button, DatePicker, Drawer, Empty, Form, Input, Popconfirm, Timeline } from 'antd';
import type dayjs from 'dayjs';
import { shanghaiNow } from '../../../lib/shanghai-day';
import { zodFormRules } from '../../../lib/zod-rules';
import { useAddNetbarRemark, useDeleteNetbarRemark } from '../api/netbar-mutations';
import { useNetbarRemarks } from '../api/netbar-queries';

/** The content from the contract; the date is a picker on the form and a string on the wire (hand rule). */
const rules = zodFormRules(netbarRemarkAddBody);

/** 跟进备注: a dated follow-up log of one netbar. */
export function RemarkDrawer({ netbar, onClose }: { netbar: NetbarRow | null; onClose: () => void }) {
  const [form] = Form.useForm();
  const q = useNetbarRemarks(netbar?.id);
  const add = useAddNetbarRemark({ success: '备注已添加', onSuccess: () => form.resetFields() });
  const remove = useDeleteNetbarRemark();
  const submit = (v: { content: string; follow_date: dayjs.Dayjs }) => {
    if (!netbar) return;
    add.mutate({ netbarId: netbar.id, content: v.content, followDate: v.follow_date.format('YYYY-MM-DD') });
  };
  return (
    <Drawer title={`跟进备注 · ${netbar?.name ?? ''}`} open={!!netbar} onClose={onClose} size="large">
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ follow_date: shanghaiNow() }}>
        <Form.Item
          name="follow_date"
          label="跟进日期"
          rules={[{ required: true, message: '请选择跟进日期' }]}
        >
          <DatePicker />
        </Form.Item>
        <Form.Item name="content" label="跟进内容" rules={rules.content} required>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="如：上门回访，老板反馈……" />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          添加备注
        </Button>
      </Form>
      <div style={{ marginTop: 24 }}>
        {q.data && q.data.length === 0 && <Empty description="暂无数据" />}
        <Timeline
          items={(q.data ?? []).map((r) => ({
            content: (
              <div>
                <div style={{ color: '#595959' }}>
                  {r.follow_date} · {r.created_by_name}
                  <Popconfirm title="确定删除这条备注？" onConfirm={() => remove.mutate(r.id)}>
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </div>
                <div>{r.content}</div>
              </div>
            ),
          }))}
        />
      </div>
    </Drawer>
  );
}
