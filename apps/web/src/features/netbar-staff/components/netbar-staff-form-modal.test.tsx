import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dialogHarness, ends, ok, page, settle } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import { STORES, WANG } from '../netbar-staff-fixtures';
import { NetbarStaffFormModal } from './netbar-staff-form-modal';

const onDone = vi.fn();
const { success, rejections } = dialogHarness(onDone);

const open = async (state: Parameters<typeof NetbarStaffFormModal>[0]['state']) => {
  renderAt(
    '/NetbarStaffManage/staffList',
    '/NetbarStaffManage/staffList',
    <NetbarStaffFormModal state={state} onClose={vi.fn()} onDone={onDone} />,
  );
  return screen.findByRole('dialog');
};

describe('netbar staff form', { timeout: 60_000 }, () => {
  it('an empty add shows each field its Chinese message and sends nothing', async () => {
    const seen = mockServer((c) => (ends(c, 'get_store_list') ? page(STORES) : ok({ is_exist: 0 })));
    const dialog = await open({ mode: 'add' });
    await userEvent.click(within(dialog).getByRole('button', { name: /添\s*加/ }));
    for (const msg of [
      '账号为4-30位字母、数字或下划线，且以字母或数字开头',
      '密码为6-16位字母、数字或下划线',
      '请输入1-25个字符的姓名',
      '请输入手机号',
      '请选择所属门店',
    ])
      expect(await within(dialog).findByText(msg)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('手机号'), '12345');
    expect(await within(dialog).findByText('手机号格式不正确')).toBeInTheDocument();
    await settle();
    expect(seen.filter((c) => ends(c, 'netbar_staff_add'))).toHaveLength(0);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('checks the account with the server: taken says 该通行证账号已存在, free says 该员工账号尚未注册', async () => {
    mockServer((c) => {
      if (ends(c, 'get_store_list')) return page(STORES);
      const name = String(c.params?.user_name ?? '');
      return ok({ is_exist: name === 'demo_netbar_staff' ? 1 : 0 });
    });
    const dialog = await open({ mode: 'add' });
    const account = within(dialog).getByLabelText('登录账号');
    await userEvent.type(account, 'demo_netbar_staff');
    expect(await within(dialog).findByText('该通行证账号已存在')).toBeInTheDocument();
    await userEvent.clear(account);
    await userEvent.type(account, 'new_cashier');
    expect(await within(dialog).findByText('该员工账号尚未注册')).toBeInTheDocument();
  });

  it('saves an edit with the id, the role and the other stores', async () => {
    const seen = mockServer((c) => (ends(c, 'get_store_list') ? page(STORES) : ok(WANG)));
    const dialog = await open({ mode: 'edit', row: WANG });
    await waitFor(() => expect(within(dialog).getByLabelText('姓名')).toHaveValue('王收银'));
    // the roles held, newest first, each from its day: commission by role follows them (decision 149)
    expect(within(dialog).getByTestId('role-history')).toHaveTextContent(
      '角色记录：2026-03-15 起 收银员；2026-01-01 起 服务员',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('保存成功'));
    const body = new URLSearchParams(String(seen.find((c) => ends(c, 'netbar_staff_edit'))?.data));
    expect(body.get('id')).toBe('31');
    expect(body.get('role')).toBe('收银员');
    expect(body.get('netbar_id')).toBe('2');
    expect(body.getAll('netbar_ids').join(',')).toContain('1');
    expect(onDone).toHaveBeenCalled();
    expect(rejections).toEqual([]);
  });
});
