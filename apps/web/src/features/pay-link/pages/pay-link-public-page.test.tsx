import type { PayLinkInfo } from '@netbar/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dialogHarness, ends, ok, refused, settle } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import PayLinkPublicPage from './pay-link-public-page';

dialogHarness();
const TOKEN = 'B'.repeat(43);
const INFO: PayLinkInfo = {
  title: '会员充值',
  store_name: '星际网咖旗舰店',
  purpose: 'topup',
  purpose_label: '会员充值',
  amount_fen: 5000,
  min_fen: null,
  max_fen: null,
  status: '有效',
  expires_at: '2026-12-05 10:00:00',
  member_name: '',
  member_card: '',
  needs_card: true,
};
const body = (c: { data?: unknown }) => JSON.parse(String(c.data ?? '{}')) as Record<string, unknown>;

describe('the public page of an open 会员充值 link (decision 176)', { timeout: 60_000 }, () => {
  it('asks for the card, shows the masked name, and pays with that card; an unknown card is refused', async () => {
    const seen = mockServer((c) => {
      if (ends(c, 'pay_link_info')) return ok(INFO);
      if (ends(c, 'pay_link_member'))
        return JSON.stringify(c.params ?? {}).includes('NOPE1234') || String(c.url).includes('NOPE1234')
          ? refused('未找到该会员卡，请核对卡号', 40004)
          : ok({ name: '张**', card_mask: 'P****0022' });
      if (ends(c, 'pay_link_pay')) return ok({ no: 'P20261128000000000000ABCD', s: 'x'.repeat(20) });
      return ok(null);
    });
    renderAt(`/pay/link/${TOKEN}`, '/pay/link/:token', <PayLinkPublicPage />);
    const pay = await screen.findByRole('button', { name: /去支付/ });
    expect((pay as HTMLButtonElement).disabled).toBe(true);
    const card = screen.getByPlaceholderText('请输入会员卡号');
    fireEvent.change(card, { target: { value: 'NOPE1234' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    expect(await screen.findByText('未找到该会员卡，请核对卡号')).toBeTruthy();
    fireEvent.change(card, { target: { value: 'PL0022' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    expect(await screen.findByText(/会员：张\*\*（卡号 P\*\*\*\*0022）/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /去支付/ }));
    await settle();
    await settle();
    const calls = seen.filter((c) => ends(c, 'pay_link_pay'));
    expect(calls).toHaveLength(1);
    expect(body(calls[0]!)).toMatchObject({ token: TOKEN, card_no: 'PL0022' });
  });
});
