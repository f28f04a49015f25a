import { createHash } from 'node:crypto';
import type { PandaBinding, PandaResult } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LegacySim, startLegacySim } from '../../../../../tools/legacy-sim/server.ts';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count } from '../../test/kit.ts';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const DEMO_PARTNER = { user_name: 'panda_demo', password: md5('panda123') };

let sim: LegacySim;
let t: TestApp;
let owner: Client;
beforeAll(async () => {
  sim = await startLegacySim(0, { members: 10, collections: 1, log: () => {} });
  t = await createTestApp({ LEGACY_IMPORT_URL: sim.url });
  owner = await t.as(DEMO.netbar);
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const bindings = () => count(t.database.db, 'partner_bindings');
const binding = async (c: Client) => (await c.get<PandaBinding>('/api/v1/panda_binding')).data;
/** Opens a one-time link the way the new tab does. */
const open = async (url: string) => (await fetch(url)).json() as Promise<{ code: number; msg: string }>;

describe('合作平台账号 (login_panda)', () => {
  it('binds with the MD5 password: status 1, a one-time link that logs in once, the name kept but no password', async () => {
    const r = await owner.post<PandaResult>('/api/v1/bind_panda', DEMO_PARTNER);
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ status: 1, msg: '绑定成功' });
    expect(r.data.tips).toMatch(new RegExp(`^${sim.url}/partner/welcome\\?ticket=[0-9a-f]{32}$`));
    expect(await open(r.data.tips)).toMatchObject({ code: 0, msg: '合作平台登录成功，欢迎 panda_demo' });
    expect((await open(r.data.tips)).code).toBe(1);
    expect(await binding(owner)).toMatchObject({ bound: true, user_name: 'panda_demo', origin: 'bind' });
    const stored = JSON.stringify(await rows(t.database.db, sql`select * from partner_bindings`));
    expect(stored).not.toContain(DEMO_PARTNER.password);

    // a retry of the same bind answers again and writes nothing more; fast_login_panda gives a new link
    expect((await owner.post<PandaResult>('/api/v1/bind_panda', DEMO_PARTNER)).data.status).toBe(1);
    expect(await bindings()).toBe(1);
    const login = await owner.post<PandaResult>('/api/v1/fast_login_panda');
    expect(login.data.status).toBe(1);
    expect((await open(login.data.tips)).code).toBe(0);
  });

  it('refuses a second account while bound, the same partner account for another store, and wrong passwords', async () => {
    const other = await owner.post<PandaResult>('/api/v1/fast_register_panda');
    expect(other.data).toEqual({ status: 0, msg: '已绑定合作平台账号 panda_demo，请先解绑', tips: '' });
    const second = await t.as(DEMO.netbar2);
    const taken = await second.post<PandaResult>('/api/v1/bind_panda', DEMO_PARTNER);
    expect(taken.data).toMatchObject({ status: 0, msg: '该合作平台账号已绑定其他账号' });
    const wrong = await second.post<PandaResult>('/api/v1/bind_panda', {
      user_name: 'panda_demo',
      password: md5('nope'),
    });
    expect(wrong.data).toMatchObject({ status: 0, msg: '合作平台账号或密码错误', tips: '' });
    // another store sees its own (empty) binding, never this one
    expect(await binding(second)).toEqual({ bound: false, user_name: '', origin: '', bound_at: '' });
    expect((await second.post<PandaResult>('/api/v1/fast_login_panda')).data).toMatchObject({
      status: 0,
      msg: '尚未绑定合作平台账号',
    });
    expect(await bindings()).toBe(1);
  });

  it('unbinds, then quick-registers an account bound at once; a repeat finds no second one', async () => {
    const un = await owner.get('/api/v1/unBind_panda');
    expect(un).toMatchObject({ status: 200, msg: '已解绑', data: { user_name: 'panda_demo' } });
    expect((await owner.get('/api/v1/unBind_panda')).status).toBe(40009);
    const reg = await owner.post<PandaResult>('/api/v1/fast_register_panda');
    expect(reg.data).toMatchObject({ status: 1, msg: '注册成功，已绑定' });
    expect(await binding(owner)).toMatchObject({
      bound: true,
      user_name: 'pd_demo_netbar',
      origin: 'register',
    });
    expect((await open(reg.data.tips)).msg).toBe('合作平台登录成功，欢迎 pd_demo_netbar');
    await owner.get('/api/v1/unBind_panda');
    const again = await owner.post<PandaResult>('/api/v1/fast_register_panda');
    expect(await binding(owner)).toMatchObject({ user_name: 'pd_demo_netbar' });
    expect(again.data.status).toBe(1);
  });

  it('refuses other user types and bad input with a Chinese message, writing nothing', async () => {
    const before = await bindings();
    for (const who of [DEMO.agent, DEMO.agentStaff, DEMO.netbarStaff]) {
      const c = await t.as(who);
      expect((await c.post('/api/v1/bind_panda', DEMO_PARTNER)).status).toBe(40003);
      expect((await c.get('/api/v1/unBind_panda')).status).toBe(40003);
      expect((await c.post('/api/v1/fast_register_panda')).status).toBe(40003);
    }
    expect((await t.client().post('/api/v1/fast_login_panda')).status).toBe(40005);
    // the administrator holds login_panda too (no store): its own, empty binding
    const admin = await t.as(DEMO.admin);
    expect((await admin.post<PandaResult>('/api/v1/fast_login_panda')).data.msg).toBe('尚未绑定合作平台账号');
    const second = await t.as(DEMO.netbar2);
    const noName = await second.post('/api/v1/bind_panda', { password: DEMO_PARTNER.password });
    expect(noName).toMatchObject({ http: 400, status: 40000, msg: '请输入账号' });
    const plain = await second.post('/api/v1/bind_panda', { user_name: 'panda_demo', password: 'panda123' });
    expect(plain).toMatchObject({ status: 40000, msg: '密码格式不正确' });
    expect((await second.post('/api/v1/bind_panda', { user_name: 'x' })).msg).toBe('请输入密码');
    expect(await bindings()).toBe(before);
  });

  it('answers status 0 with a Chinese message when the partner platform cannot be reached', async () => {
    const down = await createTestApp({ LEGACY_IMPORT_URL: 'http://127.0.0.1:9' });
    try {
      const c = await down.as(DEMO.netbar2);
      const r = await c.post<PandaResult>('/api/v1/bind_panda', DEMO_PARTNER);
      expect(r).toMatchObject({ http: 200, status: 200 });
      expect(r.data).toEqual({ status: 0, msg: '合作平台暂时无法连接，请稍后再试', tips: '' });
      expect(await count(down.database.db, 'partner_bindings')).toBe(0);
    } finally {
      await down.close();
    }
  });
});
