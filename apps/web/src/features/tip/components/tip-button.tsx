import { fenToYuan, type MemberRow, TIP_MAX_FEN, TIP_MSG, yuanInputToFen } from '@netbar/contract';
import { Button, Form, Input, InputNumber, Modal, Radio, Select, Typography } from 'antd';
import { useRef, useState } from 'react';
import { requestId } from '../api/tip-api';
import { useTipAtCounter } from '../api/tip-mutations';
import { useTipStaff } from '../api/tip-queries';
import { useTipGrants } from './tip-grants';

interface Values {
  staff_id?: number;
  amount: number | null;
  remark?: string;
}
const QUICK = [2, 5, 10, 20, 50];

/**
 * 打赏 at the counter for the member attached (收银台): a staff member of the store and an amount from
 * 本金 only; `onTipped` hands back the member's 本金 after it (the request id kept until it lands).
 */
export function TipButton({
  member,
  onTipped,
}: {
  member: MemberRow;
  onTipped?: (principal: number) => void;
}) {
  const can = useTipGrants();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();
  const rid = useRef(requestId());
  const staff = useTipStaff(open);
  const tip = useTipAtCounter({
    success: (r) => `打赏成功：${r.tip.staff_name} ¥${fenToYuan(r.tip.amount_fen)}`,
    onSuccess: (r) => {
      rid.current = requestId();
      onTipped?.(r.principal_after);
      setOpen(false);
    },
  });
  if (!can.counter) return null;
  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    tip.mutate({
      member_id: member.id,
      staff_id: v.staff_id!,
      amount_fen: yuanInputToFen(v.amount),
      request_id: rid.current,
      remark: v.remark?.trim() || undefined,
    });
  };
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        打赏
      </Button>
      <Modal
        open={open}
        title={`会员打赏 · ${member.name || '会员'}`}
        onCancel={() => setOpen(false)}
        onOk={submit}
        okText="确认打赏"
        confirmLoading={tip.isPending}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          从会员本金扣款（不使用奖励），当前本金 ¥{fenToYuan(member.principal_fen)}
        </Typography.Paragraph>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item name="staff_id" label="打赏员工" rules={[{ required: true, message: TIP_MSG.staff }]}>
            <Select
              aria-label="打赏员工"
              placeholder="选择员工"
              loading={staff.isLoading}
              options={(staff.data ?? []).map((s) => ({
                value: s.id,
                label: `${s.name}（${s.position || '员工'}）`,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="amount"
            label="金额(元)"
            rules={[
              {
                validator: async (_r, v: number | null) => {
                  const fen = yuanInputToFen(v);
                  if (!v || fen < 1 || fen > TIP_MAX_FEN) throw new Error(TIP_MSG.amount);
                  if (fen > member.principal_fen)
                    throw new Error(`本金余额不足：当前${fenToYuan(member.principal_fen)}元`);
                },
              },
            ]}
          >
            <InputNumber aria-label="打赏金额" min={0} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Radio.Group
            optionType="button"
            size="small"
            options={QUICK.map((y) => ({ value: y, label: `¥${y}` }))}
            onChange={(e) => form.setFieldsValue({ amount: e.target.value as number })}
            style={{ marginBottom: 16 }}
          />
          <Form.Item name="remark" label="留言">
            <Input aria-label="留言" maxLength={50} placeholder="选填，如：服务好" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
