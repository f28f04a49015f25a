import { type DeskBoardRow, deskOpenBody } from '@netbar/contract';
import { Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useRef } from 'react';
import { zodRule } from '../../../lib/zod-rules';
import { requestId } from '../api/desk-api';
import { useOpenDesk } from '../api/desk-mutations';

const shape = deskOpenBody.shape;

/** 开台: a walk-in, or the booking that is due now (the customer arrived). */
export function OpenDeskModal({ desk, onClose }: { desk: DeskBoardRow | null; onClose: () => void }) {
  const [form] = Form.useForm<{
    customer_name?: string;
    mobile?: string;
    guests?: number;
    remark?: string;
  }>();
  const rid = useRef(requestId());
  const open = useOpenDesk({
    success: '开台成功',
    onSuccess: () => {
      rid.current = requestId();
      onClose();
    },
  });
  if (!desk) return null;
  const booking = desk.next_booking;
  const submit = async () => {
    try {
      const v = await form.validateFields();
      open.mutate({
        request_id: rid.current,
        desk_id: desk.id,
        booking_id: booking && desk.state === 'booked' ? booking.id : undefined,
        customer_name: v.customer_name?.trim() || undefined,
        mobile: v.mobile?.trim() || undefined,
        guests: v.guests ?? undefined,
        remark: v.remark?.trim() || undefined,
      });
    } catch {
      // the form shows what is wrong
    }
  };
  return (
    <Modal
      open
      title={`开台 · ${desk.name}`}
      okText="开台"
      onOk={submit}
      onCancel={onClose}
      confirmLoading={open.isPending}
    >
      {booking && desk.state === 'booked' && (
        <Typography.Paragraph type="warning">
          预订：{booking.customer} {booking.start_at.slice(11, 16)}-{booking.end_at.slice(11, 16)}
          ，开台即为该预订到店
        </Typography.Paragraph>
      )}
      <Form form={form} labelCol={{ span: 5 }}>
        <Form.Item name="customer_name" label="顾客" rules={[zodRule(shape.customer_name)]}>
          <Input aria-label="顾客" maxLength={20} placeholder="选填" />
        </Form.Item>
        <Form.Item name="mobile" label="手机号" rules={[zodRule(shape.mobile)]}>
          <Input aria-label="手机号" maxLength={11} placeholder="选填" />
        </Form.Item>
        <Form.Item name="guests" label="人数" rules={[zodRule(shape.guests)]}>
          <InputNumber aria-label="人数" min={1} max={desk.capacity} precision={0} />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[zodRule(shape.remark)]}>
          <Input aria-label="备注" maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
