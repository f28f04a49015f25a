import { PERM, type PerformanceRecordPage, type StaffPerformance } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { xlsxRows } from '../../test/kit.ts';

/**
 * Staff performance over March 2024 (no demo data then): two staff members of the flagship, 阿强 (收银员)
 * and 阿亮 (网管), with records written at fixed times and rules by role and by person.
 */

let t: TestApp;
let owner: Client;
let nid: number;
let qiang: number;
let liang: number;
let guest: number;
const at = (s: string) => sql`${`${s}+08:00`}::timestamptz`;
const db = () => t.database.db;

async function staffUser(name: string, trueName: string, position: string, home?: number) {
  const r = await rows<{ id: number }>(
    db(),
    sql`insert into users (user_name, password_hash, type, true_name, netbar_id)
        select ${name}, password_hash, 5, ${trueName}, netbar_id from users where user_name = 'demo_netbar_staff'
        returning id`,
  );
  const id = Number(r[0]!.id);
  await rows(
    db(),
    sql`insert into staff (user_id, netbar_id, position) values (${id}, ${home ?? nid}, ${position})`,
  );
  // a staff member of 二店 who also works in the flagship (decision 145)
  if (home)
    await rows(db(), sql`insert into netbar_staff_stores (user_id, netbar_id) values (${id}, ${nid})`);
  await rows(db(), sql`insert into grants (user_id, perm_id) values (${id}, ${PERM.STAFF_PERFORMANCE})`);
  return id;
}

let seq = 0;
async function order(no: string, cashier: number, paidAt: string, total: number, source = 'counter') {
  const r = await rows<{ id: number }>(
    db(),
    sql`insert into orders (netbar_id, order_no, source, status, cashier_id, cashier_name, list_fen, total_fen, paid_fen, request_id, created_at, paid_at)
        values (${nid}, ${no}, ${source}, 'paid', ${cashier}, '', ${total}, ${total}, ${total}, ${`perf-${++seq}`}, ${at(paidAt)}, ${at(paidAt)})
        returning id`,
  );
  return Number(r[0]!.id);
}
async function refund(orderId: number, no: string, amount: number, when: string) {
  await rows(
    db(),
    sql`insert into order_refunds (order_id, netbar_id, refund_no, amount_fen, reason, user_id, request_id, at)
        values (${orderId}, ${nid}, ${no}, ${amount}, '顾客退货', 0, ${`perf-${++seq}`}, ${at(when)})`,
  );
}
/** A copy of one row of `table` (matching `where`) with some columns set. */
async function cloneRow(table: string, where: SQL, set: Record<string, SQL | number | string | null>) {
  const cols = (
    await rows<{ c: string }>(
      db(),
      sql`select column_name as c from information_schema.columns
          where table_schema = 'public' and table_name = ${table} and column_name <> 'id' order by ordinal_position`,
    )
  ).map((r) => r.c);
  const vals = cols.map((c) => (c in set ? sql`${set[c]}` : sql.identifier(c)));
  const r = await rows(
    db(),
    sql`insert into ${sql.identifier(table)} (${sql.join(
      cols.map((c) => sql.identifier(c)),
      sql`, `,
    )}) select ${sql.join(vals, sql`, `)} from ${sql.identifier(table)} where ${where} limit 1 returning id`,
  );
  expect(r.length, `a ${table} row to copy`).toBe(1);
}
async function rule(b: Record<string, unknown>) {
  const r = await owner.post('/api/v1/commission_rule_save', { target_type: 'role', ...b });
  expect(r.status, r.msg).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  // the demo's rules (demo/commission.ts) are cleared: each test sets the rules it counts on
  await rows(t.database.db, sql`delete from commission_rules`);
  nid = Number(
    (await rows<{ id: number }>(db(), sql`select id from netbars where name = '星际网咖旗舰店'`))[0]!.id,
  );
  qiang = await staffUser('perf_qiang', '阿强', '收银员');
  liang = await staffUser('perf_liang', '阿亮', '网管');
  const second = await rows<{ id: number }>(db(), sql`select id from netbars where name = '星际网咖二店'`);
  guest = await staffUser('perf_guest', '阿周', '服务员', Number(second[0]!.id));
  // rules: 收银员 5% of goods in February and March, 阿强 himself 10% from 15 March; ¥1 per top-up and
  // ¥2 per new member for 收银员, ¥0.50 per seat order delivered for 网管, 3% of table bills, 2% of leases
  await rule({
    role: '收银员',
    kind: 'goods_pct',
    rate_bp: 500,
    start_day: '2024-02-01',
    end_day: '2024-03-31',
  });
  await rule({
    target_type: 'person',
    user_id: qiang,
    kind: 'goods_pct',
    rate_bp: 1000,
    start_day: '2024-03-15',
  });
  await rule({ role: '收银员', kind: 'topup_fixed', amount_fen: 100, start_day: '2024-01-01' });
  await rule({ role: '收银员', kind: 'new_member_fixed', amount_fen: 200, start_day: '2024-01-01' });
  await rule({ role: '网管', kind: 'seat_delivery_fixed', amount_fen: 50, start_day: '2024-01-01' });
  await rule({ role: '收银员', kind: 'desk_pct', rate_bp: 300, start_day: '2024-01-01' });
  await rule({ role: '收银员', kind: 'lease_pct', rate_bp: 200, start_day: '2024-01-01' });

  const o0 = await order('P0', qiang, '2024-02-25 10:00:00', 4000);
  const o1 = await order('P1', qiang, '2024-03-10 10:00:00', 10000);
  const o2 = await order('P2', qiang, '2024-03-20 23:59:00', 2050);
  const o3 = await order('P3', qiang, '2024-03-09 21:00:00', 1500, 'seat');
  await refund(o0, 'R0', 1000, '2024-03-05 09:00:00');
  await refund(o1, 'R1', 2000, '2024-03-12 09:00:00');
  await refund(o2, 'R2', 2050, '2024-04-02 09:00:00');
  await rows(
    db(),
    sql`insert into order_events (order_id, netbar_id, kind, text, user_id, user_name, at)
        values (${o3}, ${nid}, 'deliver', '已送达', ${liang}, '阿亮', ${at('2024-03-09 21:10:00')})`,
  );
  await cloneRow('member_ledger', sql`kind = 'topup' and netbar_id = ${nid}`, {
    user_id: qiang,
    paid_fen: 5000,
    request_id: 'perf-topup-1',
    at: at('2024-03-03 12:00:00'),
  });
  await cloneRow('member_ledger', sql`kind = 'topup' and netbar_id = ${nid}`, {
    user_id: qiang,
    paid_fen: 3000,
    request_id: 'perf-topup-2',
    at: at('2024-03-31 23:00:00'),
  });
  await cloneRow('members', sql`netbar_id = ${nid}`, {
    card_hmac: 'perf-member-hmac',
    status: 4,
    created_by: qiang,
    created_at: at('2024-03-08 15:00:00'),
  });
  await cloneRow('desk_sessions', sql`netbar_id = ${nid} and status = 'settled'`, {
    session_no: 'PD1',
    request_id: 'perf-desk-1',
    settle_request_id: 'perf-desk-1s',
    booking_id: null,
    cashier_id: qiang,
    time_fee_fen: 3000,
    min_topup_fen: 1000,
    goods_fen: 0,
    total_fen: 4000,
    opened_at: at('2024-03-11 18:00:00'),
    closed_at: at('2024-03-11 20:00:00'),
  });
  await cloneRow('lease_orders', sql`netbar_id = ${nid} and status = 'returned'`, {
    lease_no: 'PL1',
    request_id: 'perf-lease-1',
    close_request_id: 'perf-lease-1c',
    cashier_id: qiang,
    deposit_fen: 5000,
    fee_fen: 1250,
    refund_fen: 3750,
    extra_fen: 0,
    rented_at: at('2024-03-13 10:00:00'),
    expected_return_at: at('2024-03-13 12:00:00'),
    closed_at: at('2024-03-13 11:00:00'),
  });
});
afterAll(() => t.close());

