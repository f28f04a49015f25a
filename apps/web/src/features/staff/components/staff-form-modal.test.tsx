import type { StaffRow } from '@netbar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dialogHarness, ends, ok } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import { StaffFormModal } from './staff-form-modal';
import { StaffRemarkDrawer } from './staff-remark-drawer';

const WANG: StaffRow = {
  id: 21,
  user_name: 'wang01',
  true_name: '王销售',
  mobile: '13800138001',
  position: '销售',
  status: 1,
  perm_ids: [],
  netbar_count: 2,
  created_at: '2026-01-01 10:00:00',
};

const onDone = vi.fn();
const { notifyError, success, rejections } = dialogHarness(onDone);

async function openEdit() {
  renderAt(
    '/staffManage/staffList',
    '/staffManage/staffList',
    <StaffFormModal state={{ mode: 'edit', row: WANG }} onClose={vi.fn()} onDone={onDone} />,
  );
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(within(dialog).getByLabelText('姓名')).toHaveValue('王销售'));
  return dialog;
}

describe('staff form and remarks', { timeout: 60_000 }, () => {
  it('saves an edit with the staff id, toasts 保存成功 and calls onDone', async () => {
    const seen = mockServer(() => ok({ id: 21 }));
    const dialog = await openEdit();
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('保存成功'));
    const body = new URLSearchParams(String(seen.find((c) => ends(c, 'agent_person_edit'))?.data));
    expect(body.get('id')).toBe('21');
    expect(onDone).toHaveBeenCalled();
  });

  it('a refused save keeps the dialog open, toasts the reason and leaves no unhandled rejection', async () => {
    mockServer(() => ({ body: { status: 40001, msg: '手机号已被其他员工使用', data: null } }));
    const dialog = await openEdit();
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('手机号已被其他员工使用'));
    await new Promise((r) => setTimeout(r, 50));
    expect(onDone).not.toHaveBeenCalled();
    expect(success).not.toHaveBeenCalled();
    expect(rejections).toEqual([]);
  });

  it('a remark: empty content sends nothing; a refused one keeps the text, with no unhandled rejection', async () => {
    const seen = mockServer((c) => {
      if (ends(c, 'agent_person_remark_get')) return ok([]);
      return { body: { status: 40001, msg: '备注过于频繁', data: null } };
    });
    renderAt(
      '/staffManage/staffList',
      '/staffManage/staffList',
      <StaffRemarkDrawer staff={WANG} onClose={vi.fn()} />,
    );
    const add = await screen.findByRole('button', { name: /添加备注/ });
    await userEvent.click(add);
    await waitFor(() => expect(screen.getByLabelText('备注内容')).toHaveAttribute('aria-invalid', 'true'));
    expect(seen.filter((c) => ends(c, 'agent_person_remark_add'))).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('备注内容'), '本月完成5家装机');
    await userEvent.click(add);
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('备注过于频繁'));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByLabelText('备注内容')).toHaveValue('本月完成5家装机');
    expect(rejections).toEqual([]);
  });
});
