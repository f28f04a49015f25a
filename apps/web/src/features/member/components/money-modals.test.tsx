import type { MemberRow } from '@netbar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dialogHarness, ends, ok, settle } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import { CorrectModal } from './money-modals';

const MEMBER = {
  id: 7,
  name: '王小明',
  card_mask: 'VIP***1234',
  principal_fen: 1000,
  bonus_fen: 0,
  points: 5,
  free_minutes: 40,
  status: 1,
} as MemberRow;
const onClose = vi.fn();
const { rejections } = dialogHarness(onClose);

const open = async () => {
  renderAt(
    '/Member/member_manage',
    '/Member/member_manage',
    <CorrectModal member={MEMBER} onClose={onClose} />,
  );
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText(/免费上网时长 40 分钟/);
  return dialog;
};

const typeMinutes = async (dialog: HTMLElement, v: string) => {
  const field = within(dialog).getByLabelText('免费上网时长调整');
  await userEvent.clear(field);
  await userEvent.type(field, v);
};

describe('correction dialog', { timeout: 60_000 }, () => {
  it('sends a minutes correction with the reason, money left at zero', async () => {
    const seen = mockServer(() => ok({ replay: false, ledger: { id: 1 } }));
    const dialog = await open();
    await typeMinutes(dialog, '-30');
    await userEvent.type(within(dialog).getByLabelText('调整原因'), '多送的时长收回');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = new URLSearchParams(String(seen.find((c) => ends(c, 'member_correct'))?.data));
    expect([body.get('member_id'), body.get('minutes'), body.get('principal_fen')]).toEqual([
      '7',
      '-30',
      '0',
    ]);
    expect(body.get('reason')).toBe('多送的时长收回');
    expect(rejections).toEqual([]);
  });

  it('refuses taking more minutes than the member holds, and a correction without a reason, before sending', async () => {
    const seen = mockServer(() => ok());
    const dialog = await open();
    await typeMinutes(dialog, '-41');
    await userEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await within(dialog).findByText('上网时长不足：当前40分钟');
    await within(dialog).findByText('请填写原因（1-100个字符）');
    await settle();
    expect(seen.filter((c) => ends(c, 'member_correct'))).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });
});
