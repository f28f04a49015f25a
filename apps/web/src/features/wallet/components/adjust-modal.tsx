import { fenToYuan, WALLET_MSG, walletAdjustBody, yuanToFen } from '@netbar/contract';
import { Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { zodFormRules } from '../../../lib/zod-rules';
import type { AgentRow } from '../api/wallet-admin-api';
import { useAdjustBalance } from '../api/wallet-mutations';

export type { AgentRow };

/** The reason from the contract; the amount is yuan on the form and fen on the wire (hand rule). */
const rules = zodFormRules(walletAdjustBody);

const newRequestId = () => `adj-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
const amountRule = {
  validator: async (_: unknown, v: unknown) => {
    const fen = yuanToFen(String(v ?? ''));
    if (!fen || fen <= 0 || fen > 100_000_000) throw new Error('请输入0.01-1000000元的金额，最多两位小数');
  },
};

/** 加款/扣款 with a written reason; a confirm dialog repeats the amount; one request id per attempt. */
export function AdjustModal({
  agent,
  onClose,
  onDone,
}: {
  agent: AgentRow | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<{ dir: 1 | -1; amount: string; reason: string }>();
  const [requestId, setRequestId] = useState(newRequestId);
  const [modal, holder] = Modal.useModal();
  const adjust = useAdjustBalance({
    success: '调整成功',
    onSuccess: () => {
      form.resetFields();
      setRequestId(newRequestId());
      onDone();
    },
  });
  const submit = async () => {
    if (!agent) return;
    const v = await form.validateFields().catch(() => null); // the form shows what is wrong
    if (!v) return;
    const fen = (yuanToFen(v.amount) ?? 0) * v.dir;
    modal.confirm({
      title: v.dir > 0 ? '确认加款' : '确认扣款',
      content: `${agent.name}：${v.dir > 0 ? '加款' : '扣款'} ${fenToYuan(Math.abs(fen))} 元，原因：${v.reason}`,
      okText: '确认',
      cancelText: '取消',
      // the confirm dialog waits for the answer; a refusal was shown by the request client
      onOk: () =>
        new Promise<void>((settled) =>
          adjust.mutate(
            { agent_id: agent.id, amount_fen: fen, reason: v.reason, request_id: requestId },
            { onSettled: () => settled() },
          ),
        ),
    });
  };
  return (
    <Modal
      title={`余额调整 · ${agent?.name ?? ''}`}
      open={!!agent}
      onOk={submit}
      okText="提交"
      confirmLoading={adjust.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {holder}
      <p>当前余额：{agent ? fenToYuan(agent.balance_fen) : ''} 元</p>
      <Form form={form} layout="vertical" initialValues={{ dir: 1 }}>
        <Form.Item name="dir" label="类型">
          <Radio.Group
            options={[
              { value: 1, label: '加款' },
              { value: -1, label: '扣款' },
            ]}
          />
        </Form.Item>
        <Form.Item name="amount" label="金额（元）" rules={[amountRule]} required>
          <Input placeholder="如：500.00" />
        </Form.Item>
        <Form.Item name="reason" label="原因" rules={rules.reason} required tooltip={WALLET_MSG.reason}>
          <Input.TextArea
            rows={2}
            maxLength={100}
            showCount
            placeholder="如：线下活动返利（将记入资金流水，代理商可见）"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
