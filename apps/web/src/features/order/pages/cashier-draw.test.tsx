import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { reloadAppState } from '../../../lib/app-state';
import { writeUser } from '../../../lib/storage';
import { dialogHarness, ends, ok, refused, settle } from '../../../test/dialog-kit';
import { makeUser } from '../../../test/fixtures';
import { cashierServer, catalogOf, catalogSku, memberOf, openCashier, orderAnswer } from './cashier-test-kit';

/**
 * 收银抽奖 at the counter (decision 177): after a member order reaching a running draw's threshold is paid,
 * the 收款成功 dialog offers 「抽奖」; the draw is sent once for the order and its prize shown. A walk-in
 * order asks nothing; an order below every threshold (offer null) shows nothing.
 */
const CATALOG = catalogOf([catalogSku(1, '红牛', 3500)]);
const MEMBER = memberOf({ member_price: false, principal_fen: 10_000, bonus_fen: 0 });
const ORDER_NO = 'XS202601150007';
const OFFER = { activity_id: 3, name: '收银抽奖', threshold_fen: 3000 };
const WON = {
  claim_id: 11,
  replay: false,
  prize_name: '一元奖励',
  prize_kind: 'bonus',
  amount: 100,
  streak: 0,
};
const { notifyError, rejections } = dialogHarness();

beforeEach(() => {
  writeUser(makeUser(5, { nid: 10, auth: { path: [{ id: 264 }, { id: 2640 }], btn: [] } }));
  reloadAppState();
});

/** Sells one 红牛 (¥35), with the member attached when `member`, paid from the card or in cash. */
async function sell(member: boolean) {
  await openCashier(/红牛/);
  await userEvent.click(screen.getByRole('button', { name: /^红牛，/ }));
  if (member) {
    await userEvent.type(screen.getByLabelText('会员卡号或手机号'), '13800000000{Enter}');
    await screen.findByTestId('cashier-member');
  }
  await userEvent.keyboard('{F4}');
  const dialog = await screen.findByRole('dialog');
  if (member) await userEvent.click(within(dialog).getByRole('button', { name: '全部会员 F7' }));
  await userEvent.click(within(dialog).getByRole('button', { name: /确认收款/ }));
  return screen.findByText('收款成功');
}

const paid = (memberId: number | null) => () =>
  ok(orderAnswer({ order_no: ORDER_NO, member_id: memberId, total_fen: 3500, paid_fen: 3500 }));

describe('收银台 抽奖', { timeout: 60_000 }, () => {
  it('offers 抽奖 after a member order reaching the threshold, draws once for the order and shows the prize', async () => {
    const seen = cashierServer(CATALOG, {
      members: [MEMBER],
      create: paid(8),
      more: (c) =>
        ends(c, 'cashier_draw_offer')
          ? ok(OFFER)
          : ends(c, 'cashier_draw')
            ? ok(WON, '恭喜获得一元奖励')
            : undefined,
    });
    await sell(true);
    const offer = await screen.findByText('本单满 ¥30.00，会员可参加「收银抽奖」');
    const alert = offer.closest('[role="alert"]') as HTMLElement;
    expect(seen.find((c) => ends(c, 'cashier_draw_offer'))!.params).toMatchObject({ order_no: ORDER_NO });
    await userEvent.click(within(alert).getByRole('button', { name: /^抽\s*奖$/ }));
    expect(await screen.findByText('恭喜会员抽中：一元奖励（1.00元奖励金）')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^抽\s*奖$/ })).toBeNull();
    const draws = seen.filter((c) => ends(c, 'cashier_draw'));
    expect(draws).toHaveLength(1);
    expect(new URLSearchParams(String(draws[0]!.data)).get('order_no')).toBe(ORDER_NO);
    expect(rejections).toEqual([]);
  });

  it('a refused draw shows the server message and leaves the counter usable', async () => {
    cashierServer(CATALOG, {
      members: [MEMBER],
      create: paid(8),
      more: (c) =>
        ends(c, 'cashier_draw_offer')
          ? ok(OFFER)
          : ends(c, 'cashier_draw')
            ? refused('该订单已抽过奖', 40009)
            : undefined,
    });
    await sell(true);
    await userEvent.click(await screen.findByRole('button', { name: /^抽\s*奖$/ }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('该订单已抽过奖'));
    expect(screen.getByText('收款成功')).toBeInTheDocument();
    expect(rejections).toEqual([]);
  });

  it('asks nothing for a walk-in order', async () => {
    const seen = cashierServer(CATALOG, { create: paid(null) });
    await sell(false);
    await settle();
    expect(seen.some((c) => ends(c, 'cashier_draw_offer'))).toBe(false);
    expect(screen.queryByRole('button', { name: /^抽\s*奖$/ })).toBeNull();
  });

  it('shows nothing for a member order below every threshold (offer null)', async () => {
    const seen = cashierServer(CATALOG, {
      members: [MEMBER],
      create: paid(8),
      more: (c) => (ends(c, 'cashier_draw_offer') ? ok(null) : undefined),
    });
    await sell(true);
    await waitFor(() => expect(seen.some((c) => ends(c, 'cashier_draw_offer'))).toBe(true));
    await settle();
    expect(screen.queryByRole('button', { name: /^抽\s*奖$/ })).toBeNull();
  });
});
