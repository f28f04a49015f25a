import { type SpecRow, specSaveBody } from '@netbar/contract';
import { Form, Input, Modal, Select } from 'antd';
import { type ModeState, useModeForm } from '../../../components/use-mode-form';
import { zodFormRules } from '../../../lib/zod-rules';
import { useSaveSpec } from '../api/goods-mutations';

const rules = zodFormRules(specSaveBody);
type Values = { name: string; values: string[] };

/** 新增规格 / 编辑规格 (goods_specifications). */
export function SpecFormModal({ state, onClose }: { state: ModeState<SpecRow>; onClose: () => void }) {
  const { form, saving, submit, title } = useModeForm<SpecRow, Values, Values & { id?: number }>(state, {
    mutation: useSaveSpec(),
    payload: (v, s) => ({ ...v, id: s.mode === 'edit' ? s.row.id : undefined }),
    onDone: onClose,
  });
  return (
    <Modal
      open={!!state}
      title={title('规格')}
      onOk={submit}
      confirmLoading={saving}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical">
        <Form.Item name="name" label="规格名称" rules={rules.name} required>
          <Input placeholder="如：杯型" />
        </Form.Item>
        <Form.Item
          name="values"
          label="规格值"
          rules={rules.values}
          required
          extra="输入后按回车添加，如：大杯、中杯"
        >
          <Select mode="tags" open={false} placeholder="输入规格值后回车" tokenSeparators={[',', '，']} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
