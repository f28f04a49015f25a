import type { LeaseOrderRow } from '@netbar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dialogHarness, ends, ok, refused, settle } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import { LostModal, ReturnModal, returnEstimate } from './close-lease-modals';

const LEASE: LeaseOrderRow = {
  id: 5,
  lease_no: 'ZL202601150005',
  item_id: 2,
  item_name: '无线手柄',
  qty: 1,
  price_fen: 500,
  price_unit: 'hour',
  deposit_fen: 10000,
  pay_method: 'cash',
  member_id: null,
  member_name: '',
  customer_name: '李四',
  customer_phone: '',
  status: 'renting',
  overdue: false,
  loss_kind: null,
  rented_at: '2026-01-15 18:00:00',
  expected_return_at: '2026-01-15 22:00:00',
  closed_at: '',
  minutes: 0,
  fee_fen: 0,
  refund_fen: 0,
  extra_fen: 0,
  extra_method: null,
  round_fen: 0,
  cashier_id: 3,
  cashier_name: '小王',
  closed_by: '',
  remark: '',
};
const onClose = vi.fn();
const { notifyError, success, rejections } = dialogHarness(onClose);

describe('lease return and loss', { timeout: 60_000 }, () => {
  it('estimates the fee with a started hour counted whole: 3 h 10 min of ¥5/h = ¥20, ¥80 of ¥100 back', () => {
    const at = Date.parse('2026-01-15T21:10:00+08:00');
    expect(returnEstimate(LEASE, at)).toMatchObject({
      minutes: 190,
      units: 4,
      fee_fen: 2000,
      refund_fen: 8000,
      extra_fen: 0,
    });
    // 30 hours at ¥5 = ¥150: ¥50 above the deposit is paid on return
    expect(returnEstimate(LEASE, Date.parse('2026-01-17T00:00:00+08:00'))).toMatchObject({
      refund_fen: 0,
      extra_fen: 5000,
    });
  });

  it('returns a lease with its request id and toasts the deposit given back', async () => {
    const seen = mockServer(() =>
      ok({ lease: { ...LEASE, status: 'returned', refund_fen: 8000 }, replay: false }),
    );
    renderAt('/x', '/x', <ReturnModal lease={LEASE} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认归还' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('归还成功，退还押金 ¥80.00'));
    const body = new URLSearchParams(String(seen.find((c) => ends(c, 'lease_return'))?.data));
    expect(body.get('lease_id')).toBe('5');
    expect(body.get('request_id')).toMatch(/^l[a-z0-9]+$/);
    expect(onClose).toHaveBeenCalled();
  });

  it('a loss needs a reason; a refused one keeps the dialog open without an unhandled rejection', async () => {
    const seen = mockServer(() => refused('该租赁已归还'));
    renderAt('/x', '/x', <LostModal lease={LEASE} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认登记' }));
    expect(await within(dialog).findByText('请填写原因（1-100个字符）')).toBeTruthy();
    await settle();
    expect(seen).toHaveLength(0);
    await userEvent.click(within(dialog).getByLabelText('损坏'));
    await userEvent.type(within(dialog).getByLabelText('原因'), '摇杆断裂');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认登记' }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('该租赁已归还'));
    const body = new URLSearchParams(String(seen[0]?.data));
    expect(body.get('kind')).toBe('damaged');
    expect(body.get('reason')).toBe('摇杆断裂');
    await settle();
    expect(onClose).not.toHaveBeenCalled();
    expect(rejections).toEqual([]);
  });
});
