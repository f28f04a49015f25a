import { type StaffRow, staffEditBody, staffRegisterBody } from '@netbar/contract';
import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import {
  StaffAccountShown,
  StaffFormDialog,
  StaffStatusItem,
} from '../../../components/staff/staff-form-parts';
import { type ModeState, useModeForm } from '../../../components/use-mode-form';
import { zodFormRules, zodRequired } from '../../../lib/zod-rules';
import type { StaffSave } from '../api/staff-api';
import { useSaveStaff } from '../api/staff-mutations';

const addRules = zodFormRules(staffRegisterBody);
const addRequired = zodRequired(staffRegisterBody);
const editRules = zodFormRules(staffEditBody);

export type StaffFormState = ModeState<StaffRow>;

/** 新增员工 (with a login account) or 编辑员工 (password left empty keeps it). */
export function StaffFormModal({
  state,
  onClose,
  onDone,
}: {
  state: StaffFormState;
  onClose: () => void;
  onDone: () => void;
}) {
  const { form, saving, adding, submit } = useModeForm<StaffRow, Record<string, unknown>, StaffSave>(state, {
    valuesOf: (row) => ({ ...row, password: '' }),
    mutation: useSaveStaff(),
    payload: (values, s) => (s.mode === 'edit' ? { ...values, id: s.row.id } : values),
    success: (s) => (s.mode === 'edit' ? '保存成功' : '员工已添加'),
    onDone,
  });
  const item = (name: 'true_name' | 'mobile' | 'position', label: string, node: ReactNode) => (
    <Form.Item name={name} label={label} rules={addRules[name]} required={addRequired[name]}>
      {node}
    </Form.Item>
  );
  return (
    <StaffFormDialog
      adding={adding}
      open={!!state}
      saving={saving}
      onSubmit={submit}
      onClose={onClose}
      form={form}
      name="staff_form"
      initialValues={{ status: 1 }}
      width={520}
    >
      {adding ? (
        <Form.Item name="user_name" label="登录账号" rules={addRules.user_name} required>
          <Input placeholder="4-30位字母、数字或下划线" autoComplete="off" />
        </Form.Item>
      ) : (
        <StaffAccountShown account={state?.mode === 'edit' ? state.row.user_name : ''} />
      )}
      <Form.Item
        name="password"
        label="登录密码"
        rules={adding ? addRules.password : editRules.password}
        required={adding}
      >
        <Input.Password
          placeholder={adding ? '6-16位字母、数字或下划线' : '留空则不修改'}
          autoComplete="new-password"
        />
      </Form.Item>
      {item('true_name', '姓名', <Input placeholder="如：王销售" />)}
      {item('mobile', '手机号', <Input maxLength={11} />)}
      {item('position', '职位', <Input placeholder="如：装机工程师（选填）" />)}
      {!adding && <StaffStatusItem rules={editRules.status} />}
    </StaffFormDialog>
  );
}
