import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dialogHarness, ends, ok, page, refused } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import { SeatQueue } from './seat-queue';
import { ShiftBar } from './shift-bar';

const { notifyError, success } = dialogHarness();
const body = (c: { data?: unknown }) => Object.fromEntries(new URLSearchParams(String(c.data)));
const seat = (id: number, status: string, more = {}) => ({
  id,
  order_no: `XS${id}`,
  source: 'seat',
  status,
  machine_name: `A区${id}号机`,
  member_name: '',
  items: '可乐×2',
  total_fen: 600,
  paid_fen: status === 'unpaid' ? 0 : 600,
  created_at: '2026-01-15 20:01:00',
  ...more,
});

describe('shift at the counter', { timeout: 60_000 }, () => {
  it('asks a cashier without a shift to open one with the float, in fen, once per request id', async () => {
    let open = false;
    const seen = mockServer((c) => {
      if (ends(c, 'shift_open')) {
        open = true;
        return ok({ shift: {}, replay: false });
      }
      if (ends(c, 'shift_current'))
        return ok(
          open
            ? {
                shift: {
                  shift_no: 'BC0002',
                  cashier_name: '小王',
                  opened_at: '2026-01-15 08:00:00',
                  float_fen: 20050,
                },
                figures: null,
              }
            : { shift: null, figures: null, open_orders: 0 },
        );
      return ok(null);
    });
    renderAt('/order/cashier', '/order/cashier', <ShiftBar />);
    const dialog = await screen.findByRole('dialog', { name: '开班' });
    await userEvent.type(within(dialog).getByLabelText('备用金'), '200.5{Enter}');
    await screen.findByText(/当班 BC0002/);
    expect(screen.getByText(/备用金 ¥200\.50/)).toBeInTheDocument();
    const post = seen.filter((c) => ends(c, 'shift_open'));
    expect(post).toHaveLength(1);
    expect(body(post[0] as { data?: unknown })).toMatchObject({ float_fen: '20050' });
    expect(success).toHaveBeenCalledWith('开班成功');
  });

  it('refuses a float that is not an amount, and leaves a reminder after 稍后', async () => {
    mockServer((c) => (ends(c, 'shift_current') ? ok({ shift: null, figures: null }) : ok(null)));
    renderAt('/order/cashier', '/order/cashier', <ShiftBar />);
    const dialog = await screen.findByRole('dialog', { name: '开班' });
    await userEvent.type(within(dialog).getByLabelText('备用金'), '1.234');
    expect(within(dialog).getByText('请输入正确的金额，最多两位小数')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /开班/ })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: /稍后/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText(/您还没有开班/)).toBeInTheDocument();
  });
});

describe('seat-order queue', { timeout: 60_000 }, () => {
  it('lists today’s open seat orders oldest first and moves them on', async () => {
    const seen = mockServer((c) => {
      if (ends(c, 'order_list')) return page([seat(3, 'done'), seat(2, 'preparing'), seat(1, 'paid')]);
      if (ends(c, 'order_status')) return ok({ order: {}, replay: false, change_fen: 0, warnings: [] });
      return ok(null);
    });
    renderAt('/order/cashier', '/order/cashier', <SeatQueue />);
    const first = await screen.findByTestId('seat-order-1');
    expect(screen.queryByTestId('seat-order-3')).toBeNull();
    expect(screen.getAllByTestId(/seat-order-/).map((e) => e.dataset.testid)).toEqual([
      'seat-order-1',
      'seat-order-2',
    ]);
    expect(within(first).getByText('已支付')).toBeInTheDocument();
    await userEvent.click(within(first).getByRole('button', { name: '开始制作' }));
    await waitFor(() => expect(seen.some((c) => ends(c, 'order_status'))).toBe(true));
    expect(body(seen.find((c) => ends(c, 'order_status')) as { data?: unknown })).toEqual({
      order_id: '1',
      action: 'prepare',
    });
    const list = seen.find((c) => ends(c, 'order_list'));
    expect(list?.params).toMatchObject({ source: 'seat', page_size: 50 });
  });

  it('shows a refused move in Chinese and takes cash for an unpaid seat order', async () => {
    const seen = mockServer((c) => {
      if (ends(c, 'order_list')) return page([seat(5, 'unpaid'), seat(6, 'delivered')]);
      if (ends(c, 'order_status')) return refused('订单当前状态不能完成', 40009);
      if (ends(c, 'order_pay')) return ok({ order: {}, replay: false, change_fen: 0, warnings: [] });
      return ok(null);
    });
    renderAt('/order/cashier', '/order/cashier', <SeatQueue />);
    await userEvent.click(
      within(await screen.findByTestId('seat-order-6')).getByRole('button', { name: /完\s?成/ }),
    );
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('订单当前状态不能完成'));
    await userEvent.click(
      within(screen.getByTestId('seat-order-5')).getByRole('button', { name: /收\s?款/ }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /确认收款/ }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('收款成功'));
    const pay = JSON.parse(String(seen.find((c) => ends(c, 'order_pay'))?.data));
    expect(pay).toMatchObject({
      order_id: 5,
      payments: [{ method: 'cash', amount_fen: 600, tendered_fen: 600 }],
    });
  });
});
