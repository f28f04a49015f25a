import type { NetbarRow } from '@netbar/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Drawer, Empty, Form, Input, Popconfirm, Timeline } from 'antd';
import type dayjs from 'dayjs';
import { feedback } from '../../../lib/feedback';
import { shanghaiNow } from '../../../lib/shanghai-day';
import { addRemark, deleteRemark, fetchRemarks } from '../api/netbar-api';

/** 跟进备注: a dated follow-up log of one netbar. */
export function RemarkDrawer({ netbar, onClose }: { netbar: NetbarRow | null; onClose: () => void }) {
  const qc = useQueryClient();
  const [form] = Form.useForm();
  const key = ['agent', 'remarks', netbar?.id];
  const q = useQuery({ queryKey: key, queryFn: () => fetchRemarks(netbar?.id ?? 0), enabled: !!netbar });
  const reload = () => qc.invalidateQueries({ queryKey: key });
  const submit = async (v: { content: string; follow_date: dayjs.Dayjs }) => {
    if (!netbar) return;
    try {
      await addRemark(netbar.id, v.content, v.follow_date.format('YYYY-MM-DD'));
      feedback.success('备注已添加');
      form.resetFields();
      await reload();
    } catch {
      // shown by the request client
    }
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
        <Form.Item
          name="content"
          label="跟进内容"
          rules={[{ required: true, max: 200, message: '备注内容为1-200个字符' }]}
        >
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
                <div style={{ color: '#888' }}>
                  {r.follow_date} · {r.created_by_name}
                  <Popconfirm title="确定删除这条备注？" onConfirm={() => deleteRemark(r.id).then(reload)}>
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
