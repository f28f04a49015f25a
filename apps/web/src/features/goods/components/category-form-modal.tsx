import { type CategoryRow, categorySaveBody } from '@netbar/contract';
import { Checkbox, Form, Input, InputNumber, Modal } from 'antd';
import { type ModeState, useModeForm } from '../../../components/use-mode-form';
import { zodFormRules } from '../../../lib/zod-rules';
import { useSaveCategory } from '../api/goods-mutations';

const rules = zodFormRules(categorySaveBody);
type Values = { name: string; sort: number; shared?: boolean };

/** 新增分类 / 编辑分类 (class_list). */
export function CategoryFormModal({
  state,
  onClose,
}: {
  state: ModeState<CategoryRow>;
  onClose: () => void;
}) {
  const { form, saving, submit, title } = useModeForm<CategoryRow, Values, Record<string, unknown>>(state, {
    mutation: useSaveCategory(),
    payload: (v, s) => ({ ...v, id: s.mode === 'edit' ? s.row.id : undefined, shared: v.shared ? 1 : 0 }),
    onDone: onClose,
  });
  return (
    <Modal
      open={!!state}
      title={title('分类')}
      onOk={submit}
      confirmLoading={saving}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" initialValues={{ sort: 0 }}>
        <Form.Item name="name" label="分类名称" rules={rules.name} required>
          <Input placeholder="如：饮料" />
        </Form.Item>
        <Form.Item name="sort" label="排序（小的在前）" rules={rules.sort}>
          <InputNumber min={0} max={9999} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="shared" valuePropName="checked" extra="仅连锁总店可共享，共享后各门店均可使用该分类">
          <Checkbox>连锁门店共享</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
