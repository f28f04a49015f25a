import { fenToYuan, type NetbarRow } from '@netbar/contract';
import { Alert, Descriptions, Form, InputNumber, Modal, Select } from 'antd';
import { useMemo } from 'react';
import { newRequestId } from '../api/netbar-api';
import { useExtendNetbar } from '../api/netbar-mutations';
import { useBalance, useProducts } from '../api/netbar-queries';

/** 续费: N months × machines × unit price, ordered and paid from the wallet in one step. */
export function ExtendModal({
  netbar,
  onClose,
  onDone,
}: {
  netbar: NetbarRow | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<{ product_id: number; months: number }>();
  // A new id each time the dialog opens for a netbar; a second click or a retry reuses it.
  const requestId = useMemo(() => (netbar ? newRequestId() : ''), [netbar]);
  const products = useProducts(!!netbar);
  const balance = useBalance(!!netbar);
  // a refusal is shown by the request client; an unpaid order stays in 消费订单
  const extend = useExtendNetbar({
    success: (order) => `续费成功，已从钱包扣款 ${fenToYuan(order.amount_fen)} 元`,
    onSuccess: onDone,
  });
  const productId = Form.useWatch('product_id', form);
  const months = Form.useWatch('months', form) ?? 0;
  const product = products.data?.find((p) => p.id === productId);
  const amount = product && netbar ? product.price_fen * netbar.machine_count * months : 0;
  const submit = async () => {
    if (!netbar) return;
    const v = await form.validateFields().catch(() => null); // the form shows what is wrong
    if (!v) return;
    extend.mutate({ netbarId: netbar.id, months: v.months, productId: v.product_id, requestId });
  };
  return (
    <Modal
      title={`网吧续费 · ${netbar?.name ?? ''}`}
      open={!!netbar}
      onOk={submit}
      okText="支付并续费"
      confirmLoading={extend.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label="当前到期">{netbar?.expire_at ?? '未开通'}</Descriptions.Item>
        <Descriptions.Item label="机器数">{netbar?.machine_count} 台</Descriptions.Item>
        <Descriptions.Item label="钱包余额">
          {balance.data === undefined ? '—' : `${fenToYuan(balance.data)} 元`}
        </Descriptions.Item>
      </Descriptions>
      <Form form={form} layout="vertical" initialValues={{ months: 12 }}>
        <Form.Item name="product_id" label="产品版本" rules={[{ required: true, message: '请选择产品版本' }]}>
          <Select
            placeholder="请选择"
            options={(products.data ?? []).map((p) => ({
              value: p.id,
              label: `${p.name}（${fenToYuan(p.price_fen)} 元/台/月）`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="months"
          label="续费月数"
          rules={[{ required: true, type: 'integer', min: 1, max: 36, message: '续费月数为1-36的整数' }]}
        >
          <InputNumber min={1} max={36} addonAfter="个月" style={{ width: '100%' }} />
        </Form.Item>
      </Form>
      {product && (
        <Alert
          type={balance.data !== undefined && amount > balance.data ? 'warning' : 'info'}
          showIcon
          title={`应付 ${fenToYuan(amount)} 元${balance.data !== undefined && amount > balance.data ? '，余额不足，请先充值' : ''}`}
        />
      )}
    </Modal>
  );
}
