import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Store {
  nid: number;
  pid: number;
  cid: number;
  netbar_name: string;
  account_name: string;
  chain_type: number;
}
type User = { nid: number; login_id: number; change_type: number; token: string; chain_name: string };

describe('store list and switch', () => {
  it('lists the chain head, its sub-stores, searchable', async () => {
    const c = await t.as(DEMO.netbar);
    const r = await c.get<{ list: Store[]; count: number; page_size: number }>('/api/v1/get_store_list', {
      page: 1,
      page_size: 20,
    });
    expect(r.data.count).toBe(3);
    expect(r.data.page_size).toBe(20);
    expect(r.data.list.map((s) => s.netbar_name)).toEqual(['星际网咖旗舰店', '星际网咖二店', '星际网咖三店']);
    expect(Object.keys(r.data.list[0]!).sort()).toEqual([
      'account_name',
      'chain_type',
      'cid',
      'netbar_name',
      'nid',
      'pid',
    ]);
    const found = await c.get<{ list: Store[] }>('/api/v1/get_store_list', { keyword: '三店' });
    expect(found.data.list.map((s) => s.netbar_name)).toEqual(['星际网咖三店']);
  });

  it('switches to a sub-store: new nid, change_type 1, a new token; the old token stops working', async () => {
    const c = await t.as(DEMO.netbar);
    const stores = (await c.get<{ list: Store[] }>('/api/v1/get_store_list')).data.list;
    const sub = stores.find((s) => s.netbar_name === '星际网咖二店')!;
    const oldToken = c.token;
    const r = await c.post<User>('/api/v1/change_store', {
      cid: sub.cid,
      pid: sub.pid,
      nid: sub.nid,
      change_type: 1,
      chain_type: sub.chain_type,
    });
    expect(r.msg).toBe('门店切换成功');
    expect(r.data.nid).toBe(sub.nid);
    expect(r.data.login_id).not.toBe(sub.nid);
    expect(r.data.change_type).toBe(1);
    expect(r.data.token).not.toBe(oldToken);
    expect((await c.get<User>('/api/v1/user_info')).data.nid).toBe(sub.nid);
    c.token = oldToken;
    expect((await c.request('GET', '/api/c1/service_info', undefined, { bearer: true })).status).toBe(40005);
    c.token = r.data.token;
    expect(
      (await c.request<{ nid: number }>('GET', '/api/c1/service_info', undefined, { bearer: true })).data.nid,
    ).toBe(sub.nid);
    // And back to the head: change_type 2.
    const head = stores.find((s) => s.pid === s.nid)!;
    const back = await c.post<User>('/api/v1/change_store', {
      cid: head.cid,
      pid: head.pid,
      nid: head.nid,
      change_type: 2,
      chain_type: head.chain_type,
    });
    expect(back.data.change_type).toBe(2);
  });

  it("refuses another tenant's store exactly like a missing one", async () => {
    const other = await t.as(DEMO.netbar2);
    const theirs = (await other.get<{ list: Store[] }>('/api/v1/get_store_list')).data.list[0]!;
    const c = await t.as(DEMO.netbar);
    const r = await c.post('/api/v1/change_store', {
      cid: theirs.cid,
      pid: theirs.pid,
      nid: theirs.nid,
      change_type: 2,
      chain_type: theirs.chain_type,
    });
    const missing = await c.post('/api/v1/change_store', {
      cid: 1,
      pid: 999999,
      nid: 999999,
      change_type: 2,
      chain_type: 0,
    });
    expect(r.status).toBe(40004);
    expect({ status: r.status, msg: r.msg }).toEqual({ status: missing.status, msg: missing.msg });
    expect((await c.get<User>('/api/v1/user_info')).data.nid).not.toBe(theirs.nid);
    // demo_netbar2's own list holds only its store.
    expect((await other.get<{ count: number }>('/api/v1/get_store_list')).data.count).toBe(1);
  });

  it('refuses other user types', async () => {
    const agent = await t.as(DEMO.agent);
    expect((await agent.get('/api/v1/get_store_list')).status).toBe(40003);
    expect(
      (await agent.post('/api/v1/change_store', { cid: 1, pid: 1, nid: 1, change_type: 2, chain_type: 1 }))
        .status,
    ).toBe(40003);
    // Netbar staff switch only among the stores granted them (decision 145): 小陈 has only his home store.
    const staff = await t.as(DEMO.netbarStaff);
    const own = await staff.get<{ count: number; list: Store[] }>('/api/v1/get_store_list');
    expect(own.data.list.map((s) => s.netbar_name)).toEqual(['星际网咖旗舰店']);
    const sub = (await (await t.as(DEMO.netbar)).get<{ list: Store[] }>('/api/v1/get_store_list')).data
      .list[1]!;
    const r = await staff.post('/api/v1/change_store', { ...sub, change_type: 1 });
    expect(r.status).toBe(40004);
    expect((await staff.get<User>('/api/v1/user_info')).data.nid).toBe(own.data.list[0]!.nid);
  });

  it.each([
    [{ pid: 1, nid: 1, change_type: 2, chain_type: 1 }],
    [{ cid: 'x', pid: 1, nid: 1, change_type: 2, chain_type: 1 }],
    [{ cid: 1, pid: 1, nid: 1, change_type: 3, chain_type: 1 }],
    [{ cid: 1, pid: 1, nid: 1.5, change_type: 2, chain_type: 1 }],
  ])('refuses malformed bodies %o with 40000 and changes nothing', async (form) => {
    const c = await t.as(DEMO.netbar);
    const before = (await c.get<User>('/api/v1/user_info')).data.nid;
    const r = await c.post('/api/v1/change_store', form);
    expect(r.status).toBe(40000);
    expect(r.msg).toMatch(/[\u4e00-\u9fa5]/);
    expect((await c.get<User>('/api/v1/user_info')).data.nid).toBe(before);
  });

  it('refuses a change_type that does not match pid and nid', async () => {
    const c = await t.as(DEMO.netbar);
    const head = (await c.get<{ list: Store[] }>('/api/v1/get_store_list')).data.list[0]!;
    const r = await c.post('/api/v1/change_store', {
      cid: head.cid,
      pid: head.pid,
      nid: head.nid,
      change_type: 1,
      chain_type: head.chain_type,
    });
    expect(r.status).toBe(40000);
  });
});