const MARCH = { start: '2024-03-01', end: '2024-03-31' };
const perf = (c: Client, q: Record<string, unknown> = MARCH) =>
  c.get<StaffPerformance>('/api/v1/staff_performance', q);
const records = (c: Client, q: Record<string, unknown>) =>
  c.get<PerformanceRecordPage>('/api/v1/staff_performance_records', { ...MARCH, ...q });

describe('staff performance (246)', () => {
  it('sums each figure with the rule in force at each record, a person rule before the role rule', async () => {
    const r = await perf(owner);
    expect(r.status, r.msg).toBe(200);
    const q = r.data.list.find((x) => x.user_id === qiang)!;
    expect(q).toMatchObject({
      name: '阿强',
      role: '收银员',
      // P1 100.00 at 5% (5.00) less its refund 20.00 (-1.00); P2 20.50 at 阿强's own 10% (2.05); seat P3 15.00 at 5%
      goods_count: 3,
      goods_fen: 10000 - 2000 + 2050 + 1500,
      goods_commission_fen: 500 - 100 + 205 + 75,
      desk_count: 1,
      desk_fen: 4000,
      desk_commission_fen: 120,
      lease_count: 1,
      lease_fen: 1250,
      lease_commission_fen: 25,
      topup_count: 2,
      topup_fen: 8000,
      topup_commission_fen: 200,
      new_member_count: 1,
      new_member_commission_fen: 200,
      seat_count: 0,
      // P0 was paid in February: its March refund is taken back at February's 5%
      refund_count: 1,
      refund_fen: -1000,
      refund_commission_fen: -50,
    });
    expect(q.commission_fen).toBe(680 + 120 + 25 + 200 + 200 - 50);
    const l = r.data.list.find((x) => x.user_id === liang)!;
    expect(l).toMatchObject({ role: '网管', seat_count: 1, seat_commission_fen: 50, commission_fen: 50 });
    expect(r.data.refund_lines).toEqual([
      expect.objectContaining({
        name: '阿强',
        order_no: 'P0',
        refund_no: 'R0',
        amount_fen: -1000,
        commission_fen: -50,
      }),
    ]);
    // staff of another store of the chain who also work here are listed, with nothing earned here
    expect(r.data.list.find((x) => x.user_id === guest)).toMatchObject({ name: '阿周', commission_fen: 0 });
    const sum = r.data.list.reduce((a, x) => a + x.commission_fen, 0);
    expect(r.data.totals.commission_fen).toBe(sum);
    // P2's refund after March is April's 退款冲减, at the 10% P2 was paid by
    const april = await perf(owner, { start: '2024-04-01', end: '2024-04-30', user_id: qiang });
    expect(april.data.list).toHaveLength(1);
    expect(april.data.list[0]).toMatchObject({
      refund_fen: -2050,
      refund_commission_fen: -205,
      commission_fen: -205,
    });
    expect(april.data.refund_lines.map((x) => x.order_no)).toEqual(['P2']);
  });

  it('drills down to the records behind a figure, a page at a time, and exports the screen’s 合计', async () => {
    const first = await records(owner, { user_id: qiang, figure: 'goods', page: 1, page_size: 2 });
    expect(first.status, first.msg).toBe(200);
    expect(first.data.count).toBe(4);
    expect(first.data.totals).toEqual({ basis_fen: 11550, commission_fen: 680 });
    expect(first.data.list.map((x) => [x.ref_no, x.rule_label, x.commission_fen])).toEqual([
      ['P2', '个人 10%', 205],
      ['R1', '收银员 5%', -100],
    ]);
    expect(first.data.list[1]!.order_no).toBe('P1');
    const second = await records(owner, { user_id: qiang, figure: 'goods', page: 2, page_size: 2 });
    expect(second.data.list.map((x) => x.ref_no)).toEqual(['P1', 'P3']);
    const top = await records(owner, { user_id: qiang, figure: 'topup' });
    expect(top.data.list.map((x) => [x.basis_fen, x.rule_label, x.commission_fen])).toEqual([
      [3000, '收银员 1.00元/笔', 100],
      [5000, '收银员 1.00元/笔', 100],
    ]);
    const back = await records(owner, { user_id: qiang, figure: 'refund' });
    expect(back.data.list.map((x) => [x.ref_no, x.order_no, x.commission_fen])).toEqual([['R0', 'P0', -50]]);

    const screen = await perf(owner);
    const x = await xlsxRows(owner, '/api/v1/staff_performance_export?start=2024-03-01&end=2024-03-31');
    expect(x.rows[0]).toContain('提成合计');
    const last = x.rows[x.rows.length - 1]!;
    expect(last[0]).toBe('合计');
    expect(last[last.length - 1]).toBe(screen.data.totals.commission_fen / 100);
    expect(x.rows.length).toBe(screen.data.list.length + 2);
  });

  it('shows a staff member only their own performance; other ids answer as absent', async () => {
    const me = await t.as({ user_name: 'perf_liang', type: 5 });
    const own = await perf(me);
    expect(own.status, own.msg).toBe(200);
    expect(own.data.list.map((x) => x.user_id)).toEqual([liang]);
    expect(own.data.totals.commission_fen).toBe(50);
    expect((await perf(me, { ...MARCH, user_id: qiang })).status).toBe(40004);
    expect((await records(me, { user_id: qiang, figure: 'goods' })).status).toBe(40004);
    expect((await records(me, { user_id: liang, figure: 'seat' })).data.count).toBe(1);
    // another netbar's owner: the flagship's staff are nobody there
    const other = await t.as(DEMO.netbar2);
    const o = await perf(other, { ...MARCH, user_id: qiang });
    expect([o.status, o.msg]).toEqual([40004, '员工不存在']);
    expect((await records(other, { user_id: qiang, figure: 'goods' })).status).toBe(40004);
    expect((await perf(other)).data.list.some((x) => x.user_id === qiang)).toBe(false);
    // the demo cashier without 246, and an agent
    expect((await perf(await t.as(DEMO.netbarStaff))).status).toBe(40003);
    expect((await perf(await t.as(DEMO.agent))).status).toBe(40003);
  });

  it('refuses impossible periods with a Chinese message', async () => {
    const msgs = [
      (await perf(owner, { start: '2024-02-30', end: '2024-03-31' })).msg,
      (await perf(owner, { start: '2024-03-31', end: '2024-03-01' })).msg,
      (await perf(owner, { start: '2023-01-01', end: '2024-03-01' })).msg,
      (await perf(owner, { end: '2024-03-01' })).msg,
      (await records(owner, { user_id: qiang, figure: 'tips' })).msg,
      (await records(owner, { figure: 'goods' })).msg,
    ];
    expect(msgs).toEqual([
      '日期不存在或格式不正确（YYYY-MM-DD）',
      '开始日期不能晚于结束日期',
      '查询区间最长366天',
      '请选择开始日期',
      '请选择业绩项目',
      '请选择员工',
    ]);
  });
});
