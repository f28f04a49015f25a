import {
  PETTY_TYPE_LABELS,
  PETTY_TYPES,
  type PettyType,
  SHIFT_FLOAT_MAX_FEN,
  shiftPettyBody,
  yuanInputToFen,
} from '@netbar/contract';
import { Form, Input, InputNumber, Modal, Radio } from 'antd';
import { useRef } from 'react';
import { zodRule } from '../../../lib/zod-rules';
import { requestId } from '../api/shift-api';
import { usePettyCash } from '../api/shift-mutations';

interface Values {
  type: PettyType;
  amount: number | null;
  reason: string;
}

/** 备用金存入 / 取出 / 支出 with its reason: one till movement of the open shift (request_id kept until it lands). */
export function PettyModal({ type, onClose }: { type: PettyType | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const rid = useRef(requestId());
  const petty = usePettyCash({
    success: '操作成功',
    onSuccess: () => {
      rid.current = requestId();
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
    petty.mutate({
      type: v.type,
      amount_fen: yuanInputToFen(v.amount),
      reason: v.reason.trim(),
      request_id: rid.current,
    });
  };
  return (
    <Modal
      open={type !== null}
      title="备用金"
      onCancel={onClose}
      onOk={submit}
      okText="确定"
      confirmLoading={petty.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ type: type ?? 'deposit' }} preserve={false}>
        <Form.Item name="type" label="类型">
          <Radio.Group
            options={PETTY_TYPES.map((t) => ({ value: t, label: PETTY_TYPE_LABELS[t] }))}
            optionType="button"
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label="金额(元)"
          rules={[
            {
              validator: async (_r, v: number | null) => {
                const fen = yuanInputToFen(v);
                if (!v || fen < 1 || fen > SHIFT_FLOAT_MAX_FEN)
                  throw new Error('金额须为0.01-100000元之间的金额');
              },
            },
          ]}
        >
          <InputNumber aria-label="金额" min={0} precision={2} style={{ width: '100%' }} autoFocus />
        </Form.Item>
        <Form.Item name="reason" label="原因" required rules={[zodRule(shiftPettyBody.shape.reason)]}>
          <Input aria-label="原因" maxLength={100} placeholder="如：换零钱、购买清洁用品" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
