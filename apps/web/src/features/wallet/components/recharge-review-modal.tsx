import { fenToYuan, type RechargeRow, rechargeConfirmBody, rechargeRejectBody } from '@netbar/contract';
import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { zodRule } from '../../../lib/zod-rules';
import { useReviewRecharge } from '../api/wallet-mutations';

export type ReviewAction = { row: RechargeRow; kind: 'confirm' | 'reject' } | null;

/** The contract's rules: 银行流水号 1-50, 驳回原因 1-100 characters. */
const TEXT_RULE = {
  confirm: [zodRule(rechargeConfirmBody.shape.transfer_ref)],
  reject: [zodRule(rechargeRejectBody.shape.reason)],
};

/** 确认到账 (with the bank transfer reference) or 驳回充值单 (with a reason). */
export function RechargeReviewModal({ action, onClose }: { action: ReviewAction; onClose: () => void }) {
  const [form] = Form.useForm<{ text: string }>();
  const review = useReviewRecharge({
    success: (kind) => (kind === 'confirm' ? '已确认到账' : '已驳回'),
    onSuccess: () => {
      onClose();
      form.resetFields();
    },
  });
  useEffect(() => {
    if (action) form.resetFields();
  }, [action, form]);
  const submit = async () => {
    if (!action) return;
    const v = await form.validateFields().catch(() => null); // the form shows what is wrong
    if (v) review.mutate({ kind: action.kind, id: action.row.id, text: v.text });
  };
  const confirm = action?.kind === 'confirm';
  return (
    <Modal
      title={confirm ? '确认到账' : '驳回充值单'}
      open={!!action}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={review.isPending}
      destroyOnHidden
      okText={confirm ? '确认到账' : '驳回'}
    >
      <p>
        {action?.row.agent_name} · {action ? fenToYuan(action.row.amount_fen) : ''} 元 ·{' '}
        {action?.row.order_no}
      </p>
      <Form form={form} layout="vertical">
        <Form.Item
          name="text"
          label={confirm ? '银行流水号' : '驳回原因'}
          rules={TEXT_RULE[confirm ? 'confirm' : 'reject']}
          required
        >
          <Input placeholder={confirm ? '核对银行到账后填写' : '如：未收到转账'} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
