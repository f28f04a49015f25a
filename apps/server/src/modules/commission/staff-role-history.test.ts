import type { PerformanceRecordPage, StaffPerformance } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';

/**
 * A role change does not re-price the days before it (decision 149): 阿华, 收银员 since 30 days ago,
 * sold ¥100 yesterday and ¥30 today; the owner makes her 店长 today. 收银员 earn 5% of goods, 店长 10%.
 */

let t: TestApp;
let owner: Client;
let nid: number;
let hua: number;
let yesterday: string;
let today: string;
const db = () => t.database.db;

async function order(no: string, at: ReturnType<typeof sql>, total: number) {
  await rows(
    db(),
    sql`insert into orders (netbar_id, order_no, source, status, cashier_id, cashier_name, list_fen, total_fen, paid_fen, request_id, created_at, paid_at)
        values (${nid}, ${no}, 'counter', 'paid', ${hua}, '阿华', ${total}, ${total}, ${total}, ${`hist-${no}`}, ${at}, ${at})`,
  );
}
const day = (d: string) => owner.get<StaffPerformance>('/api/v1/staff_performance', { start: d, end: d });
const mine = async (d: string) => {
  const r = await day(d);
  expect(r.status, r.msg).toBe(200);
  return r.data.list.find((x) => x.user_id === hua)!;
};
const history = () =>
  rows<{ from_day: string; position: string }>(
    db(),
    sql`select from_day::text, position from netbar_staff_positions where user_id = ${hua} order by from_day`,
  );
const edit = (role: string) =>
  owner.post('/api/v1/netbar_staff_edit', {
    id: hua,
    true_name: '阿华',
    mobile: '13711119999',
    role,
    netbar_id: nid,
    netbar_ids: '',
    status: 1,
  });

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  await rows(db(), sql`delete from commission_rules`);
  nid = Number(
    (await rows<{ id: number }>(db(), sql`select id from netbars where name = '星际网咖旗舰店'`))[0]!.id,
  );
  const [d] = await rows<{ y: string; t: string }>(
    db(),
    sql`select ((now() - interval '1 day') at time zone 'Asia/Shanghai')::date::text as y,
      (now() at time zone 'Asia/Shanghai')::date::text as t`,
  );
  yesterday = d!.y;
  today = d!.t;
  // hired 30 days ago, as the demo hires its staff: the database writes her first role from that day
  const u = await rows<{ id: number }>(
    db(),
    sql`insert into users (user_name, password_hash, type, true_name, mobile, netbar_id, created_at)
        select 'hist_hua', password_hash, 5, '阿华', '13711119999', ${nid}, now() - interval '30 days'
        from users where user_name = 'demo_netbar_staff' returning id`,
  );
  hua = Number(u[0]!.id);
  await rows(
    db(),
    sql`insert into staff (user_id, netbar_id, position, created_at) values (${hua}, ${nid}, '收银员', now() - interval '30 days')`,
  );
  await rows(db(), sql`insert into netbar_staff_stores (user_id, netbar_id) values (${hua}, ${nid})`);
  for (const [role, rate_bp] of [
    ['收银员', 500],
    ['店长', 1000],
  ] as const) {
    const r = await owner.post('/api/v1/commission_rule_save', {
      target_type: 'role',
      role,
      kind: 'goods_pct',
      rate_bp,
      start_day: '2024-01-01',
    });
    expect(r.status, r.msg).toBe(200);
  }
  await order('H1', sql`now() - interval '1 day'`, 10000);
  await order('H2', sql`now()`, 3000);
});
afterAll(() => t.close());

describe('staff role history (decision 149)', () => {
  it('a 收银员 made 店长 today: yesterday keeps the 收银员 rate, today takes the 店长 rate', async () => {
    expect(await history()).toHaveLength(1);
    expect((await mine(yesterday)).goods_commission_fen).toBe(500);
    expect((await mine(today)).goods_commission_fen).toBe(150);

    const e = await edit('店长');
    expect(e.status, e.msg).toBe(200);

    expect(await mine(yesterday)).toMatchObject({
      role: '店长',
      goods_fen: 10000,
      goods_commission_fen: 500,
    });
    expect(await mine(today)).toMatchObject({ goods_fen: 3000, goods_commission_fen: 300 });
    const drill = await owner.get<PerformanceRecordPage>('/api/v1/staff_performance_records', {
      start: yesterday,
      end: today,
      user_id: hua,
      figure: 'goods',
    });
    expect(drill.status, drill.msg).toBe(200);
    expect(drill.data.list.map((r) => [r.ref_no, r.rule_label, r.commission_fen])).toEqual(
      expect.arrayContaining([
        ['H1', '收银员 5%', 500],
        ['H2', '店长 10%', 300],
      ]),
    );
    expect(drill.data.totals.commission_fen).toBe(800);
  });

  it('writes one row a day: a second change the same day replaces it; saving without a role change adds none', async () => {
    const before = (await history()).length;
    expect((await edit('网管')).status).toBe(200);
    expect((await edit('网管')).status).toBe(200);
    const h = await history();
    expect(h).toHaveLength(before);
    expect(h.at(-1)).toEqual({ from_day: today, position: '网管' });
    expect(h[0]!.position).toBe('收银员');
    // yesterday is still priced as 收银员
    expect((await mine(yesterday)).goods_commission_fen).toBe(500);
  });

  it('a bad role is refused and writes no history; agent staff have none', async () => {
    const before = await history();
    const r = await edit('老板');
    expect(r.status).not.toBe(200);
    expect(await history()).toEqual(before);
    const agentRows = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from netbar_staff_positions p join staff s on s.user_id = p.user_id
          where s.agent_id is not null`,
    );
    expect(agentRows[0]!.n).toBe(0);
  });
});
