import {
  PERM,
  type ShiftDetail,
  type ShiftRecordPage,
  type ShiftRow,
  type ShiftSummary,
} from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { rid, staffWithout, xlsxRows } from '../../test/kit.ts';
import { shiftMismatches, tillMove } from './index.ts';

let t: TestApp;
let owner: Client;
let staff: Client;
let nid: number;
let staffId: number;
const shifts: ShiftRow[] = [];
let base: ShiftSummary;
let baseRecords: ShiftRecordPage;
let base2: ShiftSummary;
const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

/** The demo holds 90 days of shifts before today: the tests read today's shifts of the staff. */
const mine = () => ({ page: 1, page_size: 10, start: today, end: today, cashier_id: staffId });
const counts = (...l: [number, number][]) =>
  JSON.stringify(l.map(([face_fen, n]) => ({ face_fen, count: n })));

/** A day of the staff's counter: float 100, a cash and a scan sale, a member sale, a cash refund, a petty expense. */
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  staff = await t.as(DEMO.netbarStaff);
  base = (await owner.get<ShiftSummary>('/api/v1/shift_summary', { start: today, end: today })).data;
  base2 = (
    await (await t.as(DEMO.netbar2)).get<ShiftSummary>('/api/v1/shift_summary', { start: today, end: today })
  ).data;
  const db = t.database.db;
  staffId = (
    await rows<{ id: number }>(db, sql`select id from users where user_name = 'demo_netbar_staff'`)
  )[0]!.id;
  nid = (await rows<{ id: number }>(db, sql`select id from netbars where name = '星际网咖旗舰店'`))[0]!.id;
  baseRecords = (await owner.get<ShiftRecordPage>('/api/v1/shift_record_list', mine())).data;
  const open = await staff.post<{ shift: ShiftRow }>('/api/v1/shift_open', {
    float_fen: 10000,
    request_id: rid(),
  });
  expect(open.status, open.msg).toBe(200);
  const actor = { id: staffId, name: '小陈' };
  await db.transaction(async (tx) => {
    await tillMove(tx, nid, actor, { kind: 'sale', method: 'cash', amount_fen: 2500, request_id: rid() });
    await tillMove(tx, nid, actor, { kind: 'sale', method: 'scan', amount_fen: 1800, request_id: rid() });
    await tillMove(tx, nid, actor, { kind: 'sale', method: 'member', amount_fen: 1200, request_id: rid() });
    await tillMove(tx, nid, actor, { kind: 'refund', method: 'cash', amount_fen: -500, request_id: rid() });
    await tillMove(tx, nid, actor, {
      kind: 'lease_deposit',
      method: 'cash',
      amount_fen: 5000,
      request_id: rid(),
    });
    await tillMove(tx, nid, actor, {
      kind: 'lease_refund',
      method: 'cash',
      amount_fen: -5000,
      request_id: rid(),
    });
  });
  await staff.post('/api/v1/shift_petty', {
    type: 'expense',
    amount_fen: 300,
    reason: '买垃圾袋',
    request_id: rid(),
  });
  // expected cash 100 + 25 − 5 + 50 − 50 − 3 = 117 元; counted 112 元: short 5 元
  const h = await staff.post<{ shift: ShiftRow; next_shift: ShiftRow }>('/api/v1/shift_handover', {
    id: open.data.shift.id,
    request_id: rid(),
    counts: counts([10000, 1], [1000, 1], [100, 2]),
    reason: '找零错误',
    float_left_fen: 10000,
    next_cashier_id: staffId,
  });
  expect(h.status, h.msg).toBe(200);
  shifts.push(h.data.shift, h.data.next_shift);
});
afterAll(async () => {
  expect(await shiftMismatches(t.database.db)).toEqual([]);
  await t.close();
});

