import { fenToYuanNumber, type MaterRow, materSaveBody, yuanInputToFen } from '@netbar/contract';
import { Form, Input, InputNumber, Modal } from 'antd';
import { type ModeState, useModeForm } from '../../../components/use-mode-form';
import { zodFormRules } from '../../../lib/zod-rules';
import { useSaveMater } from '../api/goods-mutations';

const rules = zodFormRules(materSaveBody);
type Values = { name: string; unit: string; barcode?: string; cost?: number; low_stock: number };

/** 新增原料 / 编辑原料 (goods_matter): cost in yuan on the form, fen on the wire. */
export function MaterFormModal({ state, onClose }: { state: ModeState<MaterRow>; onClose: () => void }) {
  const { form, saving, submit, title } = useModeForm<MaterRow, Values, Record<string, unknown>>(state, {
    valuesOf: (r) => ({ ...r, cost: fenToYuanNumber(r.cost_fen) }),
    mutation: useSaveMater(),
    payload: ({ cost, ...v }, s) => ({
      ...v,
      id: s.mode === 'edit' ? s.row.id : undefined,
      cost_fen: yuanInputToFen(cost),
    }),
    onDone: onClose,
  });
  return (
    <Modal
      open={!!state}
      title={title('原料')}
      onOk={submit}
      confirmLoading={saving}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" initialValues={{ low_stock: 0, cost: 0 }}>
        <Form.Item name="name" label="原料名称" rules={rules.name} required>
          <Input placeholder="如：珍珠" />
        </Form.Item>
        <Form.Item name="unit" label="单位（最小计量单位）" rules={rules.unit} required>
          <Input placeholder="如：克、毫升、个" />
        </Form.Item>
        <Form.Item name="barcode" label="条码" rules={rules.barcode}>
          <Input placeholder="可选" />
        </Form.Item>
        <Form.Item name="cost" label="成本价（元/单位）">
          <InputNumber min={0} precision={2} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="low_stock" label="库存预警" rules={rules.low_stock}>
          <InputNumber min={0} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
