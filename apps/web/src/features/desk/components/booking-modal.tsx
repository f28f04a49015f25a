import { type DeskBookingBody, deskBookingBody } from '@netbar/contract';
import { DatePicker, Form, Input, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useRef } from 'react';
import { FilterSelect } from '../../../components/filter-select';
import { zodRule } from '../../../lib/zod-rules';
import { deskOptions, requestId } from '../api/desk-api';
import { useBook } from '../api/desk-mutations';

const shape = deskBookingBody.shape;
interface Values {
  desk_id: number;
  slot: [Dayjs, Dayjs];
  customer_name?: string;
  mobile?: string;
  remark?: string;
}
const FMT = 'YYYY-MM-DD HH:mm';

/** 新增预订: a desk and a time slot (the server refuses one over another booking), the customer's phone. */
export function BookingModal({ open, day, onClose }: { open: boolean; day: Dayjs; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const rid = useRef(requestId());
  const bookIt = useBook({
    success: '预订成功',
    onSuccess: () => {
      rid.current = requestId();
      form.resetFields();
      onClose();
    },
  });
  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const body: DeskBookingBody = {
      request_id: rid.current,
      desk_id: v.desk_id,
      start_at: v.slot[0].format(FMT),
      end_at: v.slot[1].format(FMT),
      customer_name: v.customer_name?.trim() || undefined,
      mobile: v.mobile?.trim() || undefined,
      remark: v.remark?.trim() || undefined,
    };
    const check = deskBookingBody.safeParse(body);
    if (!check.success) {
      form.setFields([{ name: 'slot', errors: [check.error.issues[0]?.message ?? '预订时间不正确'] }]);
      return;
    }
    bookIt.mutate(body);
  };
  return (
    <Modal
      open={open}
      title="新增预订"
      okText="预订"
      onOk={submit}
      onCancel={onClose}
      confirmLoading={bookIt.isPending}
      forceRender
    >
      <Form
        form={form}
        labelCol={{ span: 5 }}
        initialValues={{ slot: [day.hour(19).minute(0), day.hour(21).minute(0)] }}
      >
        <Form.Item name="desk_id" label="包间/桌台" rules={[zodRule(shape.desk_id)]} required>
          <FilterSelect placeholder="请选择包间/桌台" loader={deskOptions} />
        </Form.Item>
        <Form.Item name="slot" label="时段" required rules={[{ required: true, message: '请选择预订时段' }]}>
          <DatePicker.RangePicker
            aria-label="预订时段"
            showTime={{ format: 'HH:mm', minuteStep: 5 }}
            format={FMT}
          />
        </Form.Item>
        <Form.Item name="customer_name" label="顾客" rules={[zodRule(shape.customer_name)]}>
          <Input aria-label="顾客" maxLength={20} />
        </Form.Item>
        <Form.Item name="mobile" label="手机号" rules={[zodRule(shape.mobile)]} required>
          <Input aria-label="手机号" maxLength={11} />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[zodRule(shape.remark)]}>
          <Input aria-label="备注" maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
