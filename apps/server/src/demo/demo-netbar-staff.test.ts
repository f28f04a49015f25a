import {
  NETBAR_STAFF_ROLE_GRANTS,
  PERM,
  type PerformanceRecordPage,
  type StaffPerformance,
} from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.ts';
import { createTestApp, DEMO, type TestApp } from '../test/harness.ts';
import { netbarStaffDemo, PROMOTED_DAYS_AGO } from './netbar-staff.ts';

type Row = { user_name: string; true_name: string; role: string; netbar_names: string[]; perm_ids: number[] };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo: 星际网咖 staff', () => {
  it('six staff across the three stores with their roles; 小陈 as before', async () => {
    const owner = await t.as(DEMO.netbar);
    const l = await owner.get<{ list: Row[]; count: number }>('/api/v1/netbar_staff_list', {
      page_size: 1000,
    });
    expect(l.data.count).toBe(6);
    const by = Object.fromEntries(l.data.list.map((s) => [s.user_name, s]));
    expect(by.demo_netbar_staff).toMatchObject({
      true_name: '小陈',
      role: '收银员',
      netbar_names: ['星际网咖旗舰店'],
    });
    // 小陈 keeps every grant the tests and the cashier walk rely on
    for (const p of [PERM.ORDER_LIST, PERM.ORDER_REFUND, PERM.LEASE_ORDER_LIST, PERM.SHIFT_RECORD])
      expect(by.demo_netbar_staff!.perm_ids).toContain(p);
    expect(by.demo_store_manager).toMatchObject({ role: '店长' });
    expect(by.demo_store_manager!.netbar_names).toEqual(['星际网咖旗舰店', '星际网咖二店', '星际网咖三店']);
    expect(by.demo_cashier3!.perm_ids).toEqual([...NETBAR_STAFF_ROLE_GRANTS.收银员].sort((a, b) => a - b));
    expect(new Set(l.data.list.map((s) => s.role))).toEqual(new Set(['店长', '收银员', '网管', '服务员']));
    // the other netbar has none of them
    const other = await t.as(DEMO.netbar2);
    expect((await other.get<{ count: number }>('/api/v1/netbar_staff_list')).data.count).toBe(0);
  });

  it('a demo cashier logs in to its store; running the generator again changes nothing', async () => {
    const c = await t.as({ user_name: 'demo_cashier2', type: 5 });
    const me = await c.get<{ nid: number }>('/api/v1/user_info');
    const [second] = await rows<{ id: number }>(
      t.database.db,
      sql`select id from netbars where name = '星际网咖二店'`,
    );
    expect(me.data.nid).toBe(Number(second!.id));
    const n = async () =>
      (await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from netbar_staff_stores`))[0]!
        .n;
    const before = await n();
    await netbarStaffDemo(t.database.db);
    expect(await n()).toBe(before);
  });
});

describe('demo: 星际网咖 staff at work (员工提成 246)', () => {
  const day = (ago: number) =>
    new Date(Date.now() + 8 * 3600_000 - ago * 86400_000).toISOString().slice(0, 10);

  it('every flagship staff member has figures over the last 60 days, each in their own line of work', async () => {
    const owner = await t.as(DEMO.netbar);
    const r = await owner.get<StaffPerformance>('/api/v1/staff_performance', { start: day(60), end: day(0) });
    expect(r.status, r.msg).toBe(200);
    const by = Object.fromEntries(r.data.list.map((x) => [x.name, x]));
    expect(Object.keys(by).sort()).toEqual(['刘店长', '吴收银', '周收银', '孙服务', '小陈', '赵网管'].sort());
    // cashiers on their shifts: goods, top-ups and new members; the waiter and netadmin deliver seat orders
    for (const name of ['小陈', '周收银', '吴收银', '刘店长']) {
      expect(by[name]!.goods_count, name).toBeGreaterThan(0);
      expect(by[name]!.topup_count, name).toBeGreaterThan(0);
    }
    for (const name of ['孙服务', '赵网管']) expect(by[name]!.seat_count, name).toBeGreaterThan(0);
    expect(by.赵网管!.new_member_count).toBeGreaterThan(0);
    expect(by.周收银!.commission_fen).toBeGreaterThan(0);
    expect(by.孙服务!.commission_fen).toBe(by.孙服务!.seat_count * 50);
  });

  it('刘店长 was made 店长 three weeks ago: earlier sales at the 收银员 rate, later at the 店长 rate', async () => {
    const owner = await t.as(DEMO.netbar);
    const [liu] = await rows<{ id: number }>(
      t.database.db,
      sql`select id from users where user_name = 'demo_store_manager'`,
    );
    const roles = await rows<{ position: string }>(
      t.database.db,
      sql`select position from netbar_staff_positions where user_id = ${liu!.id} order by from_day`,
    );
    expect(roles.map((x) => x.position)).toEqual(['收银员', '店长']);
    const rates = async (start: string, end: string) => {
      const p = await owner.get<PerformanceRecordPage>('/api/v1/staff_performance_records', {
        start,
        end,
        user_id: liu!.id,
        figure: 'goods',
        page_size: 100,
      });
      expect(p.status, p.msg).toBe(200);
      return new Set(p.data.list.map((x) => x.rule_label));
    };
    expect(await rates(day(PROMOTED_DAYS_AGO + 14), day(PROMOTED_DAYS_AGO + 1))).toEqual(
      new Set(['收银员 5%']),
    );
    expect(await rates(day(PROMOTED_DAYS_AGO - 1), day(PROMOTED_DAYS_AGO - 14))).toEqual(
      new Set(['店长 1%']),
    );
  });
});
