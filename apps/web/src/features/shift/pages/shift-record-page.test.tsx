import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useAppState } from '../../../lib/app-state';
import { dialogHarness, ends, ok } from '../../../test/dialog-kit';
import { makeUser } from '../../../test/fixtures';
import { mockServer, renderAt } from '../../../test/render';
import ShiftRecordPage from './shift-record-page';

const ROW = {
  id: 9,
  shift_no: 'BC202601150800009',
  cashier_id: 3,
  cashier_name: '小王',
  status: 'closed',
  handover_due: false,
  opened_how: 'counter',
  opened_at: '2026-01-15 08:00:00',
  closed_at: '2026-01-15 20:00:00',
  closed_by: '小王',
  closed_how: 'counter',
  float_fen: 50000,
  expected_cash_fen: 60000,
  counted_cash_fen: 59500,
  over_short_fen: -500,
  over_short_reason: '找零失误',
  float_left_fen: 50000,
  carried_orders: 1,
  approval_status: 'pending',
  approved_by: '',
  prev_shift_id: null,
  next_shift_id: 10,
  next_cashier_name: '小李',
  remark: '',
  net_fen: 30000,
  cash_net_fen: 10000,
  member_net_fen: 8000,
  scan_net_fen: 12000,
};
const TOTALS = {
  float_fen: 50000,
  net_fen: 30000,
  cash_net_fen: 10000,
  member_net_fen: 8000,
  scan_net_fen: 12000,
  expected_cash_fen: 60000,
  counted_cash_fen: 59500,
  over_short_fen: -500,
};
const DETAIL = {
  shift: ROW,
  figures: {
    float_fen: 50000,
    cash_in_fen: 12000,
    cash_out_fen: 2000,
    expected_cash_fen: 60000,
    by_kind: { sale: 20000, refund: -2000 },
    by_method: { cash: 10000, member: 8000 },
    cells: [
      { kind: 'sale', method: 'cash', count: 3, amount_fen: 12000 },
      { kind: 'sale', method: 'member', count: 2, amount_fen: 8000 },
      { kind: 'refund', method: 'cash', count: 1, amount_fen: -2000 },
    ],
  },
  count_detail: [
    { face_fen: 10000, count: 5 },
    { face_fen: 5000, count: 1 },
    { face_fen: 2000, count: 2 },
    { face_fen: 500, count: 1 },
  ],
  movements: [],
  carried_order_ids: [31],
};

dialogHarness();

describe('shift records', { timeout: 60_000 }, () => {
  it('lists shifts with the 合计 row the server summed and opens the handover record with its count', async () => {
    const seen = mockServer((c) => {
      if (ends(c, 'shift_record_list'))
        return ok({ list: [ROW], page: 1, page_size: 10, count: 1, totals: TOTALS });
      if (ends(c, 'shift_record_detail')) return ok(DETAIL);
      return ok(null);
    });
    renderAt('/shift_management/shift_record', '/shift_management/shift_record', <ShiftRecordPage />);
    expect(await screen.findByText('BC202601150800009')).toBeTruthy();
    const totals = screen.getByText('合计').closest('tr') as HTMLElement;
    expect(within(totals).getByText('1个班次')).toBeTruthy();
    expect(within(totals).getByText('595.00')).toBeTruthy();
    expect(within(totals).getByText('短款 5.00')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: '交班单' }));
    const drawer = await screen.findByRole('dialog');
    await waitFor(() => expect(within(drawer).getByText('找零失误')).toBeTruthy());
    expect(seen.find((c) => ends(c, 'shift_record_detail'))?.params).toMatchObject({ id: 9 });
    expect(within(drawer).getByText('1 笔未完成订单转入下一班次（订单号 ID：31）')).toBeTruthy();
    // the count: 5×100 + 1×50 + 2×20 + 1×5 = 595.00
    expect(within(drawer).getAllByText('595.00').length).toBeGreaterThan(0);
    // pending approval is shown; only the store owner gets the approve buttons (no user signed in here)
    expect(within(drawer).getByText('待审批')).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: '审批通过' })).toBeNull();
  });

  afterEach(() => useAppState.setState({ user: null }));

  it('shows staff their own records without a cashier filter; the owner gets the filter', async () => {
    mockServer((c) =>
      ends(c, 'shift_record_list')
        ? ok({ list: [ROW], page: 1, page_size: 10, count: 1, totals: TOTALS })
        : ok([]),
    );
    useAppState.setState({ user: makeUser(5) });
    const staff = renderAt(
      '/shift_management/shift_record',
      '/shift_management/shift_record',
      <ShiftRecordPage />,
    );
    expect(await screen.findByText('我的交班记录')).toBeTruthy();
    expect(screen.queryByText('收银员', { selector: '.ant-select-placeholder' })).toBeNull();
    staff.unmount();
    useAppState.setState({ user: makeUser(3) });
    renderAt('/shift_management/shift_record', '/shift_management/shift_record', <ShiftRecordPage />);
    expect(await screen.findByText('交班记录')).toBeTruthy();
    expect(screen.getByText('收银员', { selector: '.ant-select-placeholder' })).toBeTruthy();
  });
});
