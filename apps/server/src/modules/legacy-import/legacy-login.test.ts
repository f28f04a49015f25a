import type { LegacyLoginResult } from '@netbar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LegacySim } from '../../../../../tools/legacy-sim/server.ts';
import { type Client, DEMO, type TestApp } from '../../test/harness.ts';
import { loginDemo, md5, simAndApp } from './legacy-kit.ts';

let sim: LegacySim;
let t: TestApp;
let simLog: string[];
let owner: Client;
beforeAll(async () => {
  ({ sim, t, lines: simLog } = await simAndApp());
  owner = await t.as(DEMO.netbar);
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const login = (c: Client, body: Record<string, unknown>) =>
  c.request<LegacyLoginResult>('POST', '/businessimport/login', body, { bearer: true });

describe('the import login (codes 0-5)', () => {
  it('0: product 10 with the MD5 password answers the account stores; /businessimport/netbars lists them again', async () => {
    const r = await loginDemo(owner);
    expect(r.status).toBe(200);
    expect(r.data.code).toBe(0);
    expect(r.data.data.map((s) => s.id)).toEqual([8001, 8002, 8003]);
    const n = await owner.request<{ id: number }[]>('POST', '/businessimport/netbars', {}, { bearer: true });
    expect(n.data.map((s) => s.id)).toEqual([8001, 8002, 8003]);
  });

  it('1: a wrong password, and product 9 given the plain password (4.0 and 5.0 receive it hashed)', async () => {
    const wrong = await owner.post<LegacyLoginResult>('/api/v1/verify_old_panda_account', {
      user_name: 'demo',
      password: md5('nope'),
    });
    expect(wrong.data).toMatchObject({ code: 1, msg: '账号或密码错误', data: null });
    const plain = await owner.post<LegacyLoginResult>('/api/v1/verify_old_panda_account', {
      user_name: 'demo',
      password: 'demo123',
    });
    expect(plain.data.code).toBe(1);
    // a third-party product takes the password as typed
    expect((await login(owner, { product: 4, user_name: 'demo', password: 'demo123' })).data.code).toBe(0);
  });

  it('4: a locked account', async () => {
    const r = await login(owner, { product: 12, user_name: 'locked', password: 'demo123' });
    expect(r.data).toMatchObject({ code: 4, data: null });
    expect(r.data.msg).toContain('锁定');
  });

  it('2 then 3: SMS needed, sent (resend blocked with the seconds left), then the code logs in', async () => {
    const body = { user_name: 'smsuser', password: md5('demo123') };
    expect((await owner.post<LegacyLoginResult>('/api/v1/verify_panda_account', body)).data.code).toBe(2);
    const sent = await owner.post<LegacyLoginResult>('/api/v1/verify_panda_account', {
      ...body,
      send_sms: '1',
    });
    expect(sent.data).toMatchObject({ code: 3, data: { wait: 180 } });
    const again = await owner.post<LegacyLoginResult>('/api/v1/verify_panda_account', {
      ...body,
      send_sms: '1',
    });
    expect(again.data.code).toBe(3);
    expect((again.data.data as { wait: number }).wait).toBeLessThanOrEqual(180);
    const code = /smsuser: (\d{6})/.exec(simLog.join('\n'))?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const bad = await owner.post<LegacyLoginResult>('/api/v1/verify_panda_account', {
      ...body,
      sms_code: '000000',
    });
    expect(bad.data).toMatchObject({ code: 2, msg: '短信验证码错误' });
    const ok = await owner.post<LegacyLoginResult>('/api/v1/verify_panda_account', {
      ...body,
      sms_code: code,
    });
    expect(ok.data.code).toBe(0);
    expect(ok.data.data).toEqual([
      { id: 8101, name: '极速电竞馆' },
      { id: 8102, name: '极速电竞馆（二店）' },
    ]);
  });

  it('5: an image code needed (svg data URL, also from /businessimport/code), then the code logs in', async () => {
    const body = { product: 7, variant: 'pubwinol', user_name: 'imguser', password: 'demo123' };
    const first = await login(owner, body);
    expect(first.data.code).toBe(5);
    expect((first.data.data as { image: string }).image).toMatch(/^data:image\/svg\+xml;base64,/);
    const img = await owner.request<{ image: string }>(
      'GET',
      '/businessimport/code',
      { product: 7, user_name: 'imguser' },
      { bearer: true },
    );
    expect(img.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect((await login(owner, { ...body, code: 'zzzz' })).data).toMatchObject({
      code: 5,
      msg: '图片验证码错误',
    });
    expect((await login(owner, { ...body, code: 'ABCD' })).data.code).toBe(0);
  });

  it('clear forgets the source login: the import calls then ask to log in first', async () => {
    await loginDemo(owner);
    expect((await owner.request('GET', '/businessimport/clear', {}, { bearer: true })).status).toBe(200);
    const r = await owner.post('/api/v1/import_netbar_user', { netbar_id: 8001 });
    expect(r).toMatchObject({ status: 40000, msg: '请先登录旧系统账号' });
    const n = await owner.request('POST', '/businessimport/netbars', {}, { bearer: true });
    expect(n).toMatchObject({ status: 40000, msg: '请先登录旧系统账号' });
  });

  it('the source password is never kept: the login state holds the session token only', async () => {
    await loginDemo(owner);
    const state = await t.app.deps.kv.get<Record<string, unknown>>(
      `legacy-import:login:${(await owner.get<{ id: number }>('/api/v1/user_info')).data.id}`,
    );
    expect(state).toMatchObject({ product: 10, account: 'demo' });
    expect(JSON.stringify(state)).not.toContain(md5('demo123'));
    expect(Object.keys(state ?? {}).sort()).toEqual(['account', 'product', 'stores', 'token']);
  });
});

describe('refusals and bad input', () => {
  it('agents, netbar staff and the administrator are refused (40003)', async () => {
    for (const who of [DEMO.agent, DEMO.netbarStaff, DEMO.admin]) {
      const c = await t.as(who);
      const r = await c.post('/api/v1/verify_panda_account', { user_name: 'demo', password: md5('demo123') });
      expect(r.status, who.user_name).toBe(40003);
      const s = await c.request('GET', '/businessimport/schedule', {}, { bearer: true });
      expect(s.status, who.user_name).toBe(40003);
    }
  });

  it('missing fields and a bad product answer the spec messages', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['/api/v1/verify_panda_account', { password: 'x' }, '请输入账号'],
      ['/api/v1/verify_panda_account', { user_name: 'demo' }, '请输入密码'],
      ['/api/v1/import_netbar_user', {}, '请选择网吧'],
      ['/api/v1/netbar_import_old_goods', { netbar_id: 'abc' }, '请选择网吧'],
      ['/api/v1/netbar_import_fsyg_goods', { netbar_id: 8001 }, '请选择产品'],
      ['/api/v1/netbar_import_fsyg_goods', { netbar_id: 8001, product: 99 }, '请选择产品'],
    ];
    for (const [url, body, msg] of cases) {
      const r = await owner.post(url, body);
      expect([url, r.status, r.msg]).toEqual([url, 40000, msg]);
    }
    const b = await login(owner, { product: 99, user_name: 'demo', password: 'x' });
    expect([b.status, b.msg]).toEqual([40000, '请选择产品']);
  });

  it('a store not of the logged-in account, and the product 9 calls after a product 10 login, are refused', async () => {
    await loginDemo(owner);
    const other = await owner.post('/api/v1/import_netbar_user', { netbar_id: 8101 });
    expect(other).toMatchObject({ status: 40000, msg: '该网吧不属于当前登录的旧系统账号' });
    const wrongProduct = await owner.post('/api/v1/netbar_import_old_user', { netbar_id: 8001 });
    expect(wrongProduct).toMatchObject({ status: 40000, msg: '请先登录旧系统账号' });
  });

  it("another console user cannot use the owner's source login", async () => {
    await loginDemo(owner);
    const other = await t.as(DEMO.netbar2);
    const r = await other.post('/api/v1/import_netbar_user', { netbar_id: 8001 });
    expect(r).toMatchObject({ status: 40000, msg: '请先登录旧系统账号' });
  });

  it('the source unreachable: a Chinese message (400), not a 500', async () => {
    await sim.close();
    const r = await loginDemo(owner);
    expect([r.http, r.status, r.msg]).toEqual([400, 40000, '无法连接旧系统，请稍后再试']);
  });
});
