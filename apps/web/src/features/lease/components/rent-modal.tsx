import {
  cashTakenFen,
  fenToYuan,
  LEASE_PAY_METHOD_LABELS,
  LEASE_PRICE_UNIT_LABELS,
  LEASE_QTY_MAX,
  type LeaseItemRow,
  type LeasePayMethod,
  leaseRentBody,
  type MemberRow,
} from '@netbar/contract';
import { DatePicker, Form, Input, InputNumber, Modal, Radio, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { shanghaiNow } from '../../../lib/shanghai-day';
import { zodRule } from '../../../lib/zod-rules';
import { findMembers, requestId } from '../api/lease-api';
import { useRent } from '../api/lease-mutations';

const shape = leaseRentBody.shape;
interface Values {
  qty: number;
  member_id?: number;
  customer_name?: string;
  customer_phone?: string;
  expected_return_at: Dayjs;
  pay_method: LeasePayMethod;
  remark?: string;
}

/** 租出: to a member (found by card or mobile) or a walk-in customer; the deposit is taken now. */
export function RentModal({ item, onClose }: { item: LeaseItemRow | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [members, setMembers] = useState<MemberRow[]>([]);
  const rid = useRef(requestId());
  const rentIt = useRent({
    success: (r) => `租出成功：${r.data.lease.lease_no}`,
    onSuccess: () => {
      rid.current = requestId();
      onClose();
    },
  });
  const qty = Form.useWatch('qty', form) ?? 1;
  const memberId = Form.useWatch('member_id', form);
  const payMethod = Form.useWatch('pay_method', form) ?? 'cash';
  if (!item) return null;
  const deposit = item.deposit_fen * (qty || 0);
  // 抹分 (decision 143): a cash deposit is taken in whole 角, as the server takes it
  const taken = memberId && payMethod !== 'cash' ? deposit : cashTakenFen(deposit);
  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    rentIt.mutate({
      request_id: rid.current,
      item_id: item.id,
      qty: v.qty,
      member_id: v.member_id,
      customer_name: v.customer_name?.trim() || undefined,
      customer_phone: v.customer_phone?.trim() || undefined,
      expected_return_at: v.expected_return_at.format('YYYY-MM-DD HH:mm'),
      pay_method: v.member_id ? v.pay_method : 'cash',
      remark: v.remark?.trim() || undefined,
    });
  };
  return (
    <Modal
      open
      title={`租出 · ${item.name}`}
      onOk={submit}
      onCancel={onClose}
      okText="租出"
      confirmLoading={rentIt.isPending}
    >
      <Typography.Paragraph type="secondary">
        押金 ¥{fenToYuan(item.deposit_fen)}/件 · 租金 ¥{fenToYuan(item.price_fen)}（
        {LEASE_PRICE_UNIT_LABELS[item.price_unit]}）· 在库 {item.qty_on_hand}
      </Typography.Paragraph>
      <Form
        form={form}
        labelCol={{ span: 5 }}
        initialValues={{ qty: 1, pay_method: 'cash', expected_return_at: shanghaiNow().add(2, 'hour') }}
      >
        <Form.Item
          name="qty"
          label="数量"
          required
          rules={[
            zodRule(shape.qty),
            {
              validator: async (_r, v?: number) => {
                if ((v ?? 0) > item.qty_on_hand) throw new Error(`在库数量不足（在库${item.qty_on_hand}）`);
              },
            },
          ]}
        >
          <InputNumber aria-label="数量" min={1} max={LEASE_QTY_MAX} precision={0} />
        </Form.Item>
        <Form.Item name="member_id" label="会员" extra="不选会员即为散客">
          <Select
            aria-label="会员"
            allowClear
            showSearch={{
              filterOption: false,
              onSearch: async (k) => setMembers(k.trim() ? await findMembers(k.trim()) : []),
            }}
            placeholder="输入卡号或手机号查找"
            options={members.map((m) => ({ value: m.id, label: `${m.name}（${m.mobile || m.card_mask}）` }))}
            notFoundContent={null}
          />
        </Form.Item>
        {!memberId && (
          <>
            <Form.Item name="customer_name" label="租用人" rules={[zodRule(shape.customer_name)]}>
              <Input aria-label="租用人" maxLength={20} placeholder="散客姓名（选填）" />
            </Form.Item>
            <Form.Item name="customer_phone" label="手机号" rules={[zodRule(shape.customer_phone)]}>
              <Input aria-label="手机号" maxLength={11} placeholder="选填" />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="expected_return_at"
          label="预计归还"
          required
          rules={[
            {
              validator: async (_r, v?: Dayjs) => {
                if (!v) throw new Error('请选择预计归还时间');
                if (!v.isAfter(shanghaiNow())) throw new Error('预计归还时间须晚于现在');
              },
            },
          ]}
        >
          <DatePicker aria-label="预计归还" showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
        </Form.Item>
        {memberId && (
          <Form.Item name="pay_method" label="押金支付">
            <Radio.Group
              options={(['cash', 'member'] as const).map((m) => ({
                value: m,
                label: LEASE_PAY_METHOD_LABELS[m],
              }))}
            />
          </Form.Item>
        )}
        <Form.Item name="remark" label="备注" rules={[zodRule(shape.remark)]}>
          <Input aria-label="备注" maxLength={200} />
        </Form.Item>
      </Form>
      <Typography.Text strong data-testid="rent-deposit">
        应收押金 ¥{fenToYuan(taken)}
        {taken !== deposit && `（押金¥${fenToYuan(deposit)}，现金抹零¥${fenToYuan(deposit - taken)}）`}
      </Typography.Text>
    </Modal>
  );
}
