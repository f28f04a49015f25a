import {
  fenToYuan,
  ORDER_PAY_METHOD_LABELS,
  type OrderDetail,
  type OrderLineRow,
  orderRefundBody,
} from '@netbar/contract';
import { Alert, Form, Input, InputNumber, Modal, Radio, Table, Typography } from 'antd';
import { useRef, useState } from 'react';
import { zodRule } from '../../../lib/zod-rules';
import { requestId } from '../api/order-list-api';
import { useRefundOrder } from '../api/order-list-mutations';
import { estimateRefund, refundableFen, refundableQty } from './refund-math';

/**
 * 退款: the whole order (what is left of it) or some lines by units, with a reason. The money goes back
 * the way it came (the server splits it by method) and the goods back to the counter. The request id is
 * kept until the refund lands, so a retry refunds once.
 */
export function RefundModal({ order, onClose }: { order: OrderDetail | null; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  const [whole, setWhole] = useState(true);
  const [picked, setPicked] = useState<Record<number, number | null>>({});
  const rid = useRef(requestId());
  const refund = useRefundOrder({
    success: (r) => `退款成功，共退 ¥${fenToYuan(r.data.order.refunded_fen - (order?.refunded_fen ?? 0))}`,
    onSuccess: () => {
      rid.current = requestId();
      setPicked({});
      onClose();
    },
  });
  if (!order) return null;
  const lines = order.lines.filter((l) => refundableQty(l) > 0);
  const amount = whole ? refundableFen(order) : estimateRefund(order, picked);
  const chosen = Object.entries(picked)
    .filter(([, q]) => (q ?? 0) > 0)
    .map(([id, q]) => ({ line_id: Number(id), qty: q as number }));
  const submit = async () => {
    let v: { reason: string };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    if (!whole && chosen.length === 0) return;
    refund.mutate({
      order_id: order.id,
      request_id: rid.current,
      reason: v.reason.trim(),
      lines: whole ? undefined : chosen,
    });
  };
  return (
    <Modal
      open
      title={`退款 · ${order.order_no}`}
      width={640}
      onCancel={onClose}
      onOk={submit}
      okText="确认退款"
      okButtonProps={{ danger: true, disabled: !whole && chosen.length === 0 }}
      confirmLoading={refund.isPending}
    >
      <Radio.Group
        value={whole}
        onChange={(e) => setWhole(e.target.value)}
        options={[
          { value: true, label: '整单退款' },
          { value: false, label: '部分商品退款' },
        ]}
        style={{ marginBottom: 16 }}
      />
      {!whole && (
        <Table<OrderLineRow>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={lines}
          columns={[
            { title: '商品', dataIndex: 'name' },
            { title: '单价(元)', dataIndex: 'unit_fen', align: 'right', render: (f: number) => fenToYuan(f) },
            { title: '可退数量', key: 'left', align: 'right', render: (_: unknown, l) => refundableQty(l) },
            {
              title: '退款数量',
              key: 'qty',
              render: (_: unknown, l) => (
                <InputNumber
                  aria-label={`${l.name}退款数量`}
                  min={0}
                  max={refundableQty(l)}
                  precision={0}
                  value={picked[l.id] ?? null}
                  onChange={(q) => setPicked((p) => ({ ...p, [l.id]: q }))}
                />
              ),
            },
          ]}
          style={{ marginBottom: 16 }}
        />
      )}
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={
          <span>
            {whole ? '退款金额' : '预计退款'}{' '}
            <Typography.Text strong type="danger" data-testid="refund-amount">
              ¥{fenToYuan(amount)}
            </Typography.Text>
            ，原路退回（
            {order.payments.map((p) => ORDER_PAY_METHOD_LABELS[p.method] ?? p.method).join('、') || '—'}
            ），商品退回吧台库存
          </span>
        }
      />
      <Form form={form} layout="vertical">
        <Form.Item name="reason" label="退款原因" required rules={[zodRule(orderRefundBody.shape.reason)]}>
          <Input aria-label="退款原因" maxLength={100} placeholder="如：商品售罄、顾客不要了" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
