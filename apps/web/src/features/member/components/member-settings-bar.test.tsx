import type { MemberSettings } from '@netbar/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dialogHarness, ends, ok, refused } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import { CARD_ONLY_HELP, MemberSettingsBar } from './member-settings-bar';

const SETTINGS: MemberSettings = {
  deduct_order: 'principal_first',
  chain_shared: false,
  is_chain_head: false,
  shared_by_chain: false,
  card_only_logon: true,
};
const { notifyError, success, rejections } = dialogHarness();
const render = () => renderAt('/Member/member_manage', '/Member/member_manage', <MemberSettingsBar />);
const saves = (seen: ReturnType<typeof mockServer>) =>
  seen.filter((c) => ends(c, 'member_settings_save')).map((c) => new URLSearchParams(String(c.data)));

describe('member settings on the member list', { timeout: 60_000 }, () => {
  it('switches 无密码刷卡上机 off, keeping the deduct order, with its help text', async () => {
    let current = SETTINGS;
    const seen = mockServer((c) => {
      if (ends(c, 'member_settings_save')) {
        current = { ...current, card_only_logon: false };
        return ok(current);
      }
      return ok(current);
    });
    render();
    const sw = await screen.findByRole('switch', { name: '允许无密码会员刷卡上机' });
    expect(sw).toBeChecked();
    await userEvent.hover(screen.getByLabelText('无密码刷卡上机说明'));
    expect(await screen.findByText(CARD_ONLY_HELP)).toBeInTheDocument();
    await userEvent.click(sw);
    await waitFor(() => expect(success).toHaveBeenCalledWith('会员设置已保存'));
    const [body] = saves(seen);
    expect([body?.get('card_only_logon'), body?.get('deduct_order')]).toEqual(['0', 'principal_first']);
    expect(body?.has('chain_shared')).toBe(false);
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: '允许无密码会员刷卡上机' })).not.toBeChecked(),
    );
    expect(rejections).toEqual([]);
  });

  it('shows the server refusal and keeps the switch as it was', async () => {
    const seen = mockServer((c) =>
      ends(c, 'member_settings_save') ? refused('仅网吧老板可以修改会员设置', 40003) : ok(SETTINGS),
    );
    render();
    const sw = await screen.findByRole('switch', { name: '允许无密码会员刷卡上机' });
    await userEvent.click(sw);
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('仅网吧老板可以修改会员设置'));
    expect(saves(seen)).toHaveLength(1);
    expect(screen.getByRole('switch', { name: '允许无密码会员刷卡上机' })).toBeChecked();
    expect(rejections).toEqual([]);
  });
});
