import { fenToYuan, type ProductRow, productSaveBody, yuanToFen } from '@netbar/contract';
import { Form, Input, Modal, Radio } from 'antd';
import { type ModeState, useModeForm } from '../../../components/use-mode-form';
import { zodFormRules } from '../../../lib/zod-rules';
import type { ProductInput } from '../api/wallet-admin-api';
import { useSaveProduct } from '../api/wallet-mutations';

/** The contract's rules; the price is yuan on the form and fen on the wire (hand rule). */
const rules = zodFormRules(productSaveBody);
const priceRule = {
  validator: async (_: unknown, v: unknown) => {
    const fen = yuanToFen(String(v ?? ''));
    if (!fen || fen < 1 || fen > 100_000_000) throw new Error('单价为0.01-1000000元，最多两位小数');
  },
};
export type ProductState = ModeState<ProductRow>;
type Values = { name: string; price: string; description?: string; status: number };

/** 新增产品 / 修改定价: the price is entered in yuan and saved in fen. */
export function ProductModal({
  state,
  onClose,
  onDone,
}: {
  state: ProductState;
  onClose: () => void;
  onDone: () => void;
}) {
  const { form, saving, submit } = useModeForm<ProductRow, Values, ProductInput>(state, {
    valuesOf: (row) => ({ ...row, price: fenToYuan(row.price_fen).replace(/,/g, '') }),
    mutation: useSaveProduct(),
    payload: (v, s) => ({
      id: s.mode === 'edit' ? s.row.id : undefined,
      name: v.name,
      price_fen: yuanToFen(v.price) ?? 0,
      description: v.description ?? '',
      status: v.status,
    }),
    onDone,
  });
  return (
    <Modal
      title={state?.mode === 'edit' ? '修改产品定价' : '新增产品'}
      open={!!state}
      onOk={submit}
      okText="保存"
      confirmLoading={saving}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} labelCol={{ span: 6 }} initialValues={{ status: 1 }}>
        <Form.Item name="name" label="产品名称" rules={rules.name} required>
          <Input placeholder="如：专业版" maxLength={20} />
        </Form.Item>
        <Form.Item name="price" label="单价（元/台/月）" rules={[priceRule]} required>
          <Input placeholder="如：5.00" suffix="元" />
        </Form.Item>
        <Form.Item name="description" label="说明" rules={rules.description}>
          <Input.TextArea rows={2} maxLength={100} showCount />
        </Form.Item>
        <Form.Item name="status" label="状态" rules={rules.status}>
          <Radio.Group
            options={[
              { value: 1, label: '上架（代理商续费可选）' },
              { value: 2, label: '停用' },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
