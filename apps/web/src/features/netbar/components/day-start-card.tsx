import { DAY_START_DEFAULT, dayStartBody } from '@netbar/contract';
import { Button, Card, Form, Space, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useSaveDayStart } from '../api/netbar-mutations';
import { useDayStart } from '../api/netbar-queries';

/**
 * 营业日开始时间 (decision 151): when the current store's business day starts (default 08:00). Every
 * operating report groups by it; a sale at 03:00 belongs to the previous day when the day starts 08:00.
 */
export function DayStartCard() {
  const q = useDayStart(true);
  const [form] = Form.useForm<{ day_start: Dayjs }>();
  const saver = useSaveDayStart();
  useEffect(() => {
    if (q.data) form.setFieldsValue({ day_start: dayjs(`2000-01-01 ${q.data.day_start}`) });
  }, [q.data, form]);
  const save = (v: { day_start: Dayjs }) => {
    const body = dayStartBody.safeParse({ day_start: v.day_start?.format('HH:mm') ?? '' });
    if (body.success) saver.mutate(body.data.day_start);
  };
  return (
    <Card title="营业日设置" style={{ maxWidth: 640 }} loading={q.isLoading}>
      <Typography.Paragraph>
        网吧通宵营业，经营报表按「营业日」统计：营业日从设置的时间开始，到次日同一时间结束。例如设为
        {DAY_START_DEFAULT}（默认）时，凌晨3:00的消费计入前一天。修改后所有报表按新时间重新归集。
      </Typography.Paragraph>
      <Form form={form} layout="inline" onFinish={save}>
        <Form.Item
          name="day_start"
          label="营业日开始时间"
          rules={[{ required: true, message: '请选择营业日开始时间' }]}
        >
          <TimePicker format="HH:mm" minuteStep={5} allowClear={false} aria-label="营业日开始时间" />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={saver.isPending}>
              保存
            </Button>
            {q.data?.updated_at && (
              <Typography.Text type="secondary">
                {q.data.updated_by} 于 {q.data.updated_at} 修改
              </Typography.Text>
            )}
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