describe('shift records (128)', () => {
  it('lists with totals, filters over/short, cashier and state; the slip equals the ledger sums', async () => {
    const r = await owner.get<ShiftRecordPage>('/api/v1/shift_record_list', mine());
    expect(r.status, r.msg).toBe(200);
    const b = baseRecords;
    expect(r.data.count).toBe(b.count + 2);
    const closed = r.data.list.find((x) => x.status === 'closed')!;
    expect(closed).toMatchObject({
      expected_cash_fen: 11700,
      counted_cash_fen: 11200,
      over_short_fen: -500,
      cash_net_fen: 1700,
      scan_net_fen: 1800,
      member_net_fen: 1200,
      net_fen: 4700,
    });
    expect(r.data.totals).toMatchObject({
      float_fen: b.totals.float_fen + 20000,
      over_short_fen: b.totals.over_short_fen - 500,
      net_fen: b.totals.net_fen + 4700,
    });
    const only = await owner.get<ShiftRecordPage>('/api/v1/shift_record_list', {
      ...mine(),
      over_short_only: 1,
    });
    expect(only.data.list.map((x) => x.id)).toContain(closed.id);
    expect(only.data.list.every((x) => x.over_short_fen !== 0)).toBe(true);
    const open = await owner.get<ShiftRecordPage>('/api/v1/shift_record_list', { ...mine(), state: 'open' });
    expect(open.data.list.map((x) => x.id)).toContain(shifts[1]!.id);
    expect(open.data.list.every((x) => x.status === 'open' && !x.handover_due)).toBe(true);
    const page1 = await owner.get<ShiftRecordPage>('/api/v1/shift_record_list', { ...mine(), page_size: 1 });
    const page2 = await owner.get<ShiftRecordPage>('/api/v1/shift_record_list', {
      ...mine(),
      page_size: 1,
      after: page1.data.next,
    });
    expect([...page1.data.list, ...page2.data.list].map((x) => x.id).sort()).toEqual(
      shifts.map((s) => s.id).sort(),
    );

    const d = await owner.get<ShiftDetail>('/api/v1/shift_record_detail', { id: closed.id });
    expect(d.data.figures).toMatchObject({
      float_fen: 10000,
      cash_in_fen: 7500,
      cash_out_fen: 5800,
      expected_cash_fen: 11700,
    });
    expect(d.data.count_detail).toEqual([
      { face_fen: 10000, count: 1 },
      { face_fen: 1000, count: 1 },
      { face_fen: 100, count: 2 },
    ]);
    const sums = await rows<{ kind: string; fen: number }>(
      t.database.db,
      sql`select kind, sum(amount_fen)::int as fen from till_ledger where shift_id = ${closed.id} group by kind`,
    );
    for (const s of sums) expect(d.data.figures.by_kind[s.kind as 'sale']).toBe(s.fen);
    expect(d.data.movements).toHaveLength(7);
  });

  it('exports the screen: its 合计 equals the totals', async () => {
    const x = await xlsxRows(
      owner,
      `/api/v1/shift_record_export?start=${today}&end=${today}&cashier_id=${staffId}`,
    );
    expect(x.contentType).toContain('spreadsheetml');
    expect(x.rows[0]?.[0]).toBe('班次号');
    const last = x.rows[x.rows.length - 1]!;
    expect(last[0]).toBe('合计');
    const screen = (await owner.get<ShiftRecordPage>('/api/v1/shift_record_list', mine())).data.totals;
    expect([last[5], last[9], last[12]]).toEqual([
      screen.float_fen / 100,
      screen.net_fen / 100,
      screen.over_short_fen / 100,
    ]);
    expect(screen.net_fen).toBe(baseRecords.totals.net_fen + 4700);
  });

  it('refuses staff without the records grant, agents, another store, and bad filters', async () => {
    // the demo cashier holds 128 (reads the store's shift records); a staff member without it is refused
    expect((await staff.get('/api/v1/shift_record_list', { page: 1, page_size: 10 })).status).toBe(200);
    const ungranted = await staffWithout(t, PERM.SHIFT_RECORD);
    expect((await ungranted.get('/api/v1/shift_record_list', { page: 1, page_size: 10 })).status).toBe(40003);
    // the cashier reprints their own slip through the counter grant
    expect((await ungranted.get('/api/v1/shift_record_detail', { id: shifts[0]!.id })).status).toBe(200);
    expect(
      (await (await t.as(DEMO.agent)).get('/api/v1/shift_record_list', { page: 1, page_size: 10 })).status,
    ).toBe(40003);
    const foreign = await (await t.as(DEMO.netbar2)).get('/api/v1/shift_record_detail', {
      id: shifts[0]!.id,
    });
    expect([foreign.status, foreign.msg]).toEqual([40004, '班次不存在']);
    const bad = await owner.get('/api/v1/shift_record_list', { page: 1, page_size: 10, start: '2026-02-30' });
    expect([bad.status, bad.msg]).toEqual([40000, '日期不存在或格式不正确（YYYY-MM-DD）']);
  });
});

