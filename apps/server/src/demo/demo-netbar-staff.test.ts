import { NETBAR_STAFF_ROLE_GRANTS, PERM } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.ts';
import { createTestApp, DEMO, type TestApp } from '../test/harness.ts';
import { netbarStaffDemo } from './netbar-staff.ts';

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
