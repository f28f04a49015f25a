import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dialogHarness, ends, ok, refused } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import ScanLogonPage from './scan-logon-page';

const T = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const INFO = { store_name: '星际网咖旗舰店', machine_name: 'A001', expires_in: 110 };
const { notifyError } = dialogHarness();

describe('the public QR logon page (/scan_logon)', () => {
  it('shows only the store and machine, then confirms with card number and password', async () => {
    const seen = mockServer((c) => {
      if (ends(c, 'scan_logon_info')) return ok(INFO);
      if (ends(c, 'scan_logon_confirm'))
        return ok({ machine_name: 'A001', member_name: '张伟', plan_name: '全场标准', minutes_left: 300 });
      return ok(null);
    });
    renderAt(`/scan_logon?t=${T}`, '/scan_logon', <ScanLogonPage />);
    expect(await screen.findByText('A001')).toBeTruthy();
    expect(screen.getByText(/星际网咖旗舰店/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('会员卡号或手机号'), 'VIP100037');
    await userEvent.type(screen.getByLabelText('会员密码'), '123456');
    await userEvent.click(screen.getByRole('button', { name: '确认上机' }));
    expect(await screen.findByText('上机成功')).toBeTruthy();
    const body = new URLSearchParams(String(seen.find((c) => ends(c, 'scan_logon_confirm'))!.data));
    expect([body.get('ticket'), body.get('account'), body.get('password')]).toEqual([
      T,
      'VIP100037',
      '123456',
    ]);
  });

  it('a short password is refused on the page, nothing is sent', async () => {
    const seen = mockServer(() => ok(INFO));
    renderAt(`/scan_logon?t=${T}`, '/scan_logon', <ScanLogonPage />);
    await screen.findByText('A001');
    await userEvent.type(screen.getByLabelText('会员卡号或手机号'), 'VIP100037');
    await userEvent.type(screen.getByLabelText('会员密码'), '123');
    await userEvent.click(screen.getByRole('button', { name: '确认上机' }));
    expect(await screen.findByText('会员密码为6-16位字母或数字')).toBeTruthy();
    expect(seen.some((c) => ends(c, 'scan_logon_confirm'))).toBe(false);
  });

  it('a wrong password is said inside the card (no toast) and the member may try again on the same ticket', async () => {
    let tries = 0;
    const seen = mockServer((c) => {
      if (ends(c, 'scan_logon_info')) return ok(INFO);
      if (ends(c, 'scan_logon_confirm'))
        return ++tries === 1
          ? refused('卡号（手机号）或密码错误', 40000)
          : ok({ machine_name: 'A001', member_name: '张伟', plan_name: '全场标准', minutes_left: 300 });
      return ok(null);
    });
    renderAt(`/scan_logon?t=${T}`, '/scan_logon', <ScanLogonPage />);
    await screen.findByText('A001');
    await userEvent.type(screen.getByLabelText('会员卡号或手机号'), 'VIP100037');
    await userEvent.type(screen.getByLabelText('会员密码'), '000000');
    await userEvent.click(screen.getByRole('button', { name: '确认上机' }));
    // the card's own alert (a toast of another test file may still be fading out of the shared document)
    await waitFor(() =>
      expect(document.querySelector('form .ant-alert')?.textContent).toContain('卡号（手机号）或密码错误'),
    );
    await userEvent.clear(screen.getByLabelText('会员密码'));
    await userEvent.type(screen.getByLabelText('会员密码'), '123456');
    await userEvent.click(screen.getByRole('button', { name: '确认上机' }));
    expect(await screen.findByText('上机成功')).toBeTruthy();
    expect(seen.filter((c) => ends(c, 'scan_logon_confirm'))).toHaveLength(2);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('a session that cannot start ends the page with the reason once the ticket is spent', async () => {
    let spent = false;
    mockServer((c) => {
      if (ends(c, 'scan_logon_info'))
        return spent ? refused('二维码已使用，请在电脑上刷新二维码', 40000) : ok(INFO);
      spent = true;
      return refused('机器正在使用中', 40000);
    });
    renderAt(`/scan_logon?t=${T}`, '/scan_logon', <ScanLogonPage />);
    await screen.findByText('A001');
    await userEvent.type(screen.getByLabelText('会员卡号或手机号'), 'VIP100037');
    await userEvent.type(screen.getByLabelText('会员密码'), '123456');
    await userEvent.click(screen.getByRole('button', { name: '确认上机' }));
    expect(await screen.findByText('上机失败')).toBeTruthy();
    expect(screen.getByText(/机器正在使用中。二维码已使用/)).toBeTruthy();
    expect(screen.queryByLabelText('会员密码')).toBeNull();
  });

  it('an expired or used ticket says so and shows no form', async () => {
    mockServer(() => refused('二维码已失效，请在电脑上刷新二维码', 40004));
    renderAt(`/scan_logon?t=${T}`, '/scan_logon', <ScanLogonPage />);
    expect(await screen.findByText('二维码已失效')).toBeTruthy();
    expect(screen.queryByLabelText('会员密码')).toBeNull();
  });
});
