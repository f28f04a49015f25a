import {
  fenToYuan,
  LEASE_LOSS_KIND_LABELS,
  LEASE_LOSS_KINDS,
  LEASE_PAY_METHOD_LABELS,
  type LeaseOrderRow,
  type LeasePayMethod,
  leaseFee,
  leaseLostBody,
  leaseReturnBody,
  leaseSettlement,
} from '@netbar/contract';
import { Descriptions, Form, Input, Modal, Radio, Typography } from 'antd';
import { useRef } from 'react';
import { zodRule } from '../../../lib/zod-rules';
import { requestId } from '../api/lease-api';
import { useMarkLost, useReturnLease } from '../api/lease-mutations';

/** A Shanghai wall-clock text as an instant. */
const shanghaiInstant = (s: string) => new Date(`${s.replace(' ', 'T')}+08:00`);

/** The fee if returned now, and how it settles against the deposit (the server's figure is booked). */
export function returnEstimate(l: LeaseOrderRow, now = Date.now()) {
  const fee = leaseFee(l, l.qty, shanghaiInstant(l.rented_at), now);
  return { ...fee, ...leaseSettlement(l.deposit_fen, fee.fee_fen) };
}

/** 归还: the fee settled from the deposit, the rest given back; a fee above the deposit is paid now. */
export function ReturnModal({ lease, onClose }: { lease: LeaseOrderRow | null; onClose: () => void }) {
  const [form] = Form.useForm<{ pay_method?: LeasePayMethod; remark?: string }>();
  const rid = useRef(requestId());
  const ret = useReturnLease({
    success: (r) => `归还成功，退还押金 ¥${fenToYuan(r.data.lease.refund_fen)}`,
    onSuccess: () => {
      rid.current = requestId();
      onClose();
    },
  });
  if (!lease) return null;
  const est = returnEstimate(lease);
  const submit = async () => {
    try {
      const v = await form.validateFields();
      ret.mutate({
        request_id: rid.current,
        lease_id: lease.id,
        pay_method: est.extra_fen > 0 ? v.pay_method : undefined,
        remark: v.remark?.trim() || undefined,
      });
    } catch {
      // the form shows what is wrong
    }
  };
  return (
    <Modal
      open
      title={`归还 · ${lease.lease_no}`}
      onOk={submit}
      onCancel={onClose}
      okText="确认归还"
      confirmLoading={ret.isPending}
    >
      <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label="物品">
          {lease.item_name} × {lease.qty}
        </Descriptions.Item>
        <Descriptions.Item label="租出时间">{lease.rented_at}</Descriptions.Item>
        <Descriptions.Item label="已租">
          {Math.floor(est.minutes / 60)}小时{est.minutes % 60}分钟（计{est.units}
          {lease.price_unit === 'use' ? '次' : '小时'}）
        </Descriptions.Item>
        <Descriptions.Item label="押金">¥{fenToYuan(lease.deposit_fen)}</Descriptions.Item>
        <Descriptions.Item label="租金">¥{fenToYuan(est.fee_fen)}</Descriptions.Item>
        <Descriptions.Item label="退还押金">
          <Typography.Text strong data-testid="lease-refund">
            ¥{fenToYuan(est.refund_fen)}
          </Typography.Text>
        </Descriptions.Item>
        {est.extra_fen > 0 && (
          <Descriptions.Item label="须补交">
            <Typography.Text type="danger" strong>
              ¥{fenToYuan(est.extra_fen)}
            </Typography.Text>
          </Descriptions.Item>
        )}
      </Descriptions>
      <Form form={form} labelCol={{ span: 5 }} initialValues={{ pay_method: lease.pay_method }}>
        {est.extra_fen > 0 && (
          <Form.Item name="pay_method" label="补交方式">
            <Radio.Group
              options={(lease.member_id ? (['cash', 'member'] as const) : (['cash'] as const)).map((m) => ({
                value: m,
                label: LEASE_PAY_METHOD_LABELS[m],
              }))}
            />
          </Form.Item>
        )}
        <Form.Item name="remark" label="备注" rules={[zodRule(leaseReturnBody.shape.remark)]}>
          <Input aria-label="备注" maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 丢失/损坏: the deposit is kept, the units leave the books; a reason is required. */
export function LostModal({ lease, onClose }: { lease: LeaseOrderRow | null; onClose: () => void }) {
  const [form] = Form.useForm<{ kind: 'lost' | 'damaged'; reason: string }>();
  const rid = useRef(requestId());
  const lost = useMarkLost({
    success: '已登记丢失损坏，押金不退',
    onSuccess: () => {
      rid.current = requestId();
      onClose();
    },
  });
  if (!lease) return null;
  const submit = async () => {
    try {
      const v = await form.validateFields();
      lost.mutate({ request_id: rid.current, lease_id: lease.id, kind: v.kind, reason: v.reason.trim() });
    } catch {
      // the form shows what is wrong
    }
  };
  return (
    <Modal
      open
      title={`丢失/损坏 · ${lease.lease_no}`}
      onOk={submit}
      onCancel={onClose}
      okText="确认登记"
      okButtonProps={{ danger: true }}
      confirmLoading={lost.isPending}
    >
      <Typography.Paragraph>
        {lease.item_name} × {lease.qty}，押金 ¥{fenToYuan(lease.deposit_fen)} 将不予退还。
      </Typography.Paragraph>
      <Form form={form} labelCol={{ span: 4 }} initialValues={{ kind: 'lost' }}>
        <Form.Item name="kind" label="类型">
          <Radio.Group
            options={LEASE_LOSS_KINDS.map((k) => ({ value: k, label: LEASE_LOSS_KIND_LABELS[k] }))}
          />
        </Form.Item>
        <Form.Item name="reason" label="原因" required rules={[zodRule(leaseLostBody.shape.reason)]}>
          <Input aria-label="原因" maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
