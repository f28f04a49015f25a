import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf } from '../../test/kit.ts';

let t: TestApp;
type Page = {
  list: { user_name: string; action: string; result: string; agent_id: number | null }[];
  count: number;
};
beforeAll(async () => {
  t = await createTestApp();
  // Login rows for several tenants, one failure.
  for (const who of [DEMO.agent, DEMO.agent2, DEMO.netbar, DEMO.netbar2, DEMO.agentStaff]) await t.as(who);
  await t.client().post('/api/v1/login', { ...DEMO.agent, password: 'wrong_pass', captcha: '1234' });
});
afterAll(() => t.close());

describe('operation log', () => {
  it('an agent sees its own agent’s rows only, staff included', async () => {
    const c = await t.as(DEMO.agent);
    const r = await c.get<Page>('/api/v1/get_operate_log', { page_size: 100 });
    const names = new Set(r.data.list.map((x) => x.user_name));
    expect(names.has('demo_agent')).toBe(true);
    expect(names.has('demo_agent_staff')).toBe(true);
    expect(names.has('demo_agent2')).toBe(false);
    expect(names.has('demo_netbar')).toBe(false);
    expect(r.data.count).toBe(r.data.list.length);
  });

  it('a netbar sees its stores’ rows; netbar staff have no log page', async () => {
    const c = await t.as(DEMO.netbar);
    const r = await c.get<Page>('/api/v1/get_operate_log', { page_size: 100 });
    expect(new Set(r.data.list.map((x) => x.user_name))).not.toContain('demo_netbar2');
    expect(r.data.list.some((x) => x.user_name === 'demo_netbar')).toBe(true);
    expect((await (await t.as(DEMO.netbarStaff)).get('/api/v1/get_operate_log')).status).toBe(40003);
  });

  it('filters by result, action, user and period', async () => {
    const admin = await t.as(DEMO.admin);
    const fail = await admin.get<Page>('/api/v1/get_admin_log', {
      result: 'failure',
      user_name: 'demo_agent',
      action: '登录',
    });
    expect(fail.data.count).toBe(1);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const all = await admin.get<Page>('/api/v1/get_admin_log', { start_date: today, end_date: today });
    expect(all.data.count).toBeGreaterThan(5);
    expect(
      (await admin.get<Page>('/api/v1/get_admin_log', { start_date: '2000-01-01', end_date: '2000-01-02' }))
        .data.count,
    ).toBe(0);
    expect(
      (await admin.get('/api/v1/get_admin_log', { start_date: today, end_date: '2000-01-01' })).msg,
    ).toBe('开始日期不能晚于结束日期');
    expect((await admin.get('/api/v1/get_admin_log', { result: 'maybe' })).msg).toBe('操作结果不正确');
    expect((await (await t.as(DEMO.agent)).get('/api/v1/get_admin_log')).status).toBe(40003);
  });

  it('exports xlsx whose rows and total equal the screen', async () => {
    const c = await t.as(DEMO.agent);
    const screen = await c.get<Page>('/api/v1/get_operate_log', { page_size: 10, action: '登录' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/operate_log_export?action=登录',
      headers: { cookie: `nb_sid=${c.cookies.get('nb_sid')}` },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('操作日志')!;
    expect(ws.rowCount).toBe(screen.data.count + 2);
    expect(ws.getRow(ws.rowCount).getCell(1).value).toBe(`合计 ${screen.data.count} 条`);
  });

  it('no call edits or deletes a row; the purge keeps everything younger than 180 days', async () => {
    await expect(t.database.db.execute(sql`update operation_log set action = 'x'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from operation_log`)).rejects.toThrow();
    await t.database.db.execute(sql`select set_config('app.oplog_purge', 'off', false)`);
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table operation_log disable trigger operation_log_no_change`);
      await tx.execute(
        sql`update operation_log set at = now() - interval '179 days' where id = (select min(id) from operation_log)`,
      );
      await tx.execute(
        sql`update operation_log set at = now() - interval '400 days' where id = (select max(id) from operation_log)`,
      );
      await tx.execute(sql`alter table operation_log enable trigger operation_log_no_change`);
    });
    const before = await countOf(t, 'operation_log');
    expect(await t.app.deps.oplog.purge(30)).toBe(1);
    expect(await countOf(t, 'operation_log')).toBe(before - 1);
    expect(await countOf(t, 'operation_log', "at < now() - interval '178 days'")).toBe(1);
    expect(
      t.app.routeList.filter((r) => /operate_log|admin_log/.test(r.url)).every((r) => r.method === 'GET'),
    ).toBe(true);
  });

  it('refuses impossible dates with a Chinese 40000 on the pages and the exports', async () => {
    const agent = await t.as(DEMO.agent);
    const admin = await t.as(DEMO.admin);
    const calls = [
      [agent, '/api/v1/get_operate_log'],
      [agent, '/api/v1/operate_log_export'],
      [admin, '/api/v1/get_admin_log'],
      [admin, '/api/v1/admin_log_export'],
    ] as const;
    for (const [c, url] of calls)
      for (const q of [
        { start_date: '2024-02-30' },
        { end_date: '2023-02-29' },
        { start_date: '2024-00-10' },
      ]) {
        const r = await c.get(url, q);
        expect([url, r.http, r.status, r.msg]).toEqual([url, 400, 40000, '日期格式不正确']);
      }
    const leap = await agent.get<Page>('/api/v1/get_operate_log', { start_date: '2024-02-29' });
    expect(leap.status).toBe(200);
  });
});
