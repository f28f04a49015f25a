import { NETBAR_STAFF_MSG, NETBAR_STAFF_ROLE_GRANTS, PERM } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count, xlsxRows } from '../../test/kit.ts';

type Row = {
  id: number;
  user_name: string;
  true_name: string;
  role: string;
  netbar_id: number;
  netbar_ids: number[];
  netbar_names: string[];
  perm_ids: number[];
  status: number;
  role_history: { from_day: string; role: string }[];
};
type Page = { list: Row[]; count: number };

let t: TestApp;
let owner: Client;
let owner2: Client;
const nb: Record<string, number> = {};
let seq = 0;
const form = (extra: Record<string, unknown> = {}) => ({
  user_name: `nbstaff_${++seq}`,
  password: 'pass1234',
  true_name: '测试员工',
  mobile: '13711112222',
  role: '收银员',
  netbar_id: nb['星际网咖二店'],
  netbar_ids: '',
  status: 1,
  ...extra,
});
const add = async (extra: Record<string, unknown> = {}) => {
  const r = await owner.post<{ id: number }>('/api/v1/netbar_staff_add', form(extra));
  expect(r.msg).toBe('员工已添加');
  return r.data.id;
};
const detail = async (id: number) => (await owner.get<Row>('/api/v1/netbar_staff_detail', { id })).data;

beforeAll(async () => {
  t = await createTestApp();
  [owner, owner2] = await Promise.all([t.as(DEMO.netbar), t.as(DEMO.netbar2)]);
  for (const n of await rows<{ id: number; name: string }>(t.database.db, sql`select id, name from netbars`))
    nb[n.name] = Number(n.id);
});
afterAll(() => t.close());

