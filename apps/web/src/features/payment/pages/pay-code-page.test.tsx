import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ends, ok, refused } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import PayCodePage from './pay-code-page';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

describe('a fixed QR code page (/pay/code/:token)', () => {
  it('takes the amount, makes the payment and opens its pay page; bad amounts are refused first', async () => {
    const seen = mockServer((c) => {
      if (ends(c, 'pay_code_info')) return ok({ store_name: '星际网咖旗舰店' });
      if (ends(c, 'pay_code_create'))
        return ok({ no: 'P20261128201500ABCDEF12', s: 'abcdefghijklmnopqrstuvwxyz012345' });
      return ok(null);
    });
    renderAt(`/pay/code/${TOKEN}`, '/pay/code/:token', <PayCodePage />);
    expect(await screen.findByText('星际网咖旗舰店')).toBeTruthy();
    const input = screen.getByLabelText('付款金额（元）');
    await userEvent.type(input, '1.234');
    await userEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText('请输入大于0且最多两位小数的金额')).toBeTruthy();
    expect(seen.some((c) => ends(c, 'pay_code_create'))).toBe(false);
    await userEvent.clear(input);
    await userEvent.type(input, '8.80');
    await userEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText('其他页面')).toBeTruthy();
    const body = JSON.parse(String(seen.find((c) => ends(c, 'pay_code_create'))!.data));
    expect([body.token, body.amount]).toEqual([TOKEN, '8.80']);
    expect(body.request_id).toMatch(/^code-/);
  });

  it('a code that is unknown or not approved says so', async () => {
    mockServer(() => refused('收款码无效或未通过审核', 40004));
    renderAt(`/pay/code/${TOKEN}`, '/pay/code/:token', <PayCodePage />);
    expect(await screen.findByText('收款码无效或未通过审核')).toBeTruthy();
  });
});
