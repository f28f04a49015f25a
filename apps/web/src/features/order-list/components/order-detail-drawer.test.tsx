import type { OrderDetail } from '@netbar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dialogHarness, ends, ok, refused, settle } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import { OrderDetailDrawer } from './order-detail-drawer';

const ORDER: OrderDetail = {
  id: 41,
  order_no: 'XS202601150041',
  source: 'counter',
  status: 'paid',
  shift_id: 7,
  cashier_id: 3,
  cashier_name: '小王',
  member_id: null,
  machine_id: null,
  desk_id: null,
  list_fen: 1400,
  discount_fen: 0,
  round_fen: 0,
  total_fen: 1400,
  paid_fen: 1400,
  refunded_fen: 0,
  remark: '',
  created_at: '2026-01-15 20:31:05',
  paid_at: '2026-01-15 20:31:05',
  lines: [
    {
      id: 1,
      sku_id: 11,
      group_id: null,
      items: [],
      name: '可口可乐',
      qty: 2,
      list_fen: 300,
      unit_fen: 300,
      total_fen: 600,
      cost_fen: 150,
      refunded_qty: 0,
      refunded_fen: 0,
      edited: false,
    },
    {
      id: 2,
      sku_id: 12,
      group_id: null,
      items: [],
      name: '红烧牛肉面',
      qty: 1,
      list_fen: 800,
      unit_fen: 800,
      total_fen: 800,
      cost_fen: 400,
      refunded_qty: 0,
      refunded_fen: 0,
      edited: false,
    },
  ],
  payments: [
    {
      id: 5,
      method: 'cash',
      amount_fen: 1400,
      tendered_fen: 2000,
      change_fen: 600,
      refunded_fen: 0,
      at: '2026-01-15 20:31:05',
    },
  ],
  refunds: [],
  events: [
    { id: 1, at: '2026-01-15 20:31:05', kind: 'create', text: '收银台下单', user_name: '小王' },
    { id: 2, at: '2026-01-15 20:31:05', kind: 'pay', text: '现金 14.00', user_name: '小王' },
  ],
};

const { notifyError, success, rejections } = dialogHarness();
const show = (canRefund: boolean, order: OrderDetail = ORDER) => {
  renderAt(
    '/order/order_list',
    '/order/order_list',
    <OrderDetailDrawer id={order.id} onClose={vi.fn()} canRefund={canRefund} />,
  );
};

describe('order detail and refund', { timeout: 60_000 }, () => {
  it('shows the coupon an order used inside its 优惠 (decision 186)', async () => {
    const used = {
      ...ORDER,
      list_fen: 1400,
      discount_fen: 500,
      total_fen: 900,
      coupon_id: 31,
      coupon_name: '满10减5',
      coupon_fen: 500,
    };
    mockServer((c) =>
      ends(c, 'order_detail') ? ok({ order: used, replay: false, change_fen: 0, warnings: [] }) : ok(null),
    );
    show(false, used);
    expect(await screen.findByText(/含优惠券「满10减5」¥5.00/)).toBeInTheDocument();
  });

  it('refunds one of two cokes with a reason: the line and the request id go to the server once', async () => {
    const seen = mockServer((c) => {
      if (ends(c, 'order_detail')) return ok({ order: ORDER, replay: false, change_fen: 0, warnings: [] });
      return ok({
        order: { ...ORDER, status: 'part_refunded', refunded_fen: 300 },
        replay: false,
        change_fen: 0,
        warnings: [],
      });
    });
    show(true);
    expect(await screen.findByText('订单 XS202601150041')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '退 款' }));
    const dialog = (await screen.findByRole('button', { name: '确认退款' })).closest(
      '.ant-modal',
    ) as HTMLElement;
    expect(within(dialog).getByTestId('refund-amount').textContent).toBe('¥14.00');
    await userEvent.click(within(dialog).getByLabelText('部分商品退款'));
    await userEvent.type(within(dialog).getByLabelText('可口可乐退款数量'), '1');
    await waitFor(() => expect(within(dialog).getByTestId('refund-amount').textContent).toBe('¥3.00'));
    await userEvent.click(within(dialog).getByRole('button', { name: '确认退款' }));
    expect(await within(dialog).findByText('请填写退款原因（1-100个字符）')).toBeTruthy();
    await settle();
    expect(seen.filter((c) => ends(c, 'order_refund'))).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('退款原因'), '顾客不要了');
    await userEvent.click(within(dialog).getByRole('button', { name: '确认退款' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('退款成功，共退 ¥3.00'));
    const body = JSON.parse(String(seen.find((c) => ends(c, 'order_refund'))?.data));
    expect(body).toMatchObject({ order_id: 41, reason: '顾客不要了', lines: [{ line_id: 1, qty: 1 }] });
    expect(rejections).toEqual([]);
  });

  it('without the refund grant there is no 退款; a refused cancel of an unpaid order shows the reason', async () => {
    const unpaid = { ...ORDER, status: 'unpaid' as const, paid_fen: 0, payments: [] };
    const seen = mockServer((c) =>
      ends(c, 'order_detail')
        ? ok({ order: unpaid, replay: false, change_fen: 0, warnings: [] })
        : refused('订单已支付，不能取消'),
    );
    show(false, unpaid);
    expect(await screen.findByText('订单 XS202601150041')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '退 款' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '取消订单' }));
    // the confirm's own 取消订单 button (the second one on the page)
    await waitFor(() => expect(screen.getAllByRole('button', { name: '取消订单' })).toHaveLength(2));
    await userEvent.click(screen.getAllByRole('button', { name: '取消订单' })[1]!);
    await waitFor(() => expect(seen.some((c) => ends(c, 'order_cancel'))).toBe(true));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('订单已支付，不能取消'));
    expect(rejections).toEqual([]);
  });
});
