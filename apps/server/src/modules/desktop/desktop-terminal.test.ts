import { fromShanghai, type TerminalDesktop } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { machineDesktop } from './desktop-effective.ts';
import {
  areaOf,
  desktopBody,
  fetchDesktop,
  machineIn,
  picture,
  saveAs,
  storeId,
  uploadAs,
} from './desktop-test-kit.ts';

let t: TestApp;
let owner: Client;
let nid: number;
let esportsPc: number;
let hallPc: number;
let esports: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  nid = await storeId(t, '星际网咖旗舰店');
  esports = await areaOf(t, nid, '电竞区');
  esportsPc = await machineIn(t, esports);
  hallPc = await machineIn(t, await areaOf(t, nid, '大厅'));
});
afterAll(() => t.close());

const data = (r: Awaited<ReturnType<typeof fetchDesktop>>) => r.body?.data as TerminalDesktop;

describe('terminal_desktop: a machine’s effective desktop with an ETag', () => {
  it('the demo flagship: 电竞区 has its own wallpaper and icons, the hall the store’s default', async () => {
    const e = data(await fetchDesktop(t, nid, esportsPc));
    const h = data(await fetchDesktop(t, nid, hallPc));
    expect(e.wallpaper).toHaveLength(3);
    expect(e.wallpaper[0]!.url).not.toBe(h.wallpaper[0]!.url);
    expect(e.groups.map((g) => g.name)).toEqual(['竞技', '工具', '游戏平台']);
    expect(e.groups[1]!.icons[0]).toMatchObject({ kind: 'custom', name: 'YY语音' });
    expect(h.groups[0]!.icons.map((i) => i.name)).toEqual([
      '英雄联盟',
      '绝地求生',
      '永劫无间',
      'CS2',
      '无畏契约',
      '王者荣耀',
    ]);
    expect(h.ticker).toContain('星际网咖旗舰店');
    expect(h.adverts.map((a) => a.title)).toEqual(['周末畅玩·充100送20']);
    await rows(t.database.db, sql`delete from desktop_configs`);
  });

  it('answers 304 to an unchanged desktop and a new ETag only to the machines a change affects', async () => {
    const empty = await fetchDesktop(t, nid, esportsPc);
    expect(empty.http).toBe(200);
    expect(data(empty)).toMatchObject({ config_id: 0, wallpaper: [], groups: [] });
    expect((await saveAs(owner, desktopBody())).status).toBe(200);
    const first = await fetchDesktop(t, nid, esportsPc, empty.etag);
    expect(first.http).toBe(200);
    expect(first.etag).not.toBe(empty.etag);
    expect(data(first).groups[0]!.icons.map((i) => i.name)).toEqual(['英雄联盟', '绝地求生']);
    expect(data(first).groups[0]!.icons[0]!.icon).toBe('/api/v1/desktop_game_icon?id=lol');
    const same = await fetchDesktop(t, nid, esportsPc, first.etag);
    expect([same.http, same.body, same.etag]).toEqual([304, undefined, first.etag]);
    expect((await fetchDesktop(t, nid, esportsPc, `W/${first.etag}`)).http).toBe(304);
    const hall = await fetchDesktop(t, nid, hallPc);
    expect(hall.etag).not.toBe(first.etag); // the machine's id and area are part of its answer

    // a wallpaper for 电竞区: its machines see it, the hall's machines keep their ETag
    const wp = await uploadAs(t, owner, 'wallpaper', await picture(1920, 1080, '#112233'));
    const s = await saveAs(owner, desktopBody({ area_id: esports, wallpaper: wp.data!.key }));
    expect(s.status, s.msg).toBe(200);
    const changed = await fetchDesktop(t, nid, esportsPc, first.etag);
    expect(changed.http).toBe(200);
    expect(data(changed).wallpaper.map((w) => w.width)).toEqual([1920, 1280, 640]);
    expect(data(changed).wallpaper[0]!.url).toBe(`/uploads/${wp.data!.key}-1920.jpg`);
    expect((await fetchDesktop(t, nid, hallPc, hall.etag)).http).toBe(304);
    // the default's ticker is edited: the hall's machines see it, 电竞区 (its own row) does not
    const def = (
      await rows<{ id: number }>(t.database.db, sql`select id from desktop_configs where area_id = 0`)
    )[0]!;
    expect((await saveAs(owner, { ...desktopBody({ ticker: '新品上架' }), id: def.id })).status).toBe(200);
    expect((await fetchDesktop(t, nid, hallPc, hall.etag)).http).toBe(200);
    expect((await fetchDesktop(t, nid, esportsPc, changed.etag)).http).toBe(304);
  });

  it('takes the band in force at the Beijing minute, the area’s before the store’s, and only today’s adverts', async () => {
    const ad = await uploadAs(t, owner, 'advert', await picture(800, 450, '#aa0000'));
    const adverts = [
      { title: '今日', image: ad.data!.key, start_date: '2026-01-01', end_date: '2026-01-31' },
      { title: '下月', image: ad.data!.key, start_date: '2026-02-01', end_date: '2026-02-28' },
    ];
    const s = await saveAs(
      owner,
      desktopBody({ area_id: esports, band_start: '18:00', band_end: '24:00', ticker: '夜场', adverts }),
    );
    expect(s.status, s.msg).toBe(200);
    const at = (local: string, m = esportsPc) =>
      machineDesktop(t.database.db, '/uploads/', nid, m, fromShanghai(local).getTime());
    const night = await at('2026-01-15 23:59');
    expect(night.desktop).toMatchObject({ band: '18:00-24:00', ticker: '夜场' });
    expect(night.desktop.adverts.map((a) => a.title)).toEqual(['今日']);
    expect((await at('2026-01-15 17:59')).desktop).toMatchObject({ band: '', ticker: '欢迎光临' });
    expect((await at('2026-01-16 00:00')).desktop.band).toBe('');
    expect((await at('2026-02-01 20:00')).desktop.adverts.map((a) => a.title)).toEqual(['下月']);
    expect((await at('2026-01-15 20:00', hallPc)).desktop.ticker).toBe('新品上架');
    expect((await at('2026-01-15 20:00')).etag).not.toBe((await at('2026-01-15 12:00')).etag);
  });

  it('a store that switches 桌面设置 off gives its PCs the plain desktop until it is on again', async () => {
    const on = await fetchDesktop(t, nid, esportsPc);
    expect(data(on).config_id).not.toBe(0);
    expect(
      (await owner.post('/api/v1/store_app_switch', { key: 'desktop_settings', enabled: '0' })).status,
    ).toBe(200);
    const off = await fetchDesktop(t, nid, esportsPc, on.etag);
    expect(off.http).toBe(200);
    expect(data(off)).toMatchObject({ config_id: 0, wallpaper: [], groups: [], ticker: '' });
    expect(
      (await owner.post('/api/v1/store_app_switch', { key: 'desktop_settings', enabled: '1' })).status,
    ).toBe(200);
    expect((await fetchDesktop(t, nid, esportsPc, on.etag)).http).toBe(304);
  });

  it('refuses another store’s machine, a wrong key, a console session and a bad machine id', async () => {
    const second = await storeId(t, '星际网咖二店');
    const other = await fetchDesktop(t, second, esportsPc);
    expect([other.body?.status, other.body?.msg]).toEqual([40004, '机器不存在']);
    expect((await fetchDesktop(t, nid, esportsPc, undefined, 'wrong-key')).body?.status).toBe(40005);
    const console = await owner.get('/api/v1/terminal_desktop', { machine_id: esportsPc });
    expect(console.status).toBe(40005);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/terminal_desktop?machine_id=abc',
      headers: { 'x-netbar-id': String(nid), 'x-server-key': `demo-server-key-${nid}` },
    });
    expect(JSON.parse(bad.body)).toMatchObject({ status: 40000, msg: '机器参数错误' });
  });
});
