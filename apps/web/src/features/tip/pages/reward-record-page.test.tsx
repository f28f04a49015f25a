import { PERM } from '@netbar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useAppState } from '../../../lib/app-state';
import { dialogHarness, ends, ok, refused } from '../../../test/dialog-kit';
import { makeUser } from '../../../test/fixtures';
import { mockServer, renderAt } from '../../../test/render';
import RewardRecordPage from './reward-record-page';

const TIP = {
  id: 41,
  ref_no: 'DS0000000041',
  kind: 'tip',
  source: 'terminal',
  staff_id: 5,
  staff_name: '小陈',
  member_id: 9,
  member_name: '王伟',
  machine_name: 'A01',
  amount_fen: 2000,
  paid_fen: 500,
  paid_status: 'partial',
  shift_no: '',
  user_name: '客户端',
  remark: '服务好',
  at: '2026-01-15 20:10:00',
};
const UNPAID = [
  {
    staff_id: 5,
    staff_name: '小陈',
    position: '收银员',
    tips: 3,
    tipped_fen: 3500,
    paid_fen: 500,
    unpaid_fen: 3000,
  },
  {
    staff_id: 6,
    staff_name: '孙服务',
    position: '服务员',
    tips: 1,
    tipped_fen: 800,
    paid_fen: 800,
    unpaid_fen: 0,
  },
];
const list = { list: [TIP], page: 1, page_size: 10, count: 1, totals: { amount_fen: 2000, paid_fen: 500 } };

const h = dialogHarness();
const page = () =>
  renderAt('/NetbarStaffManage/RewardRecord', '/NetbarStaffManage/RewardRecord', <RewardRecordPage />);

describe('打赏记录', { timeout: 60_000 }, () => {
  afterEach(() => useAppState.setState({ user: null }));

  it('shows the unpaid summary and the tips with the 合计 the server summed; the owner pays 小陈 out in full', async () => {
    useAppState.setState({ user: makeUser(3) });
    let paid = false;
    const seen = mockServer((c) => {
      if (ends(c, 'tip_unpaid')) return ok(UNPAID);
      if (ends(c, 'tip_list')) return ok(list);
      if (ends(c, 'tip_payout')) {
        paid = true;
        return ok({
          payout: { ...TIP, kind: 'payout', amount_fen: -3000, staff_name: '小陈' },
          replay: false,
          unpaid_fen: 0,
        });
      }
      return ok([]);
    });
    page();
    expect(await screen.findByText('DS0000000041')).toBeTruthy();
    expect(screen.getByText('客户机 · A01')).toBeTruthy();
    expect(screen.getByText('部分发放')).toBeTruthy();
    const totals = screen.getByText('合计').closest('tr') as HTMLElement;
    expect(within(totals).getByText('1条')).toBeTruthy();
    expect(within(totals).getByText('20.00')).toBeTruthy();
    expect(within(totals).getByText('5.00')).toBeTruthy();
    expect(seen.find((c) => ends(c, 'tip_list'))?.params).toMatchObject({ kind: 'tip', page: 1 });

    // the summary: 小陈 owed 30.00, 孙服务 nothing (its 发放 disabled)
    const row = screen.getByText('收银员').closest('tr') as HTMLElement;
    expect(within(row).getByText('30.00')).toBeTruthy();
    const sun = screen.getByText('服务员').closest('tr') as HTMLElement;
    expect((within(sun).getByRole('button', { name: '发放' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(row).getByRole('button', { name: '发放' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect((within(dialog).getByLabelText('发放金额') as HTMLInputElement).value).toBe('30.00'),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: '发放现金' }));
    await waitFor(() => expect(paid).toBe(true));
    const body = Object.fromEntries(
      new URLSearchParams(String(seen.find((c) => ends(c, 'tip_payout'))?.data)),
    );
    expect(body).toMatchObject({ staff_id: '5', amount_fen: '3000' });
    expect(body.request_id).toMatch(/^tp/);
    await waitFor(() => expect(h.success).toHaveBeenCalledWith('发放成功：小陈 ¥30.00'));
  });

  it('refuses more than the unpaid amount in the dialog, and shows the server’s refusal without closing', async () => {
    useAppState.setState({ user: makeUser(3) });
    let calls = 0;
    mockServer((c) => {
      if (ends(c, 'tip_unpaid')) return ok(UNPAID);
      if (ends(c, 'tip_list')) return ok(list);
      if (ends(c, 'tip_payout')) {
        calls++;
        return refused('钱箱现金不足，不能发放', 40000);
      }
      return ok([]);
    });
    page();
    await userEvent.click(await screen.findByRole('button', { name: '打赏发放' }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText('发放金额') as HTMLInputElement;
    await waitFor(() => expect(amount.value).toBe('30.00'));
    await userEvent.clear(amount);
    await userEvent.type(amount, '31');
    await userEvent.click(within(dialog).getByRole('button', { name: '发放现金' }));
    expect(await within(dialog).findByText('发放金额超过该员工未发放的打赏')).toBeTruthy();
    expect(calls).toBe(0);
    await userEvent.clear(amount);
    await userEvent.type(amount, '10');
    await userEvent.click(within(dialog).getByRole('button', { name: '发放现金' }));
    await waitFor(() => expect(h.notifyError).toHaveBeenCalledWith('钱箱现金不足，不能发放'));
    expect(calls).toBe(1);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('a staff member with 274 alone sees their records without the staff filter or any 发放', async () => {
    useAppState.setState({ user: makeUser(5, { auth: { path: [{ id: PERM.REWARD_RECORD }], btn: [] } }) });
    mockServer((c) => (ends(c, 'tip_unpaid') ? ok([UNPAID[0]]) : ends(c, 'tip_list') ? ok(list) : ok([])));
    page();
    expect(await screen.findByText('DS0000000041')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '打赏发放' })).toBeNull();
    expect(screen.queryByRole('button', { name: '发放' })).toBeNull();
    expect(screen.queryByText('员工', { selector: '.ant-select-placeholder' })).toBeNull();
  });
});
