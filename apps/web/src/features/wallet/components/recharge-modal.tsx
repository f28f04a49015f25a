import { rechargeBody, TOP_UP_MAX_FEN, yuanToFen } from '@netbar/contract';
import { Alert, Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { zodFormRules } from '../../../lib/zod-rules';
import { useCreateRecharge } from '../api/wallet-mutations';

/** The remark from the contract; the amount is yuan on the form and fen on the wire (hand rule). */
const rules = zodFormRules(rechargeBody);

const newRequestId = () => `rc-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** 充值: a recharge order settled by bank transfer, confirmed by the platform. */
export function RechargeModal({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<{ amount: number; remark?: string }>();
  const [requestId, setRequestId] = useState(newRequestId);
  // a refusal is shown by the request client (a replay answers silently)
  const recharge = useCreateRecharge({
    success: '充值单已提交，平台确认到账后自动入账',
    onSuccess: () => {
      form.resetFields();
      setRequestId(newRequestId());
      onDone();
    },
  });
  const submit = async () => {
    const v = await form.validateFields().catch(() => null); // the form shows what is wrong
    const fen = v ? yuanToFen(v.amount) : null;
    if (!v || !fen) return;
    recharge.mutate({ amountFen: fen, requestId, remark: v.remark });
  };
  return (
    <Modal
      title="钱包充值"
      open={open}
      onOk={submit}
      okText="提交充值单"
      confirmLoading={recharge.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="请通过银行转账汇款"
        description="收款户名：网吧云平台科技有限公司；开户行：招商银行上海分行；账号：6214 8301 2345 6789。转账备注请填写您的登录账号，平台核对到账后为您入账。"
      />
      <Form form={form} layout="vertical">
        <Form.Item
          name="amount"
          label="充值金额（元）"
          rules={[
            { required: true, message: '请输入充值金额' },
            {
              validator: async (_r, v) => {
                if (v !== undefined && v !== null && (!yuanToFen(v) || (yuanToFen(v) ?? 0) <= 0))
                  throw new Error('请输入充值金额');
                if ((yuanToFen(v) ?? 0) > TOP_UP_MAX_FEN) throw new Error('单次充值金额不能超过100万元');
              },
            },
          ]}
        >
          <InputNumber min={0.01} precision={2} style={{ width: '100%' }} placeholder="如：5000" />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={rules.remark}>
          <Input maxLength={100} placeholder="选填，如转账银行与流水号" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
