import type { TerminalDesktop } from '@netbar/contract';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, baseUrl, screenshot, signedInSuite } from './support/browser';
import { must as consoleMust } from './support/console';
import { terminalCall } from './support/terminal';

/**
 * 桌面设置 (issue 18 item 1, decision 192) as demo_netbar would try it: the flagship's desktops are listed,
 * 电竞区's gets a new wallpaper and its first two games swapped by dragging in the editor, the preview shows
 * both at once, and after 保存 a PC of 电竞区 fetching terminal_desktop (as `npm run terminal-sim --
 * desktop` does) gets the new wallpaper and order. A file that is not a picture is refused in Chinese.
 */

let page: Page;
signedInSuite(ACCOUNTS.netbar, (p) => {
  page = p;
});
const must = <T>(path: string, body?: object) => consoleMust<T>(page, path, body);
const iconNames = () =>
  page.getByTestId('desktop-icon').evaluateAll((els) => els.map((e) => e.querySelector('img')?.alt ?? ''));

describe('桌面设置, as demo_netbar', () => {
  it('sets a wallpaper for 电竞区 and reorders its icons; the preview and a PC’s fetch show it', async () => {
    await page.goto(`${baseUrl()}/application_manage/desktop_settings`);
    await expect.poll(() => page.getByRole('row').count(), { timeout: 15_000 }).toBeGreaterThan(3);
    for (const label of ['全部区域 · 全天', '电竞区 · 全天', '电竞区 · 22:00-24:00'])
      expect(await page.getByRole('cell', { name: label, exact: true }).count()).toBe(1);
    await screenshot(page, 'desktop-settings');

    await page
      .getByRole('row')
      .filter({ hasText: '电竞区 · 全天' })
      .getByRole('button', { name: '编辑' })
      .click();
    await page.waitForURL(/\/custom_desktop\?id=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    await expect.poll(iconNames, { timeout: 15_000 }).toContain('绝地求生');
    const before = await iconNames();
    expect(before.slice(0, 2)).toEqual(['绝地求生', '英雄联盟']);

    // a file that is only named like a picture is refused; nothing changes
    const files = page.locator('input[type=file]');
    await files.first().setInputFiles({
      name: 'wall.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture at all'),
    });
    await expect
      .poll(() => page.getByText('只能上传 PNG、JPEG、GIF 或 WebP 图片').count())
      .toBeGreaterThan(0);

    const png = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#0a7a3a' } })
      .png()
      .toBuffer();
    const uploaded = page.waitForResponse((r) => r.url().includes('/api/v1/desktop_upload'));
    await files.first().setInputFiles({ name: 'wall.png', mimeType: 'image/png', buffer: png });
    const key = ((await (await uploaded).json()) as { data: { key: string } }).data.key;
    await expect.poll(() => page.getByTestId('desktop-preview').getAttribute('style')).toContain(key);

    // drag 绝地求生 onto 英雄联盟: the two swap in the editor and in the preview
    const icons = page.getByTestId('desktop-icon');
    const a = (await icons.nth(0).boundingBox())!;
    const b = (await icons.nth(1).boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2, { steps: 3 });
    await page.mouse.move(b.x + b.width / 2 + 8, b.y + b.height / 2, { steps: 10 });
    await page.mouse.up();
    await expect.poll(async () => (await iconNames()).slice(0, 2)).toEqual(['英雄联盟', '绝地求生']);
    const previewOrder = await page
      .getByTestId('desktop-preview')
      .locator('img')
      .evaluateAll((els) => els.map((e) => (e as HTMLImageElement).alt));
    expect(previewOrder.slice(0, 2)).toEqual(['英雄联盟', '绝地求生']);
    await screenshot(page, 'custom-desktop');

    const saved = page.waitForResponse((r) => r.url().includes('/api/v1/desktop_config_save'));
    await page.getByRole('button', { name: /^保\s*存$/ }).click(); // antd spaces two-character labels
    expect(((await (await saved).json()) as { status: number }).status).toBe(200);

    const cfg = await must<{ wallpaper: string; area_id: number }>(`desktop_config?id=${id}`);
    expect(cfg.wallpaper).toBe(key);
    const nid = (await must<{ nid: number }>('user_info')).nid;
    const machines = await terminalCall<{ list: { id: number; area: string }[] }>(nid, 'terminal_machines');
    const pc = machines.data.list.find((m) => m.area === '电竞区')!;
    const d = await terminalCall<TerminalDesktop>(nid, `terminal_desktop?machine_id=${pc.id}`);
    expect(d.status).toBe(200);
    // outside 22:00-24:00 the all-day row is the one in force; inside it, the night band (same icons)
    if (!d.data.band) expect(d.data.wallpaper[0]!.url).toContain(key);
    expect(d.data.groups[0]!.icons.slice(0, 2).map((i) => i.name)).toEqual(
      d.data.band ? ['绝地求生', '英雄联盟'] : ['英雄联盟', '绝地求生'],
    );
  });
});
