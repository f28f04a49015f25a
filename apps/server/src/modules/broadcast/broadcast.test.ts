import { BROADCAST_EVENTS, type BroadcastSettingsRow, type BroadcastSubject, PERM } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count, countOf } from '../../test/kit.ts';

let t: TestApp;
let owner: Client;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
});
afterAll(() => t.close());

const body = (over: Record<string, unknown> = {}) => ({
  events: BROADCAST_EVENTS.map((event) => ({ event, enabled: true, template: `{机器号}号机${event}` })),
  voice: 'Microsoft Xiaoxiao',
  rate: 1.2,
  volume: 80,
  repeat: 2,
  quiet_enabled: true,
  quiet_start: '23:00',
  quiet_end: '08:00',
  ...over,
});
const save = (b: Record<string, unknown>, c: Client = owner) =>
  c.request<BroadcastSettingsRow>('POST', '/api/v1/broadcast_settings_save', b, { json: true });
const read = (c: Client = owner) => c.get<BroadcastSettingsRow>('/api/v1/broadcast_settings');
const storeId = async (name: string) =>
  (await rows<{ id: number }>(t.database.db, sql`select id from netbars where name = ${name}`))[0]!.id;
const machineOf = async (nid: number) =>
  (
    await rows<{ id: number; name: string }>(
      t.database.db,
      sql`select id, name from machines where netbar_id = ${nid} order by id limit 1`,
    )
  )[0]!;

