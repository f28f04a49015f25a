import type { DesktopConfigRow, DesktopSettings } from '@netbar/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { dialogHarness, ends, ok } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import CustomDesktopPage from './custom-desktop-page';

dialogHarness();
const ROW: DesktopConfigRow = {
  id: 7,
  area_id: 3,
  area_name: '电竞区',
  band_start: '',
  band_end: '',
  wallpaper: '',
  groups: [
    {
      name: '竞技',
      icons: [
        { kind: 'game', game_id: 'pubg' },
        { kind: 'game', game_id: 'lol' },
      ],
    },
  ],
  ticker: '电竞区欢迎你',
  adverts: [],
  updated_by: '张老板',
  updated_at: '2026-01-01 10:00:00',
};
const SETTINGS: DesktopSettings = {
  app_on: true,
  images_base: '/uploads/',
  areas: [{ id: 3, name: '电竞区' }],
  configs: [ROW],
};
const saved = (seen: InternalAxiosRequestConfig[]) =>
  seen.filter((c) => ends(c, 'desktop_config_save')).map((c) => JSON.parse(String(c.data)));
const previewNames = () =>
  [...screen.getByTestId('desktop-preview').querySelectorAll('img')].map((i) => i.getAttribute('alt'));

describe('自定义桌面 page', { timeout: 60_000 }, () => {
  it('previews the desktop live and saves the icons in the order shown', async () => {
    const seen = mockServer((c) =>
      ends(c, 'desktop_settings') ? ok(SETTINGS) : ends(c, 'desktop_config') ? ok(ROW) : ok(ROW, '保存成功'),
    );
    renderAt('/custom_desktop?id=7', '/custom_desktop', <CustomDesktopPage />);
    await waitFor(() => expect(previewNames()).toEqual(['绝地求生', '英雄联盟']));
    expect(screen.getByTestId('desktop-preview').textContent).toContain('电竞区欢迎你');
    fireEvent.change(screen.getByRole('textbox', { name: '滚动公告' }), { target: { value: '夜场8折' } });
    await waitFor(() => expect(screen.getByTestId('desktop-preview').textContent).toContain('夜场8折'));
    // remove 绝地求生: the preview follows at once
    fireEvent.click(screen.getByRole('button', { name: '移除绝地求生' }));
    await waitFor(() => expect(previewNames()).toEqual(['英雄联盟']));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saved(seen)).toHaveLength(1));
    expect(saved(seen)[0]).toMatchObject({
      id: 7,
      area_id: 3,
      ticker: '夜场8折',
      groups: [{ name: '竞技', icons: [{ kind: 'game', game_id: 'lol' }] }],
    });
  });

  it('refuses a band ending before it starts before sending anything', async () => {
    const seen = mockServer((c) =>
      ends(c, 'desktop_settings') ? ok(SETTINGS) : ok({ ...ROW, band_start: '20:00', band_end: '18:00' }),
    );
    renderAt('/custom_desktop?id=7', '/custom_desktop', <CustomDesktopPage />);
    await waitFor(() => expect(previewNames()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('时段的结束时间必须晚于开始时间')).toBeTruthy();
    expect(saved(seen)).toHaveLength(0);
  });
});
