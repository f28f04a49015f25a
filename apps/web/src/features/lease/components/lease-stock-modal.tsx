import { type LeaseItemRow, leaseItemStockBody } from '@netbar/contract';
import { Form, Input, InputNumber, Modal, Radio, Typography } from 'antd';
import { useRef } from 'react';
import { zodFormRules } from '../../../lib/zod-rules';
import { requestId } from '../api/lease-api';
import { useMoveItemStock } from '../api/lease-mutations';

const rules = zodFormRules(leaseItemStockBody);

/** 入库 (more units on hand) or 报废 (write units off; never more than are on hand) with a reason. */
export function LeaseStockModal({ item, onClose }: { item: LeaseItemRow | null; onClose: () => void }) {
  const [form] = Form.useForm<{ kind: 'in' | 'out'; qty: number; reason: string }>();
  const rid = useRef(requestId());
  const move = useMoveItemStock({
    onSuccess: () => {
      rid.current = requestId();
      onClose();
    },
    success: '操作成功',
  });
  const kind = Form.useWatch('kind', form);
  if (!item) return null;
  const submit = async () => {
    try {
      const v = await form.validateFields();
      move.mutate({
        item_id: item.id,
        kind: v.kind,
        qty: v.qty,
        reason: v.reason.trim(),
        request_id: rid.current,
      });
    } catch {
      // the form shows what is wrong
    }
  };
  return (
    <Modal
      open
      title={`入库/报废 · ${item.name}`}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={move.isPending}
    >
      <Typography.Paragraph type="secondary">
        在库 {item.qty_on_hand}，租出 {item.qty_out}
      </Typography.Paragraph>
      <Form form={form} labelCol={{ span: 4 }} initialValues={{ kind: 'in' }}>
        <Form.Item name="kind" label="类型" rules={rules.kind}>
          <Radio.Group
            options={[
              { value: 'in', label: '入库' },
              { value: 'out', label: '报废出库' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="qty"
          label="数量"
          required
          rules={[
            ...rules.qty,
            {
              validator: async (_r, v?: number) => {
                if (kind === 'out' && (v ?? 0) > item.qty_on_hand)
                  throw new Error(`报废数量不能超过在库数量（${item.qty_on_hand}）`);
              },
            },
          ]}
        >
          <InputNumber aria-label="数量" min={1} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="reason" label="原因" required rules={rules.reason}>
          <Input aria-label="原因" maxLength={100} placeholder="如：新采购、损坏无法修复" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
