import type { SandboxPayInfo } from '@netbar/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ends, ok, refused } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import PayPage from './pay-page';

const INFO: SandboxPayInfo = {
  store_name: '星际网咖旗舰店',
  amount_fen: 1250,
  purpose: 'counter',
  purpose_label: '柜台收款',
  subject: '饮料',
  method: 'wechat',
  state: '待支付',
  expires_at: '2026-11-28 20:15:00',
};
const URL_ = '/pay?no=P20261128201500ABCDEF12&s=abcdefghijklmnopqrstuvwxyz012345';

describe('the public pay page (/pay)', () => {
  it('shows the store, amount and purpose; 确认支付 pays with the link and shows 支付成功', async () => {
    let state: SandboxPayInfo['state'] = '待支付';
    const seen = mockServer((c) => {
      if (ends(c, 'pay_page_pay')) {
        state = '已支付';
        return ok({ ...INFO, state });
      }
      if (ends(c, 'pay_page')) return ok({ ...INFO, state });
      return ok(null);
    });
    renderAt(URL_, '/pay', <PayPage />);
    expect(await screen.findByText('星际网咖旗舰店')).toBeTruthy();
    expect(screen.getByTestId('pay-amount').textContent).toBe('¥12.50');
    expect(screen.getByText('柜台收款')).toBeTruthy();
    expect(screen.getByText('微信支付')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '确认支付' }));
    expect(await screen.findByText('支付成功')).toBeTruthy();
    const post = seen.find((c) => ends(c, 'pay_page_pay'))!;
    expect(post.url).toBe('/api/c1/pay_page_pay');
    expect(JSON.parse(String(post.data))).toEqual({
      no: 'P20261128201500ABCDEF12',
      s: 'abcdefghijklmnopqrstuvwxyz012345',
    });
    expect(post.withCredentials).toBeFalsy();
  });

  it('取消 closes the payment', async () => {
    let state: SandboxPayInfo['state'] = '待支付';
    mockServer((c) => {
      if (ends(c, 'pay_page_cancel')) {
        state = '已关闭';
        return ok({ ...INFO, state });
      }
      if (ends(c, 'pay_page')) return ok({ ...INFO, state });
      return ok(null);
    });
    renderAt(URL_, '/pay', <PayPage />);
    await userEvent.click(await screen.findByRole('button', { name: /取\s*消/ }));
    expect(await screen.findByText('订单已关闭')).toBeTruthy();
  });

  it('a link the server does not know (or without its signature) says so', async () => {
    mockServer(() => refused('支付链接无效或已失效', 40004));
    renderAt(URL_, '/pay', <PayPage />);
    expect(await screen.findByText('支付链接无效或已失效')).toBeTruthy();
    renderAt('/pay?no=P1', '/pay', <PayPage />);
    expect((await screen.findAllByText('支付链接无效或已失效')).length).toBeGreaterThan(0);
  });
});
