import { fenToYuan, MEMBER_CORRECT_MINUTES_MAX, type MemberRow, yuanInputToFen } from '@netbar/contract';
import { Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { requestId } from '../api/member-api';
import { useCorrect, useTransfer } from '../api/member-mutations';

const yuan = (label: string, min: number) => ({
  type: 'number' as const,
  min,
  max: 100000,
  message: `${label}须为${min === 0.01 ? '0.01' : '-100000'}-100000元之间的金额`,
});

/** One request id per opening: a second click on a slow network retries the same request. */
function useRid(open: boolean) {
  const [rid, setRid] = useState(requestId);
  useEffect(() => {
    if (open) setRid(requestId());
  }, [open]);
  return rid;
}

/** 冲正调整 (owner only): signed amounts on 本金, 奖励, points and free minutes, with a reason. */
export function CorrectModal({ member, onClose }: { member: MemberRow | null; onClose: () => void }) {
  const [form] = Form.useForm();
  const rid = useRid(!!member);
  const m = useCorrect({ success: '调整成功', onSuccess: onClose });
  useEffect(() => {
    if (member) form.resetFields();
  }, [member, form]);
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || !member) return;
    m.mutate({
      member_id: member.id,
      principal_fen: yuanInputToFen(v.principal ?? 0),
      bonus_fen: yuanInputToFen(v.bonus ?? 0),
      points: v.points ?? 0,
      minutes: v.minutes ?? 0,
      reason: v.reason,
      request_id: rid,
    });
  };
  return (
    <Modal
      open={!!member}
      title={`冲正调整 · ${member?.name ?? ''}`}
      onOk={submit}
      confirmLoading={m.isPending}
      onCancel={onClose}
      forceRender
    >
      {member && (
        <Typography.Paragraph type="secondary">
          当前：本金 {fenToYuan(member.principal_fen)} 元，奖励 {fenToYuan(member.bonus_fen)} 元，积分{' '}
          {member.points}，免费上网时长 {member.free_minutes} 分钟
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" initialValues={{ principal: 0, bonus: 0, points: 0, minutes: 0 }}>
        <Form.Item name="principal" label="本金调整（元，负数为扣减）" rules={[yuan('本金调整', -100000)]}>
          <InputNumber aria-label="本金调整" precision={2} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="bonus" label="奖励调整（元）" rules={[yuan('奖励调整', -100000)]}>
          <InputNumber aria-label="奖励调整" precision={2} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="points" label="积分调整">
          <InputNumber
            aria-label="积分调整"
            precision={0}
            min={-1000000}
            max={1000000}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item
          name="minutes"
          label="免费上网时长调整（分钟，负数为扣减）"
          rules={[
            {
              type: 'integer',
              min: -MEMBER_CORRECT_MINUTES_MAX,
              max: MEMBER_CORRECT_MINUTES_MAX,
              message: `上网时长调整须为-${MEMBER_CORRECT_MINUTES_MAX}至${MEMBER_CORRECT_MINUTES_MAX}之间的整数（分钟）`,
            },
            {
              validator: (_, v?: number | null) =>
                member && v && v < 0 && -v > member.free_minutes
                  ? Promise.reject(new Error(`上网时长不足：当前${member.free_minutes}分钟`))
                  : Promise.resolve(),
            },
          ]}
        >
          <InputNumber aria-label="免费上网时长调整" precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="reason"
          label="原因"
          rules={[{ required: true, whitespace: true, message: '请填写原因（1-100个字符）' }]}
        >
          <Input aria-label="调整原因" maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 转账: 本金 to another member of the same store (or chain), found by its member number. */
export function TransferModal({ member, onClose }: { member: MemberRow | null; onClose: () => void }) {
  const [form] = Form.useForm();
  const rid = useRid(!!member);
  const m = useTransfer({ success: '转账成功', onSuccess: onClose });
  useEffect(() => {
    if (member) form.resetFields();
  }, [member, form]);
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || !member) return;
    m.mutate({
      from_id: member.id,
      to_id: v.to_id,
      amount_fen: yuanInputToFen(v.amount),
      request_id: rid,
      remark: v.remark,
    });
  };
  return (
    <Modal
      open={!!member}
      title={`会员转账 · ${member?.name ?? ''}`}
      onOk={submit}
      confirmLoading={m.isPending}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical">
        <Form.Item name="to_id" label="转入会员编号" rules={[{ required: true, message: '请选择转入会员' }]}>
          <InputNumber aria-label="转入会员编号" min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="amount"
          label="转账金额（元，从本金转出）"
          rules={[{ required: true, message: '请输入转账金额' }, yuan('转账金额', 0.01)]}
        >
          <InputNumber aria-label="转账金额" precision={2} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
