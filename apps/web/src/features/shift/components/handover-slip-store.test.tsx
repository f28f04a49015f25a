import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useAppState } from '../../../lib/app-state';
import { dialogHarness, ends, ok } from '../../../test/dialog-kit';
import { makeUser } from '../../../test/fixtures';
import { mockServer, renderAt } from '../../../test/render';
import { ShiftDetailDrawer } from './shift-detail-drawer';

/** The handover slip (交班单) prints the store's name at the top, as the template's 店名 field says. */
const SHIFT = {
  id: 9,
  shift_no: 'BC202601150800009',
  cashier_id: 7,
  cashier_name: '小王',
  status: 'closed',
  handover_due: false,
  opened_how: 'counter',
  opened_at: '2026-01-15 08:00:00',
  closed_at: '2026-01-15 20:00:00',
  closed_by: '小王',
  closed_how: 'counter',
  float_fen: 50000,
  expected_cash_fen: 51230,
  counted_cash_fen: 51230,
  over_short_fen: 0,
  over_short_reason: '',
  float_left_fen: 50000,
  carried_orders: 0,
  approval_status: 'none',
  approved_by: '',
  prev_shift_id: null,
  next_shift_id: null,
  next_cashier_name: '',
  remark: '',
};
const DETAIL = {
  shift: SHIFT,
  figures: {
    float_fen: 50000,
    cash_in_fen: 1230,
    cash_out_fen: 0,
    expected_cash_fen: 51230,
    by_kind: { sale: 1230 },
    by_method: { cash: 1230 },
    cells: [{ kind: 'sale', method: 'cash', count: 1, amount_fen: 1230 }],
  },
  count_detail: [{ face_fen: 10000, count: 5 }],
  movements: [],
  carried_order_ids: [],
};

dialogHarness();
afterEach(() => useAppState.setState({ user: null }));

describe('handover slip', { timeout: 60_000 }, () => {
  it('reprints the slip with the store name of the store the console works in', async () => {
    useAppState.setState({ user: makeUser(3, { nid: 12, chain_name: '星际连锁' }) });
    mockServer((c) => {
      if (ends(c, 'shift_record_detail')) return ok(DETAIL);
      if (ends(c, 'get_store_list'))
        return ok({ list: [{ nid: 12, netbar_name: '星际网咖旗舰店' }], page: 1, page_size: 1000, count: 1 });
      return ok(null);
    });
    renderAt('/x', '/x', <ShiftDetailDrawer id={9} onClose={() => {}} />);
    const print = await screen.findByRole('button', { name: /重打交班单/ });
    await userEvent.click(print);
    const slip = await screen.findByLabelText('交班单');
    // 店名 prints on a line of its own without its label, below the title
    const lines = () => (slip.textContent ?? '').split('\n').map((l) => l.trim());
    await waitFor(() => expect(lines()).toContain('星际网咖旗舰店'));
    expect(slip.textContent).toContain('BC202601150800009');
  });
});
