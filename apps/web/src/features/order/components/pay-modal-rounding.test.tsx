import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import { draftProblem, type PaymentDraft, paymentsOf } from '../model/payment-math';
import { PayModal } from './pay-modal';

/** 抹分 at the counter (decision 143): the pay dialog shows the 抹零 before the cashier confirms. */
describe('cash with 分 in the pay dialog', { timeout: 60_000 }, () => {
  it('shows 抹零 ¥0.07 on a ¥12.37 bill, change from ¥12.30, and sends the rounded cash', async () => {
    const onSubmit = vi.fn<(d: PaymentDraft) => void>();
    renderAt(
      '/x',
      '/x',
      <PayModal
        due_fen={1237}
        member={null}
        deductOrder="bonus_first"
        busy={false}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('cashier-round').textContent).toBe('抹零 ¥0.07，现金实收 ¥12.30');
    expect(within(dialog).getByRole('button', { name: '刚好 ¥12.30' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: '¥20' }));
    expect(within(dialog).getByTestId('cashier-change').textContent).toBe('找零 ¥7.70');
    await userEvent.click(within(dialog).getByRole('button', { name: /确认收款/ }));
    const d = onSubmit.mock.calls[0]![0];
    expect(paymentsOf(d)).toEqual([{ method: 'cash', amount_fen: 1230, tendered_fen: 2000 }]);
  });

  it('rounds only the cash part of a split, and refuses 分 tendered', () => {
    const split = { cash_fen: 237, member_fen: 1000, scan_fen: 0, tendered_fen: 0 };
    expect(paymentsOf(split)).toEqual([
      { method: 'cash', amount_fen: 230, tendered_fen: 230 },
      { method: 'member', amount_fen: 1000 },
    ]);
    const member = { principal_fen: 5000, bonus_fen: 0 };
    expect(draftProblem(1237, split, member)).toBeUndefined();
    expect(draftProblem(1237, { ...split, tendered_fen: 237 }, member)).toBe(
      '现金实收须为整角（收银台不收分币）',
    );
    expect(draftProblem(1237, { ...split, tendered_fen: 200 }, member)).toBe('实收现金不足');
    // a cash part of a few 分 rounds to nothing: sent as it is, the server drops it
    expect(paymentsOf({ cash_fen: 7, member_fen: 1230, scan_fen: 0, tendered_fen: 0 })).toEqual([
      { method: 'cash', amount_fen: 7 },
      { method: 'member', amount_fen: 1230 },
    ]);
  });
});
