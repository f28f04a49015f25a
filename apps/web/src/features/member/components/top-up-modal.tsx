import {
  CASH_TOPUP_FEN_REFUSED,
  cashRoundFen,
  fenToYuan,
  type MemberMoveResult,
  type MemberRow,
  topUpBonus,
  yuanInputToFen,
} from '@netbar/contract';
import { Alert, Button, Form, Input, InputNumber, Modal, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { requestId } from '../api/member-api';
import { useTopUp } from '../api/member-mutations';
import { useLevels, useTopUpPreview } from '../api/member-queries';
import { printReceipt, ReceiptView } from './receipt-view';

/** 100.00 → 100 in the 充X送Y labels. */
const short = (f: number) => fenToYuan(f).replace(/\.00$/, '');

/**
 * 会员充值 (cash): the level's bonus is previewed while typing, and the 营销活动 the amount joins (the
 * server's choice, decision 187) once typing pauses; afterwards the receipt, ready to print.
 */
export function TopUpModal({ member, onClose }: { member: MemberRow | null; onClose: () => void }) {
  const [form] = Form.useForm<{ amount?: number; remark?: string }>();
  const [rid, setRid] = useState(requestId);
  const [done, setDone] = useState<MemberMoveResult | null>(null);
  const levels = useLevels();
  const mutation = useTopUp({ onSuccess: (r) => setDone(r.data) });
  useEffect(() => {
    if (member) {
      form.resetFields();
      setDone(null);
      setRid(requestId());
    }
  }, [member, form]);
  const amount = Form.useWatch('amount', form);
  const fen = amount ? yuanInputToFen(amount) : 0;
  const level = levels.data?.find((l) => l.id === member?.level_id);
  const bonus = level ? topUpBonus(level.bonus_rules, fen) : 0;
  const points = level ? Math.floor(fen / 100) * level.points_per_yuan : 0;
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(fen), 300);
    return () => clearTimeout(timer);
  }, [fen]);
  const preview = useTopUpPreview(member?.id, asked === fen ? fen : 0);
  const promotion = asked === fen ? preview.data?.promotion : undefined;
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v || !member) return;
    mutation.mutate({
      member_id: member.id,
      amount_fen: yuanInputToFen(v.amount),
      request_id: rid,
      remark: v.remark,
    });
  };
  return (
    <Modal
      open={!!member}
      title={done ? '充值成功' : `会员充值 · ${member?.name ?? ''}`}
      onCancel={onClose}
      forceRender
      footer={
        done ? (
          <Space>
            <Button onClick={printReceipt}>打印小票</Button>
            <Button type="primary" onClick={onClose}>
              完成
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={onClose}>取消</Button>
            <Button type="primary" loading={mutation.isPending} onClick={submit}>
              确认收款并充值
            </Button>
          </Space>
        )
      }
    >
      {done && member ? (
        <>
          {done.upgraded_to && (
            <Alert
              type="success"
              showIcon
              title={`会员已升级为 ${done.upgraded_to}`}
              style={{ marginBottom: 12 }}
            />
          )}
          {done.promotion && (
            <Alert
              type="success"
              showIcon
              title={`营销活动「${done.promotion.activity_name}」${done.promotion.prize_name}：另赠奖励 ${fenToYuan(done.promotion.bonus_fen)} 元`}
              style={{ marginBottom: 12 }}
            />
          )}
          <ReceiptView row={done.ledger} member={member} />
        </>
      ) : (
        <Form form={form} layout="vertical">
          <Typography.Paragraph type="secondary">
            卡号 {member?.card_mask}，等级 {member?.level_name}，当前本金{' '}
            {fenToYuan(member?.principal_fen ?? 0)} 元、奖励 {fenToYuan(member?.bonus_fen ?? 0)} 元
          </Typography.Paragraph>
          {level && level.bonus_rules.length > 0 && (
            <Typography.Paragraph type="secondary">
              充值赠送：
              {level.bonus_rules.map((r) => `充${short(r.threshold_fen)}送${short(r.bonus_fen)}`).join('，')}
            </Typography.Paragraph>
          )}
          <Form.Item
            name="amount"
            label="充值金额（元，现金）"
            required
            rules={[
              { required: true, message: '请输入充值金额' },
              { type: 'number', min: 0.01, max: 100000, message: '充值金额须为0.01-100000元之间的金额' },
              {
                // 抹分 (decision 143): the drawer takes no 分, as the server refuses
                validator: async (_r, v?: number) => {
                  if (v && cashRoundFen(yuanInputToFen(v))) throw new Error(CASH_TOPUP_FEN_REFUSED);
                },
              },
            ]}
          >
            <InputNumber aria-label="充值金额" min={0} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Alert
            type="info"
            title={`到账：本金 ${fenToYuan(fen)} 元，赠送奖励 ${fenToYuan(bonus)} 元，积分 ${points}`}
            aria-label="赠送预览"
          />
          {promotion && (
            <Alert
              type="success"
              showIcon
              style={{ marginTop: 8 }}
              aria-label="营销活动预览"
              title={`营销活动「${promotion.activity_name}」${promotion.prize_name}：另赠奖励 ${fenToYuan(promotion.bonus_fen)} 元`}
            />
          )}
          <Form.Item name="remark" label="备注" style={{ marginTop: 12 }}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
