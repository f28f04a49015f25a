import { fenToYuan, type LiveSeat, staffReserveBody } from '@netbar/contract';
import { Button, Descriptions, Divider, Drawer, Form, Input, Modal, Popconfirm, Space, Tag } from 'antd';
import { zodFormRules } from '../../../lib/zod-rules';
import { useCancelReservation, useMachineState, useStaffReserve } from '../api/venue-mutations';
import { STATE_COLOUR } from './seat-style';

const rules = zodFormRules(staffReserveBody);

function ReserveForm({ seat }: { seat: LiveSeat }) {
  const [form] = Form.useForm<{ mobile: string; name?: string }>();
  const reserve = useStaffReserve({
    onSuccess: (r) =>
      Modal.success({
        title: '预订成功',
        content: `机位 ${r.data.machine_name}，预订码 ${r.data.code}，保留至 ${r.data.expires_at}。请告知顾客凭预订码到店。`,
      }),
  });
  return (
    <Form form={form} layout="vertical" onFinish={(v) => reserve.mutate({ machine_id: seat.id, ...v })}>
      <Form.Item name="mobile" label="手机号" rules={rules.mobile} required>
        <Input maxLength={11} placeholder="顾客手机号" />
      </Form.Item>
      <Form.Item name="name" label="姓名" rules={rules.name}>
        <Input maxLength={20} placeholder="可选" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={reserve.isPending}>
        预订此机位
      </Button>
    </Form>
  );
}

/** The machine drawer of the live map: details, who is on it, and the counter's actions. */
export function MachineDrawer({ seat, onClose }: { seat: LiveSeat | null; onClose: () => void }) {
  const setState = useMachineState({ success: '设置成功', onSuccess: onClose });
  const cancel = useCancelReservation({ success: '已取消预订', onSuccess: onClose });
  const to = (state: string) => seat && setState.mutate({ ids: [seat.id], state });
  return (
    <Drawer
      open={!!seat}
      onClose={onClose}
      title={seat ? `机器 ${seat.name}` : ''}
      width={400}
      destroyOnHidden
    >
      {seat ? (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="状态">
              <Tag color={STATE_COLOUR[seat.state]}>{seat.state}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="IP地址">{seat.ip || '-'}</Descriptions.Item>
            <Descriptions.Item label="会员">{seat.session?.member_name ?? '无'}</Descriptions.Item>
            <Descriptions.Item label="上机时间">{seat.session?.started_at ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="已上机">
              {seat.session ? `${seat.session.elapsed_minutes}分钟` : '-'}
            </Descriptions.Item>
            <Descriptions.Item label="余额">
              {seat.session ? `${fenToYuan(seat.session.balance_fen)}元` : '-'}
            </Descriptions.Item>
            {seat.reservation ? (
              <Descriptions.Item label="预订">
                {seat.reservation.name || '顾客'} {seat.reservation.mobile}，保留至{' '}
                {seat.reservation.expires_at}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <Divider />
          <Space wrap>
            {seat.state === '故障' || seat.state === '停用' ? (
              <Button onClick={() => to('空闲')}>恢复空闲</Button>
            ) : null}
            {seat.state === '空闲' || seat.state === '离线' ? (
              <>
                <Button onClick={() => to('故障')}>标记故障</Button>
                <Popconfirm title="确定停用该机器？" onConfirm={() => to('停用')}>
                  <Button danger>停用</Button>
                </Popconfirm>
              </>
            ) : null}
            {seat.reservation ? (
              <Popconfirm title="确定取消该预订？" onConfirm={() => cancel.mutate(seat.reservation!.id)}>
                <Button danger>取消预订</Button>
              </Popconfirm>
            ) : null}
          </Space>
          {seat.state === '空闲' ? (
            <>
              <Divider>前台预订</Divider>
              <ReserveForm key={seat.id} seat={seat} />
            </>
          ) : null}
        </>
      ) : null}
    </Drawer>
  );
}
