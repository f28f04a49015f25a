import { fenToYuan, WALLET_MSG, walletAdjustBody, yuanToFen } from '@netbar/contract';
import { Form, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { feedback } from '../../../lib/feedback';
import { http } from '../../../lib/http';
import { zodRule } from '../../../lib/zod-rules';

export interface AgentRow {
  id: number;
  name: string;
  user_name: string;
  contact: string;
  mobile: string;
  province: string;
  city: string;
  status: number;
  parent_name: string;
  balance_fen: number;
  netbar_count: number;
  created_at: string;
}

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
  const [saving, setSaving] = useState(false);
  const [modal, holder] = Modal.useModal();
  const submit = async () => {
    if (!agent) return;
    const v = await form.validateFields();
    const fen = (yuanToFen(v.amount) ?? 0) * v.dir;
    modal.confirm({
      title: v.dir > 0 ? '确认加款' : '确认扣款',
      content: `${agent.name}：${v.dir > 0 ? '加款' : '扣款'} ${fenToYuan(Math.abs(fen))} 元，原因：${v.reason}`,
      okText: '确认',
      cancelText: '取消',
      onOk: async () => {
        setSaving(true);
        try {
          await http.post('admin_wallet_adjust', {
            agent_id: agent.id,
            amount_fen: fen,
            reason: v.reason,
            request_id: requestId,
          });
          feedback.success('调整成功');
          form.resetFields();
          setRequestId(newRequestId());
          onDone();
        } catch {
          // the request client showed the reason
        } finally {
          setSaving(false);
        }
      },
    });
  };
  return (
    <Modal
      title={`余额调整 · ${agent?.name ?? ''}`}
      open={!!agent}
      onOk={submit}
      okText="提交"
      confirmLoading={saving}
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
        <Form.Item
          name="reason"
          label="原因"
          rules={[zodRule(walletAdjustBody.shape.reason)]}
          required
          tooltip={WALLET_MSG.reason}
        >
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