describe('shift summary (239)', () => {
  it('sums by day, cashier and method, shaped for a chart; the export 合计 equals the screen', async () => {
    const r = await owner.get<ShiftSummary>('/api/v1/shift_summary', { start: today, end: today });
    expect(r.status, r.msg).toBe(200);
    // what the day held before this file's shift (the demo's shifts of today), then this shift on top
    const b = base.totals;
    expect(r.data.totals).toMatchObject({
      shifts: b.shifts + 1,
      sale_fen: b.sale_fen + 5500,
      refund_fen: b.refund_fen - 500,
      lease_fen: b.lease_fen,
      petty_fen: b.petty_fen - 300,
      cash_fen: b.cash_fen + 1700,
      member_fen: b.member_fen + 1200,
      scan_fen: b.scan_fen + 1800,
      net_fen: b.net_fen + 4700,
      short_fen: b.short_fen - 500,
      over_fen: b.over_fen,
    });
    expect(r.data.by_day).toHaveLength(1);
    const staffBefore = base.by_cashier.find((c) => c.cashier_id === staffId)?.net_fen ?? 0;
    expect(r.data.by_cashier.find((c) => c.cashier_id === staffId)?.net_fen).toBe(staffBefore + 4700);
    expect(r.data.by_cashier.reduce((n, c) => n + c.net_fen, 0)).toBe(r.data.totals.net_fen);
    const cashBefore = base.by_method.find((m) => m.method === 'cash') ?? {
      in_fen: 0,
      out_fen: 0,
      net_fen: 0,
    };
    expect(r.data.by_method.find((m) => m.method === 'cash')).toMatchObject({
      in_fen: cashBefore.in_fen + 7500,
      out_fen: cashBefore.out_fen + 5800,
      net_fen: cashBefore.net_fen + 1700,
    });
    expect(r.data.chart.x).toEqual([today]);
    expect(r.data.chart.series.find((s) => s.name === '现金')?.data).toEqual([(b.cash_fen + 1700) / 100]);
    const x = await xlsxRows(owner, `/api/v1/shift_summary_export?start=${today}&end=${today}&by=cashier`);
    const last = x.rows[x.rows.length - 1]!;
    const t2 = r.data.totals;
    expect([last[0], last[1], last[12], last[14]]).toEqual([
      '合计',
      t2.shifts,
      t2.net_fen / 100,
      t2.short_fen / 100,
    ]);
  });

  it('refuses dates that do not exist, long ranges, staff without 239 and agents; another store is apart', async () => {
    const bad = await owner.get('/api/v1/shift_summary', { start: '2026-02-30', end: '2026-03-01' });
    expect([bad.status, bad.msg]).toEqual([40000, '日期不存在或格式不正确（YYYY-MM-DD）']);
    const long = await owner.get('/api/v1/shift_summary', { start: '2024-01-01', end: '2026-01-01' });
    expect([long.status, long.msg]).toEqual([40000, '查询范围不能超过366天']);
    expect((await staff.get('/api/v1/shift_summary', { start: today, end: today })).status).toBe(40003);
    expect(
      (await (await t.as(DEMO.agent)).get('/api/v1/shift_summary', { start: today, end: today })).status,
    ).toBe(40003);
    const other = await (await t.as(DEMO.netbar2)).get<ShiftSummary>('/api/v1/shift_summary', {
      start: today,
      end: today,
    });
    expect(other.data.totals).toEqual(base2.totals);
  });
});
