import type { ShiftCurrent, ShiftRow } from '@netbar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dialogHarness, ends, ok, refused, settle } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import { HandoverModal } from './handover-modal';

const SHIFT = {
  id: 7,
  shift_no: 'BC202601150800007',
  cashier_id: 3,
  cashier_name: '小王',
  status: 'open',
  handover_due: false,
  opened_how: 'counter',
  opened_at: '2026-01-15 08:00:00',
  float_fen: 50000,
} as ShiftRow;
const current = (open_orders = 0): ShiftCurrent => ({
  shift: SHIFT,
  figures: {
    float_fen: 50000,
    cash_in_fen: 12000,
    cash_out_fen: 2000,
    expected_cash_fen: 60000,
    by_kind: {} as never,
    by_method: { cash: 10000 },
    cells: [],
  },
  open_orders,
  settings: { auto_times: [], count_required: true, approval: 'owner', updated_by: '', updated_at: null },
});

const onDone = vi.fn();
const { notifyError, success, rejections } = dialogHarness(onDone);
const server = (answer: () => ReturnType<typeof ok>) =>
  mockServer((c) => (ends(c, 'shift_cashiers') ? ok([{ id: 4, name: '小李', role: '员工' }]) : answer()));
const open = async (c = current()) => {
  renderAt(
    '/order/shift',
    '/order/shift',
    <HandoverModal current={c} open onClose={vi.fn()} onDone={onDone} />,
  );
  return screen.findByRole('dialog');
};
const count = async (dialog: HTMLElement, face: string, n: string) => {
  const input = within(dialog).getByLabelText(`${face}张数`);
  await userEvent.clear(input);
  await userEvent.type(input, n);
};
const submit = (dialog: HTMLElement) =>
  userEvent.click(within(dialog).getByRole('button', { name: /确认交班/ }));

describe('handover dialog', { timeout: 60_000 }, () => {
  it('shows expected against counted live; a short of 5 yuan needs a reason before anything is sent', async () => {
    const seen = server(() => ok({ shift: { ...SHIFT, status: 'closed' }, next_shift: null }));
    const dialog = await open();
    await count(dialog, '100元', '5');
    await count(dialog, '50元', '1');
    await count(dialog, '20元', '2');
    await count(dialog, '5元', '1');
    // 500 + 50 + 40 + 5 = 595 counted against 600 expected
    await waitFor(() => expect(within(dialog).getByTestId('handover-diff').textContent).toBe('短款 5.00'));
    await submit(dialog);
    expect(await within(dialog).findByText('实点现金与应有现金不符，请填写长短款原因')).toBeTruthy();
    await settle();
    expect(seen.filter((c) => ends(c, 'shift_handover'))).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('长短款原因'), '找零失误');
    await submit(dialog);
    await waitFor(() => expect(success).toHaveBeenCalledWith('交班成功'));
    const body = JSON.parse(String(seen.find((c) => ends(c, 'shift_handover'))?.data));
    expect(body).toMatchObject({ id: 7, reason: '找零失误', float_left_fen: 50000, carry_orders: false });
    expect(body.counts).toContainEqual({ face_fen: 10000, count: 5 });
    expect(body.counts).toContainEqual({ face_fen: 500, count: 1 });
    expect(body.request_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(onDone).toHaveBeenCalled();
  });

  it('open orders must be carried over; a refused handover keeps the dialog and retries with the same request id', async () => {
    let calls = 0;
    const seen = server(() =>
      ++calls === 1 ? refused('该班次还有未完成订单') : ok({ shift: SHIFT, next_shift: null }),
    );
    const dialog = await open(current(2));
    await count(dialog, '100元', '6');
    await submit(dialog);
    expect(await within(dialog).findByText('请勾选结转未完成订单，或先处理这些订单')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /结转 2 笔未完成订单/ }));
    await submit(dialog);
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('该班次还有未完成订单'));
    await settle();
    expect(onDone).not.toHaveBeenCalled();
    expect(rejections).toEqual([]);
    await submit(dialog);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const ids = seen
      .filter((c) => ends(c, 'shift_handover'))
      .map((c) => JSON.parse(String(c.data)).request_id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
    expect(JSON.parse(String(seen.find((c) => ends(c, 'shift_handover'))?.data)).carry_orders).toBe(true);
  });
});
