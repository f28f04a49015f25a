import type { ReconcileDiff, ReconcileRun } from '@netbar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dialogHarness, ends, ok, page } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import ReconcilePage from './reconcile-page';

const { success } = dialogHarness();

const RUN: ReconcileRun = {
  id: 3,
  day: '2026-11-26',
  provider: 'sandbox',
  status: '已完成',
  statement_lines: 6,
  matched: 5,
  missing_ours: 0,
  missing_theirs: 0,
  amount_mismatch: 1,
  status_mismatch: 0,
  their_pay_fen: 14430,
  their_refund_fen: 0,
  our_pay_fen: 14880,
  our_refund_fen: 0,
  error: '',
  started_at: '2026-11-28 09:00:00',
  finished_at: '2026-11-28 09:00:01',
};
const DIFF: ReconcileDiff = {
  id: 1,
  kind: 'amount',
  line_kind: 'pay',
  payment_no: 'P20261126140500DEC00003',
  refund_no: '',
  txn_id: 'SB20261126DEMO000003',
  netbar_name: '星际网咖旗舰店',
  our_amount_fen: 2500,
  their_amount_fen: 2050,
  our_status: '已支付',
  at: '2026-11-26 14:05:00',
};

describe('对账 (6130)', { timeout: 150_000 }, () => {
  it('shows the runs with their figures, runs a day again and opens its one 金额不符', async () => {
    const seen = mockServer((c) => {
      if (ends(c, 'reconcile_providers')) return ok(['alipay', 'sandbox', 'wechatpay']);
      if (ends(c, 'reconcile_list')) return page([RUN]);
      if (ends(c, 'reconcile_diff_list'))
        return ok({ list: [DIFF], page: 1, page_size: 10, count: 1, run: RUN });
      return ok(RUN, '对账完成');
    });
    renderAt('/a', '/a', <ReconcilePage />);
    expect(await screen.findByText('2026-11-26')).toBeTruthy();
    expect(screen.getByText('¥144.30')).toBeTruthy();
    expect(screen.getByText('¥148.80')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /重新对账/ }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('对账完成：1条差异'));
    const body = JSON.parse(String(seen.find((c) => ends(c, 'reconcile_run'))?.data));
    expect(body.provider).toBe('sandbox');
    expect(body.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await userEvent.click(screen.getByRole('button', { name: /查看差异\(1\)/ }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('P20261126140500DEC00003')).toBeTruthy();
    expect(within(drawer).getByText('¥25.00')).toBeTruthy();
    expect(within(drawer).getByText('¥20.50')).toBeTruthy();
    expect(within(drawer).getByText('金额不符')).toBeTruthy();
    const asked = seen.find((c) => ends(c, 'reconcile_diff_list'));
    expect(asked?.params).toMatchObject({ run_id: 3, page: 1 });
  });
});