describe('语音播报设置 (10504)', () => {
  it('the demo flagship announces every event with its own templates', async () => {
    const r = await read();
    expect(r.status, r.msg).toBe(200);
    expect(r.data).toMatchObject({ saved: true, app_on: true, volume: 80, quiet_enabled: false });
    expect(r.data.events.every((e) => e.enabled)).toBe(true);
    expect(r.data.events.find((e) => e.event === 'seat_order')?.template).toBe(
      '{机器号}号机点单：{商品}，共{金额}，请及时送达',
    );
  });

  it('answers the defaults until saved, then what was saved; a second save replaces the first', async () => {
    const other = await t.as(DEMO.netbar2);
    const d = await read(other);
    expect(d.status, d.msg).toBe(200);
    expect(d.data).toMatchObject({ saved: false, app_on: true, rate: 1, volume: 100, repeat: 1, voice: '' });
    expect(d.data.events.map((e) => e.event)).toEqual([...BROADCAST_EVENTS]);
    const s = await save(body());
    expect(s.status, s.msg).toBe(200);
    expect(s.msg).toBe('保存成功');
    expect(s.data).toMatchObject({
      saved: true,
      rate: 1.2,
      volume: 80,
      repeat: 2,
      voice: 'Microsoft Xiaoxiao',
    });
    expect(s.data.updated_by).not.toBe('');
    const again = await save(
      body({
        rate: 0.5,
        quiet_start: '22:30',
        quiet_end: '02:00',
        events: body().events.map((e) => ({ ...e, enabled: e.event !== 'birthday' })),
      }),
    );
    expect(again.status, again.msg).toBe(200);
    const r = (await read()).data;
    expect(r).toMatchObject({ rate: 0.5, quiet_start: '22:30', quiet_end: '02:00', quiet_enabled: true });
    expect(r.events.find((e) => e.event === 'birthday')?.enabled).toBe(false);
    expect(await countOf(t, 'broadcast_settings', `netbar_id = ${await storeId('星际网咖旗舰店')}`)).toBe(1);
    // another store's settings are its own: demo_netbar2 still reads the defaults
    expect((await read(other)).data.saved).toBe(false);
  });

  it('refuses unknown variables, equal quiet hours and out-of-range values in Chinese, writing nothing', async () => {
    const before = await count(t, 'broadcast_settings');
    const flagship = await storeId('星际网咖旗舰店');
    const snapshot = JSON.stringify((await read()).data);
    const ev = body().events;
    const bad = ev.map((e) => (e.event === 'seat_order' ? { ...e, template: '{机器号}号机{桌号}点单' } : e));
    const x = await save(body({ events: bad }));
    expect(x.status).toBe(40000);
    expect(x.msg).toBe('「点单」模板中的变量{桌号}不存在，可用变量：{机器号}{会员名}{商品}{金额}');
    const empty = ev.map((e) => (e.event === 'service_call' ? { ...e, template: '  ' } : e));
    expect((await save(body({ events: empty }))).msg).toBe('请填写「呼叫网管」的播报模板');
    expect((await save(body({ events: ev.slice(1) }))).msg).toBe('缺少「点单」的播报设置');
    expect((await save(body({ quiet_start: '08:00', quiet_end: '08:00' }))).msg).toBe(
      '免打扰开始与结束时间不能相同',
    );
    expect((await save(body({ quiet_start: '24:00' }))).msg).toBe('免打扰开始时间格式为HH:mm');
    expect((await save(body({ rate: 2.5 }))).msg).toBe('语速为0.5-2.0，步长0.1');
    expect((await save(body({ rate: 1.25 }))).msg).toBe('语速为0.5-2.0，步长0.1');
    expect((await save(body({ volume: 101 }))).msg).toBe('音量为0-100');
    expect((await save(body({ repeat: 0 }))).msg).toBe('重复次数为1-3次');
    expect((await save(body({ events: [{ event: 'dance', enabled: true, template: 'x' }] }))).msg).toBe(
      '播报事件不正确',
    );
    const long = ev.map((e) => (e.event === 'birthday' ? { ...e, template: '生'.repeat(101) } : e));
    expect((await save(body({ events: long }))).msg).toBe('「会员生日」的播报模板最多100个字符');
    expect(await count(t, 'broadcast_settings')).toBe(before);
    expect(JSON.stringify((await read()).data)).toBe(snapshot);
    expect(await countOf(t, 'broadcast_settings', `netbar_id = ${flagship} and rate_x10 = 25`)).toBe(0);
  });

  it('staff need 10504 to save, agents and administrators are refused; every store user reads', async () => {
    const staff = await t.as(DEMO.netbarStaff);
    expect((await read(staff)).status).toBe(200);
    expect((await save(body(), staff)).status).toBe(40003);
    await rows(
      t.database.db,
      sql`insert into grants (user_id, perm_id) select id, ${PERM.BROADCAST_SETTINGS} from users
          where user_name = 'demo_netbar_staff' on conflict do nothing`,
    );
    const granted = await t.as(DEMO.netbarStaff);
    const s = await save(body({ volume: 55 }), granted);
    expect(s.status, s.msg).toBe(200);
    for (const who of [DEMO.agent, DEMO.admin]) {
      const c = await t.as(who);
      expect((await read(c)).status).toBe(40003);
      expect((await save(body(), c)).status).toBe(40003);
    }
  });

  it('names the machine and the masked member of the caller’s store only; another store’s machine is absent', async () => {
    const flagship = await storeId('星际网咖旗舰店');
    const m = await machineOf(flagship);
    const r = await owner.get<BroadcastSubject>('/api/v1/broadcast_subject', { machine_id: m.id });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.machine).toBe(m.name);
    const online = await rows<{ machine_id: number; name: string }>(
      t.database.db,
      sql`select s.machine_id, mb.name from online_sessions s join members mb on mb.id = s.member_id
          where s.netbar_id = ${flagship} and s.ended_at is null order by s.id limit 1`,
    );
    if (online[0]) {
      const o = await owner.get<BroadcastSubject>('/api/v1/broadcast_subject', {
        machine_id: online[0].machine_id,
      });
      expect(o.data.member_name).toMatch(/^.\*+$/);
      expect(o.data.member_name[0]).toBe(online[0].name[0]);
    }
    const other = await t.as(DEMO.netbar2);
    const x = await other.get('/api/v1/broadcast_subject', { machine_id: m.id });
    expect(x.status).toBe(40004);
    expect(x.msg).toBe('机器不存在');
    expect((await owner.get('/api/v1/broadcast_subject', { machine_id: 'abc' })).msg).toBe('机器参数错误');
  });

  it('a disabled 语音播报 app refuses the save and tells the announcer to stay silent', async () => {
    const flagship = await storeId('星际网咖旗舰店');
    await rows(
      t.database.db,
      sql`insert into store_apps (netbar_id, app, enabled) values (${flagship}, 'broadcast_settings', false)
          on conflict (netbar_id, app) do update set enabled = false`,
    );
    const c = await t.as(DEMO.netbar);
    expect((await read(c)).data.app_on).toBe(false);
    const s = await save(body(), c);
    expect(s.status).toBe(40003);
  });
});
