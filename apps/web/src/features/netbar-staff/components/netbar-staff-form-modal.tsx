import {
  ACCOUNT_PATTERN,
  MSG,
  NETBAR_STAFF_ROLES,
  type NetbarStaffRow,
  netbarStaffCreateBody,
} from '@netbar/contract';
import { Form, Input, Select } from 'antd';
import { useState } from 'react';
import {
  StaffAccountShown,
  StaffFormDialog,
  StaffStatusItem,
} from '../../../components/staff/staff-form-parts';
import { type ModeState, useModeForm } from '../../../components/use-mode-form';
import { zodFormRules, zodRequired } from '../../../lib/zod-rules';
import { type NetbarStaffSave, netbarStaffApi } from '../api/netbar-staff-api';
import { useSaveNetbarStaff } from '../api/netbar-staff-mutations';
import { useStaffStores } from '../api/netbar-staff-queries';

const rules = zodFormRules(netbarStaffCreateBody);
const required = zodRequired(netbarStaffCreateBody);
const ROLE_OPTIONS = NETBAR_STAFF_ROLES.map((r) => ({ value: r, label: r }));

export type NetbarStaffFormState = ModeState<NetbarStaffRow>;

/** 角色记录: the roles held, newest first, each from its Beijing day (decision 149). */
function RoleHistory({ history }: { history: NetbarStaffRow['role_history'] }) {
  if (!history.length) return null;
  return (
    <div data-testid="role-history">
      角色记录：
      {[...history]
        .reverse()
        .map((h) => `${h.from_day} 起 ${h.role}`)
        .join('；')}
    </div>
  );
}

/**
 * 新增员工 / 编辑员工: account (checked with the server while typing: taken → 该通行证账号已存在, free →
 * 该员工账号尚未注册), name, mobile, role, home store and further stores, status. Password changes go
 * through 重置密码.
 */
export function NetbarStaffFormModal({
  state,
  onClose,
  onDone,
}: {
  state: NetbarStaffFormState;
  onClose: () => void;
  onDone: () => void;
}) {
  const stores = useStaffStores(!!state);
  const [free, setFree] = useState('');
  const { form, saving, adding, submit } = useModeForm<
    NetbarStaffRow,
    Record<string, unknown>,
    NetbarStaffSave
  >(state, {
    valuesOf: (row) => ({ ...row, netbar_ids: row.netbar_ids.filter((n) => n !== row.netbar_id) }),
    mutation: useSaveNetbarStaff(),
    payload: (values, s) => (s.mode === 'edit' ? { ...values, id: s.row.id } : values),
    success: (s) => (s.mode === 'edit' ? '保存成功' : '员工已添加'),
    onDone,
  });
  const accountFree = async (_: unknown, v: unknown) => {
    setFree('');
    if (typeof v !== 'string' || !ACCOUNT_PATTERN.test(v)) return;
    if (await netbarStaffApi.accountExists(v)) throw new Error(MSG.passportExists);
    setFree(v);
  };
  const account = Form.useWatch('user_name', form);
  return (
    <StaffFormDialog
      adding={adding}
      open={!!state}
      saving={saving}
      onSubmit={submit}
      onClose={onClose}
      form={form}
      name="netbar_staff_form"
      initialValues={{ status: 1, role: '收银员' }}
      width={560}
    >
      {adding ? (
        <Form.Item
          name="user_name"
          label="登录账号"
          rules={[...rules.user_name, { validator: accountFree }]}
          validateDebounce={300}
          required
          help={free && free === account ? MSG.staffNotRegistered : undefined}
          validateStatus={free && free === account ? 'success' : undefined}
        >
          <Input placeholder="4-30位字母、数字或下划线" autoComplete="off" />
        </Form.Item>
      ) : (
        <StaffAccountShown account={state?.mode === 'edit' ? state.row.user_name : ''} />
      )}
      {adding && (
        <Form.Item name="password" label="登录密码" rules={rules.password} required>
          <Input.Password placeholder="6-16位字母、数字或下划线" autoComplete="new-password" />
        </Form.Item>
      )}
      <Form.Item name="true_name" label="姓名" rules={rules.true_name} required={required.true_name}>
        <Input placeholder="如：小王" />
      </Form.Item>
      <Form.Item name="mobile" label="手机号" rules={rules.mobile} required={required.mobile}>
        <Input maxLength={11} />
      </Form.Item>
      <Form.Item
        name="role"
        label="角色"
        rules={rules.role}
        required
        extra={
          adding ? (
            '按角色授予默认菜单，保存后可在「授权」中按人调整'
          ) : (
            <>
              更换角色会按新角色重置菜单权限；按角色的提成自当天起按新角色计算，之前的业绩不变
              {state?.mode === 'edit' && <RoleHistory history={state.row.role_history} />}
            </>
          )
        }
      >
        <Select aria-label="角色" options={ROLE_OPTIONS} />
      </Form.Item>
      <Form.Item name="netbar_id" label="所属门店" rules={rules.netbar_id} required>
        <Select
          aria-label="所属门店"
          placeholder="登录后进入的门店"
          loading={stores.isLoading}
          options={stores.data ?? []}
        />
      </Form.Item>
      <Form.Item name="netbar_ids" label="其他门店" extra="员工可切换到这些门店工作（选填）">
        <Select
          aria-label="其他门店"
          mode="multiple"
          allowClear
          loading={stores.isLoading}
          options={stores.data ?? []}
        />
      </Form.Item>
      <StaffStatusItem rules={rules.status} />
    </StaffFormDialog>
  );
}
