import { type PublicSeat, publicReserveBody, type ReservationDone } from '@netbar/contract';
import { Button, Form, Input, Result, Typography } from 'antd';
import { zodFormRules } from '../../../lib/zod-rules';
import { usePublicReserve } from '../api/venue-mutations';

const rules = zodFormRules(publicReserveBody);

/** The customer's reservation form, and the one-time code once it is done. */
export function PublicReserveForm(props: {
  token: string;
  seat: PublicSeat | null;
  holdMinutes: number;
  done: ReservationDone | null;
  onDone: (d: ReservationDone) => void;
}) {
  const { token, seat, holdMinutes, done, onDone } = props;
  const [form] = Form.useForm<{ mobile: string; name?: string }>();
  const reserve = usePublicReserve({ onSuccess: (r) => onDone(r.data) });
  if (done)
    return (
      <Result
        status="success"
        title="预订成功"
        subTitle={`机位 ${done.machine_name} 为您保留至 ${done.expires_at}（${done.hold_minutes}分钟）`}
        extra={
          <div>
            <Typography.Text>到店请向前台出示预订码</Typography.Text>
            <div data-testid="reservation-code" style={{ fontSize: 36, fontWeight: 700, letterSpacing: 8 }}>
              {done.code}
            </div>
          </div>
        }
      />
    );
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(v) => seat && reserve.mutate({ token, machine_id: seat.id, ...v })}
      style={{ maxWidth: 360 }}
    >
      <Typography.Paragraph>
        {seat ? (
          <>
            已选机位：<Typography.Text strong>{seat.name}</Typography.Text>，为您保留 {holdMinutes} 分钟
          </>
        ) : (
          '请在上方点击绿色的空闲机位'
        )}
      </Typography.Paragraph>
      <Form.Item name="mobile" label="手机号" rules={rules.mobile} required>
        <Input inputMode="numeric" maxLength={11} placeholder="用于到店核对" />
      </Form.Item>
      <Form.Item name="name" label="姓名" rules={rules.name}>
        <Input maxLength={20} placeholder="可选" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block disabled={!seat} loading={reserve.isPending}>
        预订机位
      </Button>
    </Form>
  );
}
