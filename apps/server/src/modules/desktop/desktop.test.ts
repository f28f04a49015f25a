import { readdirSync } from 'node:fs';
import { type DesktopConfigRow, type DesktopSettings, PERM } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count } from '../../test/kit.ts';
import { uploadDir } from '../upload/index.ts';
import { areaOf, desktopBody, picture, saveAs, storeId, uploadAs } from './desktop-test-kit.ts';

let t: TestApp;
let owner: Client;
let flagship: number;
let esports: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  flagship = await storeId(t, '星际网咖旗舰店');
  esports = await areaOf(t, flagship, '电竞区');
  await rows(t.database.db, sql`delete from desktop_configs`);
});
afterAll(() => t.close());

const list = (c: Client = owner) => c.get<DesktopSettings>('/api/v1/desktop_settings');

describe('桌面设置 (10503)', () => {
  it('uploads a wallpaper resized to 1920×1080 and smaller, saves the default and an 电竞区 evening band', async () => {
    const up = await uploadAs(t, owner, 'wallpaper', await picture(3000, 2000));
    expect(up.status, up.msg).toBe(200);
    const key = up.data!.key;
    const files = readdirSync(uploadDir(t.config)).filter((f) => f.startsWith(key));
    expect(files.sort()).toEqual([`${key}-1280.jpg`, `${key}-1920.jpg`, `${key}-640.jpg`]);
    const sharp = (await import('sharp')).default;
    const meta = await sharp(`${uploadDir(t.config)}/${key}-1920.jpg`).metadata();
    expect([meta.width, meta.height]).toEqual([1920, 1080]);
    const icon = await uploadAs(t, owner, 'icon', await picture(300, 200, '#ff0000'));
    expect(icon.status, icon.msg).toBe(200);

    const d = await saveAs(owner, desktopBody({ wallpaper: key }));
    expect(d.status, d.msg).toBe(200);
    const custom = { kind: 'custom', name: '加速器', path: 'C:\\Tools\\acc.exe', icon: icon.data!.key };
    const groups = [{ name: '竞技', icons: [{ kind: 'game', game_id: 'cs2' }, custom] }];
    const e = await saveAs(
      owner,
      desktopBody({ area_id: esports, band_start: '18:00', band_end: '24:00', groups, ticker: '夜场8折' }),
    );
    expect(e.status, e.msg).toBe(200);
    const s = await list();
    expect(s.status, s.msg).toBe(200);
    expect(s.data.configs.map((c) => [c.area_name, c.band_start, c.band_end])).toEqual([
      ['', '', ''],
      ['电竞区', '18:00', '24:00'],
    ]);
    expect(s.data.configs[1]!.groups[0]!.icons[1]).toEqual(custom);
    expect(s.data.areas.some((a) => a.name === '电竞区')).toBe(true);
    // an edit replaces the row: the order of the icons is what was sent
    const one = s.data.configs[1]!;
    const reordered = [{ name: '竞技', icons: [custom, { kind: 'game', game_id: 'cs2' }] }];
    const again = await saveAs(owner, { ...desktopBody({ ...one, groups: reordered }), id: one.id });
    expect(again.status, again.msg).toBe(200);
    const back = await owner.get<DesktopConfigRow>('/api/v1/desktop_config', { id: one.id });
    expect(back.data.groups[0]!.icons[0]).toEqual(custom);
    expect(await count(t, 'desktop_configs')).toBe(2);
  });

  it('refuses overlapping bands, a band ending before it starts, a second all-day row and bad input, writing nothing', async () => {
    const before = await count(t, 'desktop_configs');
    const snapshot = JSON.stringify((await list()).data.configs);
    const at = (band_start: string, band_end: string, over = {}) =>
      saveAs(owner, desktopBody({ area_id: esports, band_start, band_end, ...over }));
    const overlap = await at('20:00', '22:00');
    expect([overlap.status, overlap.msg]).toEqual([40009, '与该区域已有的时段「18:00-24:00」重叠']);
    expect((await at('12:00', '08:00')).msg).toBe('时段的结束时间必须晚于开始时间');
    expect((await at('12:00', '12:00')).msg).toBe('时段的结束时间必须晚于开始时间');
    expect((await at('12:00', '')).msg).toBe('时段的开始与结束时间需同时填写');
    expect((await at('25:00', '26:00')).msg).toBe('时段开始时间格式为HH:mm');
    expect((await saveAs(owner, desktopBody())).msg).toBe('该区域已有全天配置');
    const game = (game_id: string) => ({ groups: [{ name: '热门', icons: [{ kind: 'game', game_id }] }] });
    expect((await at('08:00', '12:00', game('not-a-game'))).msg).toBe('游戏不存在，请从游戏列表中选择');
    expect((await at('08:00', '12:00', { wallpaper: 'f'.repeat(32) })).msg).toBe('壁纸不存在，请重新上传');
    expect((await at('08:00', '12:00', { wallpaper: '../../etc/passwd' })).msg).toBe('壁纸不正确');
    const customIcon = { kind: 'custom', name: '工具', path: 'C:\\a.exe', icon: 'a'.repeat(32) };
    expect((await at('08:00', '12:00', { groups: [{ name: '工具', icons: [customIcon] }] })).msg).toBe(
      '自定义图标不存在，请重新上传',
    );
    expect((await at('08:00', '12:00', { ticker: '告'.repeat(201) })).msg).toBe('滚动公告最多200个字符');
    const ad = { title: '周末', image: 'a'.repeat(32), start_date: '2026-02-02', end_date: '2026-02-01' };
    expect((await at('08:00', '12:00', { adverts: [ad] })).msg).toBe('广告的结束日期不能早于开始日期');
    expect(
      (await saveAs(owner, desktopBody({ area_id: 999999, band_start: '08:00', band_end: '09:00' }))).msg,
    ).toBe('区域不存在');
    expect((await owner.post('/api/v1/desktop_config_delete', { id: 'x' })).msg).toBe('配置参数错误');
    // the store's default cannot be deleted
    const def = (await list()).data.configs[0]!;
    expect((await owner.post('/api/v1/desktop_config_delete', { id: def.id })).msg).toBe(
      '默认配置（全部区域、全天）不能删除',
    );
    expect(await count(t, 'desktop_configs')).toBe(before);
    expect(JSON.stringify((await list()).data.configs)).toBe(snapshot);
  });

  it('refuses files that are not pictures, too large or too small, in Chinese', async () => {
    const text = await uploadAs(t, owner, 'wallpaper', Buffer.from('这不是图片'.repeat(20)), 'a.png');
    expect([text.status, text.msg]).toEqual([40000, '只能上传 PNG、JPEG、GIF 或 WebP 图片']);
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(200),
    ]);
    expect((await uploadAs(t, owner, 'wallpaper', fake)).msg).toBe('图片无法识别或已损坏');
    expect((await uploadAs(t, owner, 'wallpaper', await picture(320, 200))).msg).toBe('壁纸至少为 640×360');
    const big = Buffer.concat([await picture(16, 16), Buffer.alloc(1024 * 1024 + 10)]);
    const large = await uploadAs(t, owner, 'icon', big);
    expect([large.status, large.msg]).toEqual([41300, '图片不能超过1MB']);
    expect((await uploadAs(t, owner, 'poster', await picture(16, 16))).msg).toBe('上传类型不正确');
  });

  it('another store’s configuration is absent; staff need 10503; agents and administrators are refused', async () => {
    const mine = (await list()).data.configs[1]!;
    const other = await t.as(DEMO.netbar2);
    expect((await list(other)).data.configs).toEqual([]);
    const read = await other.get('/api/v1/desktop_config', { id: mine.id });
    expect([read.status, read.msg]).toEqual([40004, '桌面配置不存在']);
    const edit = await saveAs(other, { ...desktopBody({ area_id: 0 }), id: mine.id });
    expect(edit.status).toBe(40004);
    expect((await other.post('/api/v1/desktop_config_delete', { id: mine.id })).status).toBe(40004);
    // 二店 may not use the flagship's area either
    expect((await saveAs(other, desktopBody({ area_id: esports }))).msg).toBe('区域不存在');
    expect((await owner.get<DesktopConfigRow>('/api/v1/desktop_config', { id: mine.id })).data).toEqual(mine);

    const staff = await t.as(DEMO.netbarStaff);
    expect((await list(staff)).status).toBe(40003);
    expect(
      (await saveAs(staff, desktopBody({ area_id: esports, band_start: '08:00', band_end: '09:00' }))).status,
    ).toBe(40003);
    await rows(
      t.database.db,
      sql`insert into grants (user_id, perm_id) select id, ${PERM.DESKTOP_SETTINGS} from users
          where user_name = 'demo_netbar_staff' on conflict do nothing`,
    );
    const granted = await t.as(DEMO.netbarStaff);
    expect((await list(granted)).status).toBe(200);
    for (const who of [DEMO.agent, DEMO.admin]) {
      const c = await t.as(who);
      expect((await list(c)).status).toBe(40003);
      expect((await saveAs(c, desktopBody())).status).toBe(40003);
    }
  });

  it('serves the common games’ icons without a session; an unknown game is absent', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/v1/desktop_game_icon?id=lol' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('image/svg+xml');
    expect(r.body).toContain('英雄');
    const x = await t.app.inject({ method: 'GET', url: '/api/v1/desktop_game_icon?id=nope' });
    expect(JSON.parse(x.body).status).toBe(40004);
  });
});
