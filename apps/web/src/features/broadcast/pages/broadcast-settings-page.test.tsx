import { type BroadcastSettingsRow, defaultBroadcastSettings } from '@netbar/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { dialogHarness, ends, ok, refused } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import BroadcastSettingsPage from './broadcast-settings-page';

const { notifyError, success, rejections } = dialogHarness();
const URL = '/application_manage/broadcast_settings';
const ROW: BroadcastSettingsRow = {
  ...defaultBroadcastSettings(),
  saved: false,
  app_on: true,
  updated_at: '',
  updated_by: '',
};
const saved = (seen: InternalAxiosRequestConfig[]) =>
  seen.filter((c) => ends(c, 'broadcast_settings_save')).map((c) => JSON.parse(String(c.data)));

describe('语音播报设置 page', { timeout: 60_000 }, () => {
  it('shows the five events with their templates and saves them with the voice settings', async () => {
    const seen = mockServer((c) => (ends(c, 'broadcast_settings') ? ok(ROW) : ok(ROW, '保存成功')));
    renderAt(URL, URL, <BroadcastSettingsPage />);
    const order = (await screen.findByRole('textbox', { name: '点单播报模板' })) as HTMLInputElement;
    await waitFor(() => expect(order.value).toBe('{机器号}号机点单，{商品}，请及时送达'));
    for (const label of ['呼叫网管', '余额不足', '会员生日', '现场抽奖中奖'])
      expect(screen.getByRole('textbox', { name: `${label}播报模板` })).toBeTruthy();
    expect(screen.getByText('尚未保存，当前为默认设置')).toBeTruthy();
    // jsdom has no speechSynthesis: the page says the chime stands in
    expect(screen.getByText('本机浏览器没有中文语音，播报时将以提示音代替')).toBeTruthy();
    fireEvent.change(order, { target: { value: '{机器号}号机{会员名}点单' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved(seen)).toHaveLength(1));
    const body = saved(seen)[0];
    expect(body.events[0]).toEqual({
      event: 'seat_order',
      enabled: true,
      template: '{机器号}号机{会员名}点单',
    });
    expect(body.events.map((e: { event: string }) => e.event)).toEqual([
      'seat_order',
      'service_call',
      'balance_low',
      'birthday',
      'draw_winner',
    ]);
    expect(body).toMatchObject({
      voice: '',
      rate: 1,
      volume: 100,
      repeat: 1,
      quiet_start: '23:00',
      quiet_end: '08:00',
    });
    await waitFor(() => expect(success).toHaveBeenCalledWith('保存成功'));
    expect(rejections).toEqual([]);
  });

  it('refuses an unknown variable on the page and sends nothing; a server refusal is shown', async () => {
    const seen = mockServer((c) =>
      ends(c, 'broadcast_settings') ? ok(ROW) : refused('免打扰开始与结束时间不能相同', 40000),
    );
    renderAt(URL, URL, <BroadcastSettingsPage />);
    const call = await screen.findByRole('textbox', { name: '呼叫网管播报模板' });
    await waitFor(() => expect((call as HTMLInputElement).value).not.toBe(''));
    fireEvent.change(call, { target: { value: '{机器号}呼叫{商品}' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(
      await screen.findByText('「呼叫网管」模板中的变量{商品}不存在，可用变量：{机器号}{会员名}{内容}'),
    ).toBeTruthy();
    expect(saved(seen)).toHaveLength(0);
    fireEvent.change(call, { target: { value: '{机器号}呼叫{内容}' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('免打扰开始与结束时间不能相同'));
    expect(success).not.toHaveBeenCalled();
    expect(rejections).toEqual([]);
  });
});
