import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const noticeCount = async () =>
  (await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from notices`))[0]!.n;

describe('message centre', () => {
  it('an administrator writes, publishes and withdraws a notice; only its user types see it', async () => {
    const admin = await t.as(DEMO.admin);
    const saved = await admin.post<{ id: number }>('/api/v1/admin_notice_save', {
      title: '系统维护通知',
      content: '今晚 2 点维护 30 分钟',
      user_types: '3,5',
    });
    expect(saved.status).toBe(200);
    const id = saved.data.id;

    const netbar = await t.as(DEMO.netbar);
    const agent = await t.as(DEMO.agent);
    const before = (await netbar.get<{ count: number }>('/api/v1/notice_unread_count')).data.count;
    // A draft is not visible.
    expect((await netbar.get('/api/v1/notice_detail', { id })).status).toBe(40004);

    expect((await admin.post('/api/v1/admin_notice_publish', { id })).msg).toBe('发布成功');
    expect((await netbar.get<{ count: number }>('/api/v1/notice_unread_count')).data.count).toBe(before + 1);
    const list = await netbar.get<{
      list: { id: number; title: string; publish_time: number; is_read: number }[];
      count: number;
    }>('/api/v1/notice_list', { page: 1, page_size: 10 });
    const row = list.data.list.find((n) => n.id === id)!;
    expect(row).toMatchObject({ title: '系统维护通知', is_read: 0 });
    expect(row.publish_time).toBeGreaterThan(Date.now() / 1000 - 60);

    const detail = await netbar.get<{ content: string }>('/api/v1/notice_detail', { id });
    expect(detail.data.content).toBe('今晚 2 点维护 30 分钟');
    expect((await netbar.get<{ count: number }>('/api/v1/notice_unread_count')).data.count).toBe(before);

    // An agent is not among the user types: the notice does not exist for it.
    expect((await agent.get('/api/v1/notice_detail', { id })).status).toBe(40004);

    expect((await admin.post('/api/v1/admin_notice_withdraw', { id })).msg).toBe('撤回成功');
    expect((await netbar.get('/api/v1/notice_detail', { id })).status).toBe(40004);
    expect((await admin.post('/api/v1/admin_notice_withdraw', { id })).status).toBe(40009);
  });

  it('refuses non-administrators', async () => {
    const netbar = await t.as(DEMO.netbar);
    const n = await noticeCount();
    const r = await netbar.post('/api/v1/admin_notice_save', { title: 'x', content: 'y', user_types: '3' });
    expect(r.status).toBe(40003);
    expect((await netbar.get('/api/v1/admin_notice_list')).status).toBe(40003);
    expect(await noticeCount()).toBe(n);
  });

  it.each([
    [{ content: '内容', user_types: '1' }, '请输入公告标题'],
    [{ title: '标'.repeat(61), content: '内容', user_types: '1' }, '公告标题最多60个字符'],
    [{ title: '标题', user_types: '1' }, '请输入公告内容'],
    [{ title: '标题', content: '内容' }, '请选择接收对象'],
    [{ title: '标题', content: '内容', user_types: '7' }, '接收对象不正确'],
    [{ title: '标题', content: '内容', user_types: 'a,b' }, '接收对象不正确'],
  ])('refuses bad input %o and writes nothing', async (form, msg) => {
    const admin = await t.as(DEMO.admin);
    const n = await noticeCount();
    const r = await admin.post('/api/v1/admin_notice_save', form);
    expect(r.status).toBe(40000);
    expect(r.msg).toBe(msg);
    expect(await noticeCount()).toBe(n);
  });

  it('answers 40004 for an unknown id and 40000 for a malformed one', async () => {
    const admin = await t.as(DEMO.admin);
    expect((await admin.post('/api/v1/admin_notice_publish', { id: 999999 })).status).toBe(40004);
    expect((await admin.post('/api/v1/admin_notice_publish', { id: 'abc' })).status).toBe(40000);
    expect((await admin.get('/api/v1/notice_detail', { id: '-1' })).status).toBe(40000);
  });
});

describe('home', () => {
  it.each([
    [DEMO.admin, ['agents', 'netbars', 'users', 'unread_notices']],
    [DEMO.agent, ['netbars', 'machines', 'expiring', 'expired', 'sub_agents']],
    [DEMO.netbar, ['machines', 'expire_days', 'stores']],
    [DEMO.pay, ['active_netbars', 'agents']],
  ])('gives each type its figures', async (who, keys) => {
    const c = await t.as(who);
    const r = await c.get<{ cards: { key: string; value: number }[] }>('/api/v1/home_stats');
    const got = r.data.cards.map((x) => x.key);
    for (const k of keys) expect(got).toContain(k);
  });

  it("counts only the agent's own netbars", async () => {
    const a1 = await t.as(DEMO.agent);
    const a2 = await t.as(DEMO.agent2);
    const val = async (c: typeof a1) =>
      (await c.get<{ cards: { key: string; value: number }[] }>('/api/v1/home_stats')).data.cards.find(
        (x) => x.key === 'netbars',
      )!.value;
    const own1 = (
      await rows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int n from netbars n join users u on u.agent_id = n.agent_id where u.user_name = 'demo_agent'`,
      )
    )[0]!.n;
    expect(await val(a1)).toBe(own1);
    expect(await val(a2)).toBeLessThan(own1);
  });
});
