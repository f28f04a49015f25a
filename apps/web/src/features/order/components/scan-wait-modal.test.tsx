import type { CounterScanRow } from '@netbar/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ends, ok, refused } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import { orderAnswer } from '../pages/cashier-test-kit';
import { ScanWaitModal } from './scan-wait-modal';

const ROW: CounterScanRow = {
  payment_no: 'P20260115200000ABCDEF01',
  purpose: 'order',
  order_id: 1,
  member_id: null,
  amount_fen: 350,
  pay_type: 'wechat',
  status: 'waiting',
  status_label: '等待付款',
  qr_payload: 'http://127.0.0.1/pay?no=P20260115200000ABCDEF01&s=x',
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

describe('ScanWaitModal (decision 169)', () => {
  it('shows 等待付款 with the QR of the offered methods, then 已支付 when the poll says paid', async () => {
    let polls = 0;
    const seen = mockServer((c) => {
      if (ends(c, 'get_pay_type')) return ok(TYPES);
      if (ends(c, 'order_scan_pay')) return ok(ROW);
      if (ends(c, 'counter_scan_query')) return ok({ ...ROW, status: ++polls > 1 ? 'paid' : 'waiting' });
      if (ends(c, 'order_detail')) return ok(orderAnswer({ total_fen: 350, paid_fen: 350 }));
      return ok(null);
    });
    const onPaid = vi.fn();
    renderAt(
      '/x',
      '/x',
      <ScanWaitModal
        order={{ id: 1, order_no: 'XS1', total_fen: 350 }}
        onPaid={onPaid}
        onCancelled={() => {}}
      />,
    );
    expect(await screen.findByText('等待付款…')).toBeTruthy();
    // only the scan methods the 收银台 offers (现金 is not one)
    expect(screen.getByText('微信支付')).toBeTruthy();
    expect(screen.getByText('支付宝')).toBeTruthy();
    expect(screen.queryByText('现金')).toBeNull();
    expect(screen.getByTestId('scan-qr-link').getAttribute('href')).toBe(ROW.qr_payload);
    const start = seen.find((c) => ends(c, 'order_scan_pay'))!;
    expect(JSON.parse(String(start.data))).toMatchObject({ order_id: 1, pay_type: 'wechat' });
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1), { timeout: 8000 });
    expect(screen.getByText('已支付')).toBeTruthy();
  });

  it('取消收款 closes the payment and tells the page', async () => {
    const seen = mockServer((c) => {
      if (ends(c, 'get_pay_type')) return ok(TYPES);
      if (ends(c, 'order_scan_pay')) return ok(ROW);
      if (ends(c, 'counter_scan_cancel')) return ok({ ...ROW, status: 'cancelled' });
      return ok({ ...ROW });
    });
    const onCancelled = vi.fn();
    renderAt(
      '/x',
      '/x',
      <ScanWaitModal
        order={{ id: 1, order_no: 'XS1', total_fen: 350 }}
        onPaid={() => {}}
        onCancelled={onCancelled}
      />,
    );
    await screen.findByText('等待付款…');
    await userEvent.click(screen.getByRole('button', { name: /取消收款/ }));
    await waitFor(() => expect(onCancelled).toHaveBeenCalled());
    expect(seen.some((c) => ends(c, 'counter_scan_cancel'))).toBe(true);
  });

  it('生成付款链接 shows the order link (QR and address); the link paying the order finishes it and closes the QR', async () => {
    let paid = false;
    const seen = mockServer((c) => {
      if (ends(c, 'get_pay_type')) return ok(TYPES);
      if (ends(c, 'order_scan_pay')) return ok(ROW);
      if (ends(c, 'order_pay_link')) return ok({ id: 9, token: 'tok123', expires_at: '2026-01-16 20:00:00' });
      if (ends(c, 'counter_scan_query')) return ok(ROW);
      if (ends(c, 'counter_scan_cancel')) return ok({ ...ROW, status: 'cancelled' });
      if (ends(c, 'order_detail'))
        return ok(
          orderAnswer(paid ? { total_fen: 350, paid_fen: 350 } : { status: 'unpaid', total_fen: 350 }),
        );
      return ok(null);
    });
    const onPaid = vi.fn();
    renderAt(
      '/x',
      '/x',
      <ScanWaitModal
        order={{ id: 1, order_no: 'XS1', total_fen: 350 }}
        onPaid={onPaid}
        onCancelled={() => {}}
      />,
    );
    await screen.findByText('等待付款…');
    await userEvent.click(screen.getByRole('button', { name: /生成付款链接/ }));
    const box = await screen.findByTestId('scan-pay-link');
    expect(box.textContent).toContain('/pay/link/tok123');
    expect(box.textContent).toContain('单次有效');
    const made = seen.find((c) => ends(c, 'order_pay_link'))!;
    expect(String(made.url)).toContain('/api/c1/');
    expect(JSON.parse(String(made.data))).toMatchObject({ order_id: 1 });
    expect(screen.getByRole('button', { name: /生成付款链接/ }).hasAttribute('disabled')).toBe(true);
    // the customer pays the link: the order is read paid, the counter QR is closed
    paid = true;
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1), { timeout: 8000 });
    expect(screen.getByText('已支付')).toBeTruthy();
    expect(seen.some((c) => ends(c, 'counter_scan_cancel'))).toBe(true);
    expect(seen.filter((c) => ends(c, 'order_pay_link'))).toHaveLength(1);
  });

  it('付款码: the scanner types the code and Enter; paid at once finishes the order', async () => {
    const seen = mockServer((c) => {
      if (ends(c, 'get_pay_type')) return ok(TYPES);
      if (ends(c, 'order_scan_pay')) return ok(ROW);
      if (ends(c, 'order_micropay'))
        return ok({ ...ROW, payment_no: 'P20260115200000ABCDEF09', qr_payload: '', status: 'paid' });
      if (ends(c, 'order_detail')) return ok(orderAnswer({ total_fen: 350, paid_fen: 350 }));
      return ok(ROW);
    });
    const onPaid = vi.fn();
    renderAt(
      '/x',
      '/x',
      <ScanWaitModal
        order={{ id: 1, order_no: 'XS1', total_fen: 350 }}
        onPaid={onPaid}
        onCancelled={() => {}}
      />,
    );
    await screen.findByText('等待付款…');
    await userEvent.type(screen.getByLabelText('付款码'), '134567890123456781{Enter}');
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1), { timeout: 8000 });
    const sent = seen.filter((c) => ends(c, 'order_micropay'));
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String(sent[0]!.data))).toMatchObject({ order_id: 1, auth_code: '134567890123456781' });
    expect(screen.getByText('已支付')).toBeTruthy();
  });

  it('付款码 waiting for the customer: 等待顾客确认, then paid by the poll; a refused code is shown', async () => {
    let polls = 0;
    let calls = 0;
    const WAIT = { ...ROW, payment_no: 'P20260115200000ABCDEF0A', qr_payload: '' };
    mockServer((c) => {
      if (ends(c, 'get_pay_type')) return ok(TYPES);
      if (ends(c, 'order_scan_pay')) return ok(ROW);
      if (ends(c, 'order_micropay'))
        return ++calls === 1 ? refused('付款码无效或已过期，请顾客刷新付款码', 40000) : ok(WAIT);
      if (ends(c, 'counter_scan_query'))
        return ok(
          c.params?.payment_no === WAIT.payment_no && ++polls > 1 ? { ...WAIT, status: 'paid' } : ROW,
        );
      if (ends(c, 'order_detail')) return ok(orderAnswer({ total_fen: 350, paid_fen: 350 }));
      return ok(ROW);
    });
    const onPaid = vi.fn();
    renderAt(
      '/x',
      '/x',
      <ScanWaitModal
        order={{ id: 1, order_no: 'XS1', total_fen: 350 }}
        onPaid={onPaid}
        onCancelled={() => {}}
      />,
    );
    await screen.findByText('等待付款…');
    await userEvent.type(screen.getByLabelText('付款码'), '1356789012345678{Enter}');
    expect(await screen.findByText('付款码无效或已过期，请顾客刷新付款码')).toBeTruthy();
    expect(onPaid).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('付款码'), '28765432109876549{Enter}');
    expect(await screen.findByTestId('scan-confirming')).toBeTruthy();
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1), { timeout: 8000 });
  });
});
