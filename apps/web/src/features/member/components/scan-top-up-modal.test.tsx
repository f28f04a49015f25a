import type { CounterScanRow, MemberRow } from '@netbar/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ends, ok, refused } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import { ScanTopUpModal } from './scan-top-up-modal';

const MEMBER = {
  id: 7,
  name: '王小明',
  card_mask: 'VIP***1234',
  level_id: 3,
  level_name: '普通会员',
  principal_fen: 0,
  bonus_fen: 0,
  status: 1,
} as MemberRow;
const ROW: CounterScanRow = {
  payment_no: 'P20260115200000ABCDEF02',
  purpose: 'topup',
  order_id: null,
  member_id: 7,
  amount_fen: 5000,
  pay_type: 'alipay',
  status: 'waiting',
  status_label: '等待付款',
  qr_payload: 'http://127.0.0.1/pay?no=P20260115200000ABCDEF02&s=x',
  expires_at: '2026-01-15 20:15:00',
  created_at: '2026-01-15 20:00:00',
};
const TYPES = {
  types: [],
  cashier: [
    { pay_type: 'cash', name: '现金', order_method: 'cash' },
    { pay_type: 'wechat', name: '微信支付', order_method: 'scan' },
    { pay_type: 'alipay', name: '支付宝', order_method: 'scan' },
  ],
  client: [],
};
const body = (c: { data?: unknown }) => JSON.parse(String(c.data));

describe('扫码充值 (decision 182)', { timeout: 60_000 }, () => {
  it('sends the amount in fen and the chosen method, waits, and says 充值成功 once the poll reads paid', async () => {
    let polls = 0;
    const seen = mockServer((c) => {
      if (ends(c, 'get_pay_type')) return ok(TYPES);
      if (ends(c, 'member_scan_topup')) return ok(ROW);
      if (ends(c, 'counter_scan_query')) return ok({ ...ROW, status: ++polls > 1 ? 'paid' : 'waiting' });
      return ok(null);
    });
    renderAt('/x', '/x', <ScanTopUpModal member={MEMBER} onClose={() => {}} />);
    expect(await screen.findByText('微信支付')).toBeTruthy();
    expect(screen.queryByText('现金')).toBeNull();
    await userEvent.click(screen.getByText('支付宝'));
    await userEvent.type(screen.getByLabelText('扫码充值金额'), '50');
    await userEvent.click(screen.getByRole('button', { name: /生成收款码/ }));
    expect(await screen.findByText('等待付款…')).toBeTruthy();
    expect(screen.getByTestId('topup-qr-link').getAttribute('href')).toBe(ROW.qr_payload);
    const start = seen.filter((c) => ends(c, 'member_scan_topup'));
    expect(start).toHaveLength(1);
    expect(body(start[0]!)).toMatchObject({ member_id: 7, amount_fen: 5000, pay_type: 'alipay' });
    expect(await screen.findByText('充值成功', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText(/¥50.00 已入账/)).toBeTruthy();
  });

  it('取消收款 closes the payment: nothing credited', async () => {
    const seen = mockServer((c) => {
      if (ends(c, 'get_pay_type')) return ok(TYPES);
      if (ends(c, 'member_scan_topup')) return ok(ROW);
      if (ends(c, 'counter_scan_cancel')) return ok({ ...ROW, status: 'cancelled' });
      return ok(ROW);
    });
    const onClose = vi.fn();
    renderAt('/x', '/x', <ScanTopUpModal member={MEMBER} onClose={onClose} />);
    await screen.findByText('微信支付');
    await userEvent.type(screen.getByLabelText('扫码充值金额'), '20');
    await userEvent.click(screen.getByRole('button', { name: /生成收款码/ }));
    await screen.findByText('等待付款…');
    await userEvent.click(screen.getByRole('button', { name: /取消收款/ }));
    expect(await screen.findByText('收款已取消（支付已关闭），未入账')).toBeTruthy();
    expect(seen.some((c) => ends(c, 'counter_scan_cancel'))).toBe(true);
  });

  it('refuses an empty amount before sending, and shows the server refusal', async () => {
    const seen = mockServer((c) => {
      if (ends(c, 'get_pay_type')) return ok(TYPES);
      if (ends(c, 'member_scan_topup')) return refused('本店收银台未启用该支付方式');
      return ok(null);
    });
    renderAt('/x', '/x', <ScanTopUpModal member={MEMBER} onClose={() => {}} />);
    await screen.findByText('微信支付');
    await userEvent.click(screen.getByRole('button', { name: /生成收款码/ }));
    expect(await screen.findByText('请输入充值金额')).toBeTruthy();
    expect(seen.some((c) => ends(c, 'member_scan_topup'))).toBe(false);
    await userEvent.type(screen.getByLabelText('扫码充值金额'), '10');
    await userEvent.click(screen.getByRole('button', { name: /生成收款码/ }));
    await waitFor(() => expect(seen.some((c) => ends(c, 'member_scan_topup'))).toBe(true));
    expect(await screen.findByText('本店收银台未启用该支付方式')).toBeTruthy();
    expect(screen.queryByText('等待付款…')).toBeNull();
  });
});
