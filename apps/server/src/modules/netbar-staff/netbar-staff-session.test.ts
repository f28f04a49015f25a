import { NETBAR_STAFF_MSG, PERM } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { CAPTCHA, type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';

/** What a staff account's session may do: its stores, its menus, and what ends it (decision 145). */

type User = { nid: number; login_id: number; auth: { path: { id: number }[] } };
type Store = { nid: number; pid: number; cid: number; chain_type: number; netbar_name: string };

let t: TestApp;
let owner: Client;
const nb: Record<string, number> = {};
let seq = 0;

/** A staff account made by the owner through the API; returns its id and login name. */
async function hire(role: string, home: string, more: string[] = []) {
  const user_name = `sess_staff_${++seq}`;
  const r = await owner.post<{ id: number }>('/api/v1/netbar_staff_add', {
    user_name,
    password: 'pass1234',
    true_name: `员工${seq}`,
    mobile: '13722223333',
    role,
    netbar_id: nb[home],
    netbar_ids: more.map((m) => nb[m]),
    status: 1,
  });
  expect(r.status).toBe(200);
  return { id: r.data.id, who: { user_name, type: 5 } };
}
const login = async (who: { user_name: string; type: number }, password = 'pass1234') => {
  const c = t.client();
  await c.login(who, password);
  return c;
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  for (const n of await rows<{ id: number; name: string }>(t.database.db, sql`select id, name from netbars`))
    nb[n.name] = Number(n.id);
});
afterAll(() => t.close());

describe('a netbar staff session', () => {
  it('a 收银员 of 二店 lands in 二店, sees only 二店 and the cashier menus, and reads its orders', async () => {
    const { who } = await hire('收银员', '星际网咖二店');
    const c = await login(who);
    const me = (await c.get<User>('/api/v1/user_info')).data;
    expect(me.nid).toBe(nb['星际网咖二店']);
    const ids = me.auth.path.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([PERM.ORDER_LIST, PERM.GOODS_LIST, PERM.SHIFT_RECORD]));
    for (const no of [PERM.NETBAR_STAFF_LIST, PERM.USER_INFO, PERM.USER_SAFE, PERM.MEMBER_MANAGE])
      expect(ids).not.toContain(no);
    const stores = await c.get<{ list: Store[] }>('/api/v1/get_store_list');
    expect(stores.data.list.map((s) => s.netbar_name)).toEqual(['星际网咖二店']);
    expect((await c.get('/api/v1/order_list')).status).toBe(200);
    expect((await c.get('/api/v1/member_list')).status).toBe(40003);
    expect((await c.get('/api/v1/netbar_staff_list')).status).toBe(40003);
  });

  it('switches among granted stores only; a store taken away is refused on the next call', async () => {
    const { id, who } = await hire('店长', '星际网咖二店', ['星际网咖三店']);
    const c = await login(who);
    const list = (await c.get<{ list: Store[] }>('/api/v1/get_store_list')).data.list;
    expect(list.map((s) => s.netbar_name)).toEqual(['星际网咖二店', '星际网咖三店']);
    const third = list[1]!;
    const sw = await c.post<User>('/api/v1/change_store', { ...third, change_type: 1 });
    expect(sw.msg).toBe('门店切换成功');
    expect(sw.data.nid).toBe(nb['星际网咖三店']);
    expect((await c.get('/api/v1/order_list')).status).toBe(200);
    // the flagship was never granted: refused like a missing store
    const head = (await owner.get<{ list: Store[] }>('/api/v1/get_store_list')).data.list[0]!;
    const refused = await c.post('/api/v1/change_store', { ...head, change_type: 2 });
    expect(refused.status).toBe(40004);
    // the owner takes 三店 away: the session working there is refused at once
    const e = await owner.post('/api/v1/netbar_staff_edit', {
      id,
      true_name: '店长',
      mobile: '13722223333',
      role: '店长',
      netbar_id: nb['星际网咖二店'],
      netbar_ids: '',
      status: 1,
    });
    expect(e.status).toBe(200);
    const after = await c.get('/api/v1/order_list');
    expect({ status: after.status, msg: after.msg }).toEqual({ status: 40004, msg: '门店不存在' });
  });

  it('disabling ends the sessions at once and refuses the login', async () => {
    const { id, who } = await hire('网管', '星际网咖旗舰店');
    const c = await login(who);
    expect((await c.get('/api/v1/user_info')).status).toBe(200);
    const r = await owner.post('/api/v1/netbar_staff_status', { id, status: 0 });
    expect(r.msg).toBe('已停用');
    expect((await c.get('/api/v1/user_info')).status).toBe(40005);
    const again = await t.client().post('/api/v1/login', { ...who, password: 'pass1234', captcha: CAPTCHA });
    expect(again.status).toBe(40003);
    expect((await owner.post('/api/v1/netbar_staff_status', { id, status: 2 })).status).toBe(40000);
    await owner.post('/api/v1/netbar_staff_status', { id, status: 1 });
    expect((await (await login(who)).get('/api/v1/user_info')).status).toBe(200);
  });

  it('a reset password must be changed before the next login', async () => {
    const { id, who } = await hire('服务员', '星际网咖旗舰店');
    const c = await login(who);
    const r = await owner.post('/api/v1/netbar_staff_reset_password', { id, password: 'temp1234' });
    expect(r.status).toBe(200);
    expect((await c.get('/api/v1/user_info')).status).toBe(40005);
    const l = await t.client().post('/api/v1/login', { ...who, password: 'temp1234', captcha: CAPTCHA });
    expect({ status: l.status, msg: l.msg, data: l.data }).toEqual({
      status: 40000,
      msg: NETBAR_STAFF_MSG.mustChange,
      data: { must_change_password: 1 },
    });
    const first = (body: Record<string, string>) =>
      t.client().post('/api/v1/netbar_staff_first_password', { user_name: who.user_name, ...body });
    const wrong = await first({
      password: 'nope1234',
      new_password: 'mine1234',
      confirm_password: 'mine1234',
    });
    expect({ status: wrong.status, msg: wrong.msg }).toEqual({ status: 40000, msg: '账号或密码错误' });
    const mismatch = await first({
      password: 'temp1234',
      new_password: 'mine1234',
      confirm_password: 'mine12',
    });
    expect(mismatch.msg).toBe('两次输入的密码不一致');
    const same = await first({
      password: 'temp1234',
      new_password: 'temp1234',
      confirm_password: 'temp1234',
    });
    expect(same.msg).toBe(NETBAR_STAFF_MSG.samePassword);
    const done = await first({
      password: 'temp1234',
      new_password: 'mine1234',
      confirm_password: 'mine1234',
    });
    expect(done.status).toBe(200);
    expect((await (await login(who, 'mine1234')).get('/api/v1/user_info')).status).toBe(200);
    const twice = await first({
      password: 'mine1234',
      new_password: 'mine5678',
      confirm_password: 'mine5678',
    });
    expect(twice.status).toBe(40000);
  });
});