describe('netbar staff accounts', () => {
  it('creates a 收银员 of 二店 with the role grants; lists, filters and edits', async () => {
    const id = await add({ true_name: '王二店', mobile: '13711110001' });
    const d = await detail(id);
    expect(d).toMatchObject({
      role: '收银员',
      netbar_id: nb['星际网咖二店'],
      netbar_names: ['星际网咖二店'],
    });
    expect(d.perm_ids).toEqual([...NETBAR_STAFF_ROLE_GRANTS.收银员].sort((a, b) => a - b));
    const l = await owner.get<Page>('/api/v1/netbar_staff_list', { true_name: '王二店' });
    expect(l.data.list.map((s) => s.id)).toEqual([id]);
    const byStore = await owner.get<Page>('/api/v1/netbar_staff_list', {
      netbar_id: nb['星际网咖二店'],
      role: '收银员',
      page_size: 1000,
    });
    expect(byStore.data.list.map((s) => s.id)).toContain(id);
    expect(byStore.data.list.every((s) => s.netbar_ids.includes(nb['星际网咖二店']!))).toBe(true);
    // 小陈 stays as he was: 收银员 of the flagship, his grants untouched
    const xc = await owner.get<Page>('/api/v1/netbar_staff_list', { true_name: '小陈' });
    expect(xc.data.list[0]).toMatchObject({ role: '收银员', netbar_names: ['星际网咖旗舰店'] });
    expect(xc.data.list[0]!.perm_ids).toContain(PERM.ORDER_LIST);

    // the role history starts on the day of creation (Beijing); moved back 20 days to see the change below
    const [day] = await rows<{ today: string; before: string }>(
      t.database.db,
      sql`select (now() at time zone 'Asia/Shanghai')::date::text as today,
            ((now() at time zone 'Asia/Shanghai')::date - 20)::text as before`,
    );
    expect(d.role_history).toEqual([{ from_day: day!.today, role: '收银员' }]);
    await rows(
      t.database.db,
      sql`update netbar_staff_positions set from_day = from_day - 20 where user_id = ${id}`,
    );
    // a new role replaces the grants with its template; a second store is added
    const e = await owner.post<Row>('/api/v1/netbar_staff_edit', {
      ...form({ role: '网管', netbar_ids: [nb['星际网咖三店']], mobile: '13711110001' }),
      id,
      true_name: '王网管',
    });
    expect(e.msg).toBe('保存成功');
    expect(e.data).toMatchObject({ true_name: '王网管', role: '网管' });
    expect(e.data.netbar_names).toEqual(['星际网咖二店', '星际网咖三店']);
    expect(e.data.perm_ids).toEqual([...NETBAR_STAFF_ROLE_GRANTS.网管].sort((a, b) => a - b));
    // the list and the edit form show the roles held, each from its day (decision 149)
    const history = [
      { from_day: day!.before, role: '收银员' },
      { from_day: day!.today, role: '网管' },
    ];
    expect(e.data.role_history).toEqual(history);
    const listed = await owner.get<Page>('/api/v1/netbar_staff_list', { true_name: '王网管' });
    expect(listed.data.list[0]!.role_history).toEqual(history);
  });

  it('adjusts grants per person, only inside what a store may grant', async () => {
    const id = await add({ role: '服务员' });
    const g = await owner.post<Row>('/api/v1/netbar_staff_grant', {
      user_id: id,
      perm_ids: [PERM.ORDER, PERM.ORDER_LIST, PERM.DIAGRAM_DETAIL],
    });
    expect(g.data.perm_ids).toEqual([PERM.ORDER, PERM.ORDER_LIST, PERM.DIAGRAM_DETAIL].sort((a, b) => a - b));
    for (const bad of [PERM.NETBAR_STAFF_LIST, PERM.USER_INFO, PERM.USER_SAFE]) {
      const r = await owner.post('/api/v1/netbar_staff_grant', { user_id: id, perm_ids: [PERM.ORDER, bad] });
      expect({ status: r.status, msg: r.msg }).toEqual({ status: 40000, msg: NETBAR_STAFF_MSG.permIds });
    }
    expect((await detail(id)).perm_ids).toHaveLength(3);
  });

  it.each([
    ['a wrong role', { role: '老板' }, NETBAR_STAFF_MSG.role],
    ['a bad mobile', { mobile: '12345' }, '手机号格式不正确'],
    ['a bad account', { user_name: 'a!' }, '账号为4-30位字母、数字或下划线，且以字母或数字开头'],
    ['a duplicate account', { user_name: 'demo_netbar_staff' }, '该通行证账号已存在'],
    ['no store', { netbar_id: '' }, NETBAR_STAFF_MSG.store],
  ])('refuses %s with its Chinese message and writes nothing', async (_, extra, msg) => {
    const [users, staff, stores] = [
      await count(t, 'users'),
      await count(t, 'staff'),
      await count(t, 'netbar_staff_stores'),
    ];
    const r = await owner.post('/api/v1/netbar_staff_add', form(extra));
    expect({ status: r.status, msg: r.msg }).toEqual({ status: 40000, msg });
    expect([await count(t, 'users'), await count(t, 'staff'), await count(t, 'netbar_staff_stores')]).toEqual(
      [users, staff, stores],
    );
  });

  it("refuses another netbar's store as home or work store, like a missing one", async () => {
    const before = await count(t, 'users');
    for (const extra of [
      { netbar_id: nb['极速网吧'] },
      { netbar_ids: [nb['极速网吧']] },
      { netbar_id: 999999 },
    ]) {
      const r = await owner.post('/api/v1/netbar_staff_add', form(extra));
      expect({ status: r.status, msg: r.msg }).toEqual({
        status: 40004,
        msg: NETBAR_STAFF_MSG.storeNotFound,
      });
    }
    expect(await count(t, 'users')).toBe(before);
  });

  it("answers another netbar's staff ids as absent, and lists only its own", async () => {
    const id = await add();
    const missing = await owner2.get('/api/v1/netbar_staff_detail', { id: 999999 });
    expect(missing.status).toBe(40004);
    const calls: [string, 'get' | 'post', Record<string, unknown>][] = [
      ['netbar_staff_detail', 'get', { id }],
      ['netbar_staff_edit', 'post', { ...form(), id }],
      ['netbar_staff_status', 'post', { id, status: 0 }],
      ['netbar_staff_reset_password', 'post', { id, password: 'other123' }],
      ['netbar_staff_grant', 'post', { user_id: id, perm_ids: [PERM.ORDER] }],
      ['netbar_staff_remark_get', 'get', { bz_id: id }],
      ['netbar_staff_remark_add', 'post', { bz_id: id, content: '越权' }],
    ];
    for (const [url, m, body] of calls) {
      const r = await owner2[m](`/api/v1/${url}`, body);
      expect({ url, status: r.status, msg: r.msg }).toEqual({ url, status: 40004, msg: missing.msg });
    }
    const theirs = await owner2.get<Page>('/api/v1/netbar_staff_list', { page_size: 1000 });
    expect(theirs.data.list.map((s) => s.id)).not.toContain(id);
    expect(await detail(id)).toMatchObject({ status: 1, true_name: '测试员工' });
    // an agent staff id is not a netbar staff id
    const agentStaff = await rows<{ id: number }>(t.database.db, sql`select id from users where type = 2`);
    expect((await owner.get('/api/v1/netbar_staff_detail', { id: agentStaff[0]!.id })).status).toBe(40004);
  });

  it('refuses every staff call to netbar staff (type 5) and to other user types', async () => {
    const cashier = await t.as(DEMO.netbarStaff);
    const agent = await t.as(DEMO.agent);
    for (const c of [cashier, agent]) {
      expect((await c.get('/api/v1/netbar_staff_list')).status).toBe(40003);
      expect((await c.get('/api/v1/netbar_staff_auth_tree')).status).toBe(40003);
      expect((await c.post('/api/v1/netbar_staff_add', form())).status).toBe(40003);
      expect((await c.post('/api/v1/netbar_staff_grant', { user_id: 1, perm_ids: [] })).status).toBe(40003);
    }
  });

  it('keeps remarks per staff member; another netbar cannot touch them', async () => {
    const id = await add();
    expect((await owner.post('/api/v1/netbar_staff_remark_add', { bz_id: id, content: '夜班' })).msg).toBe(
      '添加成功',
    );
    const list = await owner.get<{ id: number; content: string }[]>('/api/v1/netbar_staff_remark_get', {
      bz_id: id,
    });
    expect(list.data.map((x) => x.content)).toEqual(['夜班']);
    const rid = list.data[0]!.id;
    expect((await owner2.post('/api/v1/netbar_staff_remark_del', { id: rid })).status).toBe(40004);
    expect((await owner.post('/api/v1/netbar_staff_remark_edit', { id: rid, content: '' })).status).toBe(
      40000,
    );
    expect((await owner.post('/api/v1/netbar_staff_remark_edit', { id: rid, content: '早班' })).status).toBe(
      200,
    );
    expect((await owner.post('/api/v1/netbar_staff_remark_del', { id: rid })).status).toBe(200);
  });

  it('exports the rows of the screen with the same filters', async () => {
    const q = { role: '收银员', netbar_id: nb['星际网咖二店'] };
    const screen = (await owner.get<Page>('/api/v1/netbar_staff_list', { ...q, page_size: 1000 })).data;
    const x = await xlsxRows(
      owner,
      `/api/v1/netbar_staff_list_export?role=${encodeURIComponent(q.role)}&netbar_id=${q.netbar_id}`,
    );
    expect(x.contentType).toContain('spreadsheetml');
    expect(x.rows[0]).toContain('工作门店');
    expect(x.rows.slice(1, -1).map((r) => r[0])).toEqual(screen.list.map((s) => s.id));
    expect(x.rows.at(-1)!.slice(0, 2)).toEqual(['合计', `${screen.count}人`]);
  });
});
