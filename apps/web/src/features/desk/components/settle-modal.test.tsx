import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dialogHarness, ends, ok, settle } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import { slotOnDay } from './booking-timeline';
import { SettleModal } from './settle-modal';

const BILL = {
  session_id: 8,
  session_no: 'ZT202601150008',
  desk_name: '电竞包间A',
  opened_at: '2026-01-15 19:00:00',
  status: 'open',
  minutes: 95,
  hourly_fen: 3000,
  time_fee_fen: 4750,
  goods_fen: 1200,
  min_spend_fen: 8000,
  min_topup_fen: 2050,
  desk_fee_fen: 6800,
  total_fen: 8000,
  goods_due_fen: 1200,
  due_fen: 8000,
};
const onClose = vi.fn();
const { success } = dialogHarness(onClose);

describe('desk settlement and the booking timeline', { timeout: 90_000 }, () => {
  it('places a slot on its day, clipping one that crosses midnight', () => {
    expect(slotOnDay({ start_at: '2026-01-15 12:00', end_at: '2026-01-15 18:00' }, '2026-01-15')).toEqual({
      left: 50,
      width: 25,
    });
    expect(slotOnDay({ start_at: '2026-01-15 22:00', end_at: '2026-01-16 02:00' }, '2026-01-16')).toEqual({
      left: 0,
      width: (120 / 1440) * 100,
    });
  });

  it('cash below the amount due is refused before sending; enough cash settles with the change shown', async () => {
    const seen = mockServer((c) =>
      ends(c, 'desk_bill')
        ? ok(BILL)
        : ok({ ...BILL, pay_method: 'cash', tendered_fen: 10000, change_fen: 2000 }),
    );
    renderAt('/x', '/x', <SettleModal sessionId={8} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByTestId('desk-due').textContent).toBe('¥80.00'));
    expect(within(dialog).getByText(/低消补足/)).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('实收金额'), '50');
    expect(await within(dialog).findByText('实收金额不能少于应收金额')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '确认结账' })).toBeDisabled();
    await userEvent.clear(within(dialog).getByLabelText('实收金额'));
    await userEvent.type(within(dialog).getByLabelText('实收金额'), '100');
    expect(await within(dialog).findByText('找零 ¥20.00')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: '确认结账' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('结账成功，找零 ¥20.00'));
    const body = new URLSearchParams(String(seen.find((c) => ends(c, 'desk_settle'))?.data));
    expect(body.get('tendered_fen')).toBe('10000');
    expect(body.get('method')).toBe('cash');
    await settle();
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the 抹零 of a cash bill ending in 分 and works the change from the rounded amount', async () => {
    mockServer(() => ok({ ...BILL, due_fen: 8007, total_fen: 8007 }));
    renderAt('/x', '/x', <SettleModal sessionId={8} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByTestId('desk-round')).textContent).toBe('¥0.07，现金实收 ¥80.00');
    await userEvent.type(within(dialog).getByLabelText('实收金额'), '80');
    expect(within(dialog).queryByText('实收金额不能少于应收金额')).toBeNull();
    await userEvent.clear(within(dialog).getByLabelText('实收金额'));
    await userEvent.type(within(dialog).getByLabelText('实收金额'), '100');
    expect(await within(dialog).findByText('找零 ¥20.00')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('radio', { name: '扫码支付' }));
    expect(within(dialog).queryByTestId('desk-round')).toBeNull();
  });

  it('扫码 shows the QR of the bill and waits; the payment settling it closes the dialog (decision 182)', async () => {
    let polls = 0;
    const ROW = {
      payment_no: 'P20260115200000ABCDEF03',
      purpose: 'desk',
      order_id: null,
      member_id: null,
      desk_session_id: 8,
      amount_fen: 8000,
      pay_type: 'wechat',
      status: 'waiting',
      status_label: '等待付款',
      qr_payload: 'http://127.0.0.1/pay?no=P20260115200000ABCDEF03&s=x',
      expires_at: '2026-01-15 20:15:00',
      created_at: '2026-01-15 20:00:00',
    };
    const seen = mockServer((c) => {
      if (ends(c, 'desk_bill')) return ok(BILL);
      if (ends(c, 'get_pay_type'))
        return ok({
          types: [],
          client: [],
          cashier: [{ pay_type: 'wechat', name: '微信支付', order_method: 'scan' }],
        });
      if (ends(c, 'desk_scan_pay')) return ok(ROW);
      if (ends(c, 'counter_scan_query')) return ok({ ...ROW, status: ++polls > 1 ? 'paid' : 'waiting' });
      return ok(null);
    });
    renderAt('/x', '/x', <SettleModal sessionId={8} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByTestId('desk-due').textContent).toBe('¥80.00'));
    await userEvent.click(within(dialog).getByLabelText('扫码支付'));
    expect(within(dialog).queryByRole('button', { name: /确认结账/ })).toBeNull();
    expect(within(dialog).getByRole('button', { name: '关闭' })).toBeTruthy();
    await userEvent.click(await within(dialog).findByRole('button', { name: /生成收款码/ }));
    expect(await within(dialog).findByText('等待付款…')).toBeTruthy();
    expect(within(dialog).getByTestId('desk-scan-qr-link').getAttribute('href')).toBe(ROW.qr_payload);
    const start = seen.find((c) => ends(c, 'desk_scan_pay'))!;
    expect(JSON.parse(String(start.data))).toMatchObject({ session_id: 8, pay_type: 'wechat' });
    expect(seen.some((c) => ends(c, 'desk_settle'))).toBe(false);
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 8000 });
    expect(seen.some((c) => ends(c, 'desk_settle'))).toBe(false);
  });
});
