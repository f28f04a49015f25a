import type { ShiftDetail, ShiftRecordPage, ShiftSummary } from '@netbar/contract';
import { PERM } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { xlsxRows } from '../../test/kit.ts';

/**
 * 交班记录 128 and 交班汇总 239 for netbar staff: only their own shifts and figures (list, totals, export,
 * detail, summary), whatever they filter by; the owner reads every shift. The demo's flagship has 90 days
 * of shifts on a week's rota: 小陈 (demo_netbar_staff) works most days, the owner 张老板 the weekend's
 * nights, 刘店长, 周收银 and 吴收银 the rest (demo/shift.ts).
 */

let t: TestApp;
let owner: Client;
let staff: Client;
let staffId: number;
let ownerId: number;
const day = (ago: number) => new Date(Date.now() + 8 * 3600_000 - ago * 86400_000).toISOString().slice(0, 10);
const period = { start: day(10), end: day(1) };
const page = { page: 1, page_size: 100, ...period };

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  staff = await t.as(DEMO.netbarStaff);
  const ids = await rows<{ user_name: string; id: number }>(
    t.database.db,
    sql`select user_name, id from users where user_name in ('demo_netbar', 'demo_netbar_staff')`,
  );
  staffId = ids.find((u) => u.user_name === 'demo_netbar_staff')!.id;
  ownerId = ids.find((u) => u.user_name === 'demo_netbar')!.id;
});
afterAll(() => t.close());

const list = (c: Client, q: Record<string, unknown> = {}) =>
  c.get<ShiftRecordPage>('/api/v1/shift_record_list', { ...page, ...q });

describe('shift records of netbar staff (128)', () => {
  it('lists, totals and exports only the staff member’s own shifts; the owner sees every cashier', async () => {
    const all = await list(owner);
    expect(all.status, all.msg).toBe(200);
    const cashiers = new Set(all.data.list.map((r) => r.cashier_id));
    expect([...cashiers]).toEqual(expect.arrayContaining([staffId, ownerId]));
    expect(cashiers.size).toBe(5);

    const own = await list(staff);
    expect(own.status, own.msg).toBe(200);
    expect(own.data.count).toBeGreaterThan(0);
    expect(own.data.list.every((r) => r.cashier_id === staffId)).toBe(true);
    const ownerView = await list(owner, { cashier_id: staffId });
    expect(own.data.count).toBe(ownerView.data.count);
    expect(own.data.count).toBeLessThan(all.data.count);
    expect(own.data.totals).toEqual(ownerView.data.totals);
    // asking for the owner's shifts by filter finds none of them
    const asked = await list(staff, { cashier_id: ownerId });
    expect([asked.status, asked.data.count, asked.data.totals.net_fen]).toEqual([200, 0, 0]);

    const x = await xlsxRows(staff, `/api/v1/shift_record_export?start=${period.start}&end=${period.end}`);
    const body = x.rows.slice(1, -1);
    expect(body).toHaveLength(own.data.count);
    expect(new Set(body.map((r) => r[1]))).toEqual(new Set(['小陈']));
    const last = x.rows[x.rows.length - 1]!;
    expect([last[0], last[9]]).toEqual(['合计', own.data.totals.net_fen / 100]);
  });

  it('answers another cashier’s shift as absent to staff; the owner opens both', async () => {
    const all = (await list(owner)).data.list;
    const ownerShift = all.find((r) => r.cashier_id === ownerId)!;
    const staffShift = all.find((r) => r.cashier_id === staffId)!;
    const denied = await staff.get('/api/v1/shift_record_detail', { id: ownerShift.id });
    expect([denied.status, denied.msg]).toEqual([40004, '班次不存在']);
    const mine = await staff.get<ShiftDetail>('/api/v1/shift_record_detail', { id: staffShift.id });
    expect([mine.status, mine.data.shift.cashier_id]).toEqual([200, staffId]);
    expect((await owner.get('/api/v1/shift_record_detail', { id: ownerShift.id })).status).toBe(200);
    expect((await owner.get('/api/v1/shift_record_detail', { id: staffShift.id })).status).toBe(200);
  });

  it('refuses bad filters to staff with a Chinese message', async () => {
    const bad = await list(staff, { start: '2026-02-30' });
    expect([bad.status, bad.msg]).toEqual([40000, '日期不存在或格式不正确（YYYY-MM-DD）']);
  });
});

describe('shift summary of netbar staff granted 239', () => {
  it('sums only the staff member’s own shifts, whatever cashier is asked for; the owner sums all', async () => {
    expect((await staff.get('/api/v1/shift_summary', period)).status).toBe(40003);
    await rows(
      t.database.db,
      sql`insert into grants (user_id, perm_id) values (${staffId}, ${PERM.SHIFT_SUMMARY}) on conflict do nothing`,
    );
    const granted = await t.as(DEMO.netbarStaff);
    const own = await granted.get<ShiftSummary>('/api/v1/shift_summary', period);
    expect(own.status, own.msg).toBe(200);
    expect(own.data.by_cashier.map((c) => c.cashier_id)).toEqual([staffId]);
    const ownerView = await owner.get<ShiftSummary>('/api/v1/shift_summary', {
      ...period,
      cashier_id: staffId,
    });
    expect(own.data.totals).toEqual(ownerView.data.totals);
    const all = await owner.get<ShiftSummary>('/api/v1/shift_summary', period);
    expect(all.data.by_cashier.map((c) => c.cashier_id)).toEqual(expect.arrayContaining([staffId, ownerId]));
    expect(all.data.by_cashier).toHaveLength(5);
    expect(all.data.totals.shifts).toBeGreaterThan(own.data.totals.shifts);
    const asked = await granted.get<ShiftSummary>('/api/v1/shift_summary', {
      ...period,
      cashier_id: ownerId,
    });
    expect(asked.data.totals).toEqual(own.data.totals);
    const x = await xlsxRows(
      granted,
      `/api/v1/shift_summary_export?start=${period.start}&end=${period.end}&by=cashier`,
    );
    expect(x.rows.slice(1, -1).map((r) => r[0])).toEqual(['小陈']);
    expect(x.rows[x.rows.length - 1]![12]).toBe(own.data.totals.net_fen / 100);
  });
});
