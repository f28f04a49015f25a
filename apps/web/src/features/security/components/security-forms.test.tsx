import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dialogHarness, ends, refused, settle } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import { PasswordChangeModal } from './password-change-modal';
import { SmsCodeField } from './sms-code-field';

const onClose = vi.fn();
const { notifyError, success, rejections } = dialogHarness(onClose);

async function fillPassword() {
  renderAt('/user/safe', '/user/safe', <PasswordChangeModal open onClose={onClose} />);
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByLabelText('原密码'), 'old_pass1');
  await userEvent.type(within(dialog).getByLabelText('新密码'), 'new_pass1');
  await userEvent.type(within(dialog).getByLabelText('确认新密码'), 'new_pass1');
  await userEvent.click(within(dialog).getByRole('button', { name: /确认修改/ }));
  return dialog;
}

describe('account security forms', { timeout: 60_000 }, () => {
  it('password change: toasts the server message and closes', async () => {
    const seen = mockServer(() => ({ body: { status: 200, msg: '密码修改成功', data: { ended: 1 } } }));
    await fillPassword();
    await waitFor(() => expect(success).toHaveBeenCalledWith('密码修改成功'));
    expect(onClose).toHaveBeenCalled();
    expect(seen.some((c) => ends(c, 'security_update_password'))).toBe(true);
  });

  it('password change: a refused call keeps the dialog open with no unhandled rejection', async () => {
    mockServer(() => refused('原密码错误'));
    await fillPassword();
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('原密码错误'));
    await settle();
    expect(onClose).not.toHaveBeenCalled();
    expect(success).not.toHaveBeenCalled();
    expect(rejections).toEqual([]);
  });

  it('code field: a refused send leaves the button usable and no unhandled rejection', async () => {
    const onSend = vi.fn(() => Promise.reject(new Error('请输入图形验证码')));
    renderAt('/user/safe', '/user/safe', <SmsCodeField onSend={onSend} />);
    const button = await screen.findByRole('button', { name: /获取验证码/ });
    await userEvent.click(button);
    await settle();
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(button).not.toBeDisabled();
    expect(rejections).toEqual([]);
  });

  it('code field: a sent code starts the countdown', async () => {
    renderAt('/user/safe', '/user/safe', <SmsCodeField onSend={() => Promise.resolve(180)} />);
    await userEvent.click(await screen.findByRole('button', { name: /获取验证码/ }));
    expect(await screen.findByRole('button', { name: /180秒后重新获取/ })).toBeDisabled();
  });
});
