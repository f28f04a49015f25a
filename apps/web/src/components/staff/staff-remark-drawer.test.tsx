import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../test/render';
import { type StaffRemarkCalls, StaffRemarkDrawer } from './staff-remark-drawer';

const callsWith = (addOk: boolean) => {
  const calls: StaffRemarkCalls = {
    list: {
      data: [{ id: 1, content: '夜班', created_by_name: '张老板', created_at: '2026-01-01 10:00:00' }],
      isLoading: false,
    },
    add: { mutate: vi.fn((_, o) => (addOk ? o?.onSuccess?.() : undefined)), isPending: false },
    edit: { mutate: vi.fn() },
    remove: { mutate: vi.fn() },
  };
  return calls;
};
const open = (calls: StaffRemarkCalls) =>
  renderAt(
    '/x',
    '/x',
    <StaffRemarkDrawer
      staff={{ id: 9, true_name: '王收银' }}
      onClose={vi.fn()}
      calls={calls}
      placeholder="备注"
      formName="t_remark"
    />,
  );

describe('staff remark drawer (agent and netbar staff)', { timeout: 30_000 }, () => {
  it('adds a remark for the staff member and clears the text once saved; a refused one keeps it', async () => {
    for (const addOk of [true, false]) {
      const calls = callsWith(addOk);
      const view = open(calls);
      expect(await screen.findByText('夜班')).toBeTruthy();
      await userEvent.type(screen.getByLabelText('备注内容'), '会做简餐');
      await userEvent.click(screen.getByRole('button', { name: /添加备注/ }));
      await waitFor(() =>
        expect(calls.add.mutate).toHaveBeenCalledWith({ bzId: 9, content: '会做简餐' }, expect.anything()),
      );
      await waitFor(() => expect(screen.getByLabelText('备注内容')).toHaveValue(addOk ? '' : '会做简餐'));
      view.unmount();
    }
  });

  it('empty text is refused by the form and nothing is sent', async () => {
    const calls = callsWith(true);
    open(calls);
    await userEvent.click(await screen.findByRole('button', { name: /添加备注/ }));
    await waitFor(() => expect(screen.getByLabelText('备注内容')).toHaveAttribute('aria-invalid', 'true'));
    expect(calls.add.mutate).not.toHaveBeenCalled();
  });
});
