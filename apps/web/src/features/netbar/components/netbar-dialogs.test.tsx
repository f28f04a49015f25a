import type { NetbarRow } from '@netbar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dialogHarness, ends, ok, refused, settle } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import { BindNetbarModal } from './bind-netbar-modal';
import { ExtendModal } from './extend-modal';

const STAR = {
  id: 8,
  name: '星际网咖',
  machine_count: 50,
  expire_at: '2026-12-31 23:59:59',
} as NetbarRow;

const onDone = vi.fn();
const { notifyError, success, rejections } = dialogHarness(onDone);

const at = (node: React.ReactNode) => renderAt('/netbarManage/list', '/netbarManage/list', node);

describe('netbar dialogs', { timeout: 60_000 }, () => {
  it('bind: a wrong code keeps the dialog open with no unhandled rejection; a right one toasts 绑定成功', async () => {
    let answer = refused('绑定码错误或已过期');
    const seen = mockServer(() => answer);
    at(<BindNetbarModal open onClose={vi.fn()} onDone={onDone} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('网吧账号'), 'star01');
    await userEvent.type(within(dialog).getByLabelText('绑定码'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: /绑\s*定/ }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('绑定码错误或已过期'));
    await settle();
    expect(onDone).not.toHaveBeenCalled();
    answer = ok({ netbar_id: 8 });
    await userEvent.click(within(dialog).getByRole('button', { name: /绑\s*定/ }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(success).toHaveBeenCalledWith('绑定成功');
    expect(seen.at(-1)?.params).toMatchObject({ user_name: 'star01', code: '123456' });
    expect(rejections).toEqual([]);
  });

  it('extend: a refused payment keeps the dialog open with no unhandled rejection', async () => {
    const seen = mockServer((c) => {
      if (ends(c, 'product_info'))
        return ok([{ id: 2, name: '专业版', price_fen: 500, description: '', status: 1 }]);
      if (ends(c, 'agent_balance')) return ok({ balance_fen: 100 });
      if (ends(c, 'agent_netbar_extension'))
        return ok({ id: 31, order_no: 'X1', amount_fen: 300_000, months: 12, machine_count: 50 });
      if (ends(c, 'agent_consumption_pay')) return refused('钱包余额不足，请先充值');
      return ok(null);
    });
    at(<ExtendModal netbar={STAR} onClose={vi.fn()} onDone={onDone} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText('产品版本'));
    await userEvent.click(await screen.findByText('专业版（5.00 元/台/月）'));
    await userEvent.click(within(dialog).getByRole('button', { name: /支付并续费/ }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('钱包余额不足，请先充值'));
    await settle();
    expect(seen.some((c) => ends(c, 'agent_consumption_pay'))).toBe(true);
    expect(onDone).not.toHaveBeenCalled();
    expect(success).not.toHaveBeenCalled();
    expect(rejections).toEqual([]);
  });
});
