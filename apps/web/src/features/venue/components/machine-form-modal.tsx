import { type MachineRow, machineSaveBody } from '@netbar/contract';
import { Form, Input, Modal } from 'antd';
import { type ModeState, useModeForm } from '../../../components/use-mode-form';
import { zodFormRules } from '../../../lib/zod-rules';
import { useSaveMachine } from '../api/venue-mutations';
import { AreaSelect } from './area-select';

const rules = zodFormRules(machineSaveBody);
type Values = { name: string; area_id: number; ip?: string; mac?: string; hardware_note?: string };

/** 新增机器 / 编辑机器: name, area, IP, MAC and a hardware note (checked as the server checks them). */
export function MachineFormModal({ state, onClose }: { state: ModeState<MachineRow>; onClose: () => void }) {
  const { form, saving, submit, title } = useModeForm<MachineRow, Values, Record<string, unknown>>(state, {
    mutation: useSaveMachine(),
    payload: (v, s) => ({ ...v, id: s.mode === 'edit' ? s.row.id : undefined }),
    onDone: onClose,
  });
  return (
    <Modal
      open={!!state}
      title={title('机器')}
      onOk={submit}
      confirmLoading={saving}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical">
        <Form.Item name="name" label="机器名称" rules={rules.name} required>
          <Input placeholder="如：A001" maxLength={20} />
        </Form.Item>
        <Form.Item name="area_id" label="所属区域" rules={rules.area_id} required>
          <AreaSelect />
        </Form.Item>
        <Form.Item name="ip" label="IP地址" rules={rules.ip}>
          <Input placeholder="如：192.168.1.101" />
        </Form.Item>
        <Form.Item name="mac" label="MAC地址" rules={rules.mac}>
          <Input placeholder="如：00:1A:2B:3C:4D:5E" />
        </Form.Item>
        <Form.Item name="hardware_note" label="硬件备注" rules={rules.hardware_note}>
          <Input.TextArea rows={2} maxLength={100} showCount placeholder="如：i5-12400F / RTX 3060 / 16G" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
