import { fenToYuan, fenToYuanPlain, TIP_MSG, yuanInputToFen } from '@netbar/contract';
import { Alert, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useEffect, useRef } from 'react';
import { requestId } from '../api/tip-api';
import { usePayout } from '../api/tip-mutations';
import { useUnpaid } from '../api/tip-queries';

interface Values {
  staff_id?: number;
  amount: number | null;
  remark?: string;
}

/**
 * 打赏发放: cash from the caller's current shift to a staff member, at most their unpaid tips (the full
 * amount proposed). The till books a 支出 「打赏发放」 (the request id kept until it lands).
 */
export function PayoutModal({
  open,
  staffId,
  onClose,
  onPaid,
}: {
  open: boolean;
  staffId?: number | null;
  onClose: () => void;
  onPaid?: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const rid = useRef(requestId());
  const unpaid = useUnpaid(open);
  const owed = (unpaid.data ?? []).filter((r) => r.unpaid_fen > 0);
  const pay = usePayout({
    success: (r) => `发放成功：${r.payout.staff_name} ¥${fenToYuan(-r.payout.amount_fen)}`,
    onSuccess: () => {
      rid.current = requestId();
      onPaid?.();
      onClose();
    },
  });
  const choose = (id?: number) => {
    const row = owed.find((r) => r.staff_id === id);
    form.setFieldsValue({ staff_id: id, amount: row ? Number(fenToYuanPlain(row.unpaid_fen)) : null });
  };
  // the staff member asked for (or the only one owed) with their whole unpaid amount
  const first = staffId ?? (owed.length === 1 ? owed[0]!.staff_id : undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once the summary has loaded for this opening
  useEffect(() => {
    if (open && unpaid.data) choose(first ?? undefined);
  }, [open, unpaid.data, first]);
  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    pay.mutate({
      staff_id: v.staff_id!,
      amount_fen: yuanInputToFen(v.amount),
      request_id: rid.current,
      remark: v.remark?.trim() || undefined,
    });
  };
  return (
    <Modal
      open={open}
      title="打赏发放"
      onCancel={onClose}
      onOk={submit}
      okText="发放现金"
      confirmLoading={pay.isPending}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="从您当前班次的钱箱支出现金，交班单记为「支出 · 打赏发放」"
      />
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="staff_id" label="员工" rules={[{ required: true, message: TIP_MSG.staff }]}>
          <Select
            aria-label="员工"
            placeholder={owed.length ? '选择员工' : '没有未发放的打赏'}
            loading={unpaid.isLoading}
            onChange={(id: number) => choose(id)}
            options={owed.map((r) => ({
              value: r.staff_id,
              label: `${r.staff_name}（未发放 ¥${fenToYuan(r.unpaid_fen)}）`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label="发放金额(元)"
          rules={[
            {
              validator: async (_r, v: number | null) => {
                const fen = yuanInputToFen(v);
                if (!v || fen < 1) throw new Error(TIP_MSG.payoutAmount);
                const row = owed.find((r) => r.staff_id === form.getFieldValue('staff_id'));
                if (row && fen > row.unpaid_fen) throw new Error(TIP_MSG.overUnpaid);
              },
            },
          ]}
        >
          <InputNumber aria-label="发放金额" min={0} precision={2} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input aria-label="备注" maxLength={50} placeholder="选填" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
