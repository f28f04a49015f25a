import type { LevelRow, MemberRow } from '@netbar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dialogHarness, ends, ok } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import { TopUpModal } from './top-up-modal';

const LEVEL: LevelRow = {
  id: 3,
  name: '普通会员',
  threshold_fen: 0,
  rate_discount: 100,
  member_price: false,
  points_per_yuan: 1,
  bonus_rules: [
    { threshold_fen: 5000, bonus_fen: 500 },
    { threshold_fen: 10000, bonus_fen: 2000 },
  ],
  overdraft_fen: 0,
  member_count: 1,
};
const MEMBER = {
  id: 7,
  name: '王小明',
  card_mask: 'VIP***1234',
  level_id: 3,
  level_name: '普通会员',
  principal_fen: 0,
  bonus_fen: 0,
} as MemberRow;
const onClose = vi.fn();
const { rejections } = dialogHarness(onClose);

describe('top-up dialog', { timeout: 60_000 }, () => {
  it('previews the level bonus while typing, sends fen with one request id, then shows the receipt', async () => {
    const seen = mockServer((c) =>
      ends(c, 'member_level_list')
        ? ok([LEVEL])
        : ends(c, 'member_topup_preview')
          ? ok({ promotion: null })
          : ok({
              replay: false,
              ledger: {
                id: 1,
                member_id: 7,
                kind: 'topup',
                principal_delta: 10000,
                principal_before: 0,
                principal_after: 10000,
                bonus_delta: 2000,
                bonus_before: 0,
                bonus_after: 2000,
                points_delta: 100,
                points_before: 0,
                points_after: 100,
                pay_method: 'cash',
                paid_fen: 10000,
                order_id: null,
                session_id: null,
                shift_id: null,
                ref_no: 'M0000000001',
                remark: '',
                user_name: '张老板',
                netbar_name: '星际网咖旗舰店',
                request_id: 'x',
                at: '2026-01-01 10:00:00',
              },
              promotion: {
                activity_id: 3,
                activity_name: '充值满送',
                mode: 'tier',
                prize_name: '充100送20',
                bonus_fen: 2000,
              },
            }),
    );
    renderAt(
      '/Member/member_manage',
      '/Member/member_manage',
      <TopUpModal member={MEMBER} onClose={onClose} />,
    );
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/充50送5，充100送20/);
    await userEvent.type(within(dialog).getByLabelText('充值金额'), '100');
    await within(dialog).findByText('到账：本金 100.00 元，赠送奖励 20.00 元，积分 100');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认收款并充值' }));
    await screen.findByText('M0000000001');
    // the 营销活动 the top-up joined is named, with its bonus (decision 178)
    expect(screen.getByText('营销活动「充值满送」充100送20：另赠奖励 20.00 元')).toBeInTheDocument();
    const post = seen.find((c) => ends(c, 'member_topup'));
    const body = new URLSearchParams(String(post?.data));
    expect([body.get('member_id'), body.get('amount_fen')]).toEqual(['7', '10000']);
    expect(body.get('request_id')).toMatch(/^m[a-z0-9]{8,}$/);
    await waitFor(() => expect(screen.getByRole('button', { name: '打印小票' })).toBeInTheDocument());
    expect(rejections).toEqual([]);
  });

  it('refuses a cash amount with 分 (decision 143) before sending anything', async () => {
    const seen = mockServer((c) => (ends(c, 'member_level_list') ? ok([LEVEL]) : ok(null)));
    renderAt(
      '/Member/member_manage',
      '/Member/member_manage',
      <TopUpModal member={MEMBER} onClose={onClose} />,
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('充值金额'), '50.05');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认收款并充值' }));
    expect(await within(dialog).findByText('现金充值金额须为整角（收银台不收分币）')).toBeTruthy();
    expect(seen.some((c) => ends(c, 'member_topup'))).toBe(false);
    expect(rejections).toEqual([]);
  });

  it('previews the running 营销活动 the amount joins, as the server chose it, before the cashier confirms', async () => {
    const PROMO = {
      activity_id: 3,
      activity_name: '充值满送',
      mode: 'tier',
      prize_name: '充100送20',
      bonus_fen: 2000,
    };
    const seen = mockServer((c) =>
      ends(c, 'member_level_list')
        ? ok([LEVEL])
        : ends(c, 'member_topup_preview')
          ? ok({ promotion: Number(c.params?.amount_fen) >= 10000 ? PROMO : null })
          : ok(null),
    );
    renderAt(
      '/Member/member_manage',
      '/Member/member_manage',
      <TopUpModal member={MEMBER} onClose={onClose} />,
    );
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('充值金额');
    await userEvent.type(input, '50');
    await within(dialog).findByText('到账：本金 50.00 元，赠送奖励 5.00 元，积分 50');
    await waitFor(() =>
      expect(seen.some((c) => ends(c, 'member_topup_preview') && c.params?.amount_fen === 5000)).toBe(true),
    );
    expect(within(dialog).queryByLabelText('营销活动预览')).toBeNull();
    await userEvent.clear(input);
    await userEvent.type(input, '100');
    expect(
      await within(dialog).findByText('营销活动「充值满送」充100送20：另赠奖励 20.00 元'),
    ).toBeInTheDocument();
    const asked = seen.filter((c) => ends(c, 'member_topup_preview')).map((c) => c.params);
    expect(asked.at(-1)).toMatchObject({ member_id: 7, amount_fen: 10000 });
    // typing pauses before asking: not one call per keystroke of 100
    expect(asked.map((p) => p.amount_fen)).not.toContain(1000);
    expect(seen.some((c) => ends(c, 'member_topup'))).toBe(false);
    expect(rejections).toEqual([]);
  });
});
