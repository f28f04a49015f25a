import type { ProfitDetailRow, ProfitRecord } from '@netbar/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ends, ok } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import PaymentProfitPage from './payment-profit-page';

const REC: ProfitRecord = {
  id: 7,
  day: '2026-11-27',
  agent_id: 1,
  agent_name: '华东网吧服务商',
  netbar_id: 1,
  netbar_name: '星际网咖旗舰店',
  method: 'wechat',
  pay_count: 2,
  pay_fen: 12345,
  refund_count: 2,
  refund_fen: 1345,
  carried_refund_count: 1,
  carried_refund_fen: 1000,
  net_fen: 11000,
  fee_rate_bp: 38,
  share_bp: 3000,
  fee_fen: 42,
  profit_fen: 13,
  note: '含结转退款1笔 ¥10.00（原支付日 11-26，退款晚于当日结算）',
  settled_at: '2026-11-28 00:10:00',
};
const REFUND: ProfitDetailRow = {
  kind: 'refund',
  payment_no: 'P1',
  refund_no: 'R1',
  amount_fen: 1000,
  paid_day: '2026-11-26',
  at: '2026-11-27 18:00:00',
  subject: '商品订单',
};
const TOTALS = {
  pay_count: 2,
  pay_fen: 12345,
  refund_fen: 1345,
  net_fen: 11000,
  fee_fen: 42,
  profit_fen: 13,
};

describe('支付分润 (196)', { timeout: 150_000 }, () => {
  it('shows the records with the period filter and 合计, and a record’s payments with the carried refund', async () => {
    const seen = mockServer((c) => {
      if (ends(c, 'payment_profit_list'))
        return ok({ list: [REC], page: 1, page_size: 10, count: 1, totals: TOTALS });
      return ok({ list: [REFUND], page: 1, page_size: 10, count: 1 });
    });
    renderAt('/a', '/a', <PaymentProfitPage />);
    expect(await screen.findByText('2026-11-27')).toBeTruthy();
    expect(screen.getAllByText('123.45').length).toBe(2); // the row and 合计
    expect(screen.getByText('合计')).toBeTruthy();
    const q = seen.find((c) => ends(c, 'payment_profit_list'))?.params as Record<string, unknown>;
    expect(q.start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(q.end).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await userEvent.click(screen.getByRole('button', { name: '明细' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('2026-11-26 结转')).toBeTruthy();
    expect(within(drawer).getByText(REC.note)).toBeTruthy();
  });
});
