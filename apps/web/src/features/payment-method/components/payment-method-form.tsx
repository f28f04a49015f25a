import {
  PAY_METHOD_MSG,
  PAY_PROVIDER_LABELS,
  PAY_TYPE_DEFS,
  type PaymentMethodRow,
  type PayProvider,
  type PayType,
  paymentAddBody,
  paymentSettings,
  payTypeDef,
} from '@netbar/contract';
import { Checkbox, Form, Input, Modal, Select, Space } from 'antd';
import { type ModeState, useModeForm } from '../../../components/use-mode-form';
import { zodRule } from '../../../lib/zod-rules';
import type { MethodSave } from '../api/payment-method-api';
import { useSavePaymentMethod } from '../api/payment-method-mutations';

interface Values {
  pay_type: PayType;
  name: string;
  provider: PayProvider;
  merchant_no?: string;
  scenes: ('cashier' | 'client')[];
}

const valuesOf = (m: PaymentMethodRow): Values => ({
  pay_type: m.pay_type,
  name: m.name,
  provider: m.provider,
  merchant_no: m.settings.merchant_no,
  scenes: [...(m.cashier ? (['cashier'] as const) : []), ...(m.client ? (['client'] as const) : [])],
});

const sceneRule = {
  validator: async (_: unknown, v: unknown) => {
    if (!Array.isArray(v) || v.length === 0) throw new Error(PAY_METHOD_MSG.noScene);
  },
};

/** 新增/编辑支付方式: pay type (only those the store has not added), display name, channel, where offered. */
export function PaymentMethodForm({
  state,
  added,
  onClose,
}: {
  state: ModeState<PaymentMethodRow>;
  added: PayType[];
  onClose: () => void;
}) {
  const mutation = useSavePaymentMethod();
  const { form, saving, adding, submit, title } = useModeForm<PaymentMethodRow, Values, MethodSave>(state, {
    valuesOf,
    mutation,
    success: (s) => (s.mode === 'add' ? '添加成功' : '保存成功'),
    payload: (v, s) => {
      const online = payTypeDef(v.pay_type)?.online ?? false;
      return {
        ...(s.mode === 'edit' ? { id: s.row.id } : { pay_type: v.pay_type }),
        name: v.name,
        provider: v.provider,
        cashier: v.scenes.includes('cashier'),
        client: v.scenes.includes('client'),
        settings: online && v.merchant_no ? { merchant_no: v.merchant_no } : {},
      };
    },
    onDone: onClose,
  });
  const payType = Form.useWatch('pay_type', form);
  const def = payType ? payTypeDef(payType) : undefined;
  const choices = PAY_TYPE_DEFS.filter((d) => !adding || !added.includes(d.pay_type));
  return (
    <Modal
      open={!!state}
      title={title('支付方式')}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" name="payment-method-form" initialValues={{ scenes: ['cashier'] }}>
        <Form.Item name="pay_type" label="支付类型" required rules={[zodRule(paymentAddBody.shape.pay_type)]}>
          <Select
            disabled={!adding}
            placeholder="请选择支付类型"
            options={choices.map((d) => ({ value: d.pay_type, label: d.label }))}
            onChange={(v: PayType) => {
              const d = payTypeDef(v);
              if (d) form.setFieldsValue({ name: d.label, provider: d.providers[0] });
            }}
          />
        </Form.Item>
        <Form.Item name="name" label="显示名称" required rules={[zodRule(paymentAddBody.shape.name)]}>
          <Input maxLength={20} placeholder="收银台和客户端上显示的名称" />
        </Form.Item>
        <Form.Item name="provider" label="支付通道" rules={[{ required: true, message: '请选择支付通道' }]}>
          <Select
            placeholder="请选择支付通道"
            options={(def?.providers ?? []).map((p) => ({ value: p, label: PAY_PROVIDER_LABELS[p] }))}
          />
        </Form.Item>
        {def?.online && (
          <Form.Item
            name="merchant_no"
            label="商户号"
            extra="选填；通道密钥与证书由平台统一配置"
            rules={[zodRule(paymentSettings.shape.merchant_no)]}
          >
            <Input maxLength={32} placeholder="支付通道分配的商户号" />
          </Form.Item>
        )}
        <Form.Item name="scenes" label="使用场景" required rules={[sceneRule]}>
          <Checkbox.Group>
            <Space>
              <Checkbox value="cashier">收银台</Checkbox>
              <Checkbox value="client">客户端</Checkbox>
            </Space>
          </Checkbox.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}
