import type { ShiftCurrent, ShiftRow, ShiftSettings } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count, rid } from '../../test/kit.ts';
import { autoHandoverPass, latestSlot, shiftMismatches, tillMove } from './index.ts';

let t: TestApp;
let owner: Client;
let staff: Client;
let nid: number;
let staffId: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  staff = await t.as(DEMO.netbarStaff);
  staffId = (
    await rows<{ id: number }>(t.database.db, sql`select id from users where user_name = 'demo_netbar_staff'`)
  )[0]!.id;
  nid = (
    await rows<{ id: number }>(t.database.db, sql`select id from netbars where name = '星际网咖旗舰店'`)
  )[0]!.id;
});
afterAll(async () => {
  expect(await shiftMismatches(t.database.db)).toEqual([]);
  await t.close();
});

const save = (c: Client, b: Record<string, unknown>) =>
  c.post<ShiftSettings>('/api/v1/shift_settings_save', {
    auto_times: '[]',
    count_required: 0,
    approval: 'none',
    ...b,
  });
const shiftOf = async (id: number) =>
  (
    await rows<ShiftRow & { handover_due_at: string | null }>(
      t.database.db,
      sql`select status, float_fen::int as float_fen, expected_cash_fen::int as expected_cash_fen,
          counted_cash_fen::int as counted_cash_fen, over_short_fen::int as over_short_fen, closed_how,
          next_shift_id::int as next_shift_id, carried_orders, handover_due_at::text from shifts where id = ${id}`,
    )
  )[0]!;
const hoursLater = (h: number) => new Date(Date.now() + h * 3600_000);

describe('automatic handover (cloud-billing settings)', () => {
  it('finds the latest slot at or before now, across midnight, in Shanghai time', () => {
    // 2026-03-01 07:30 in Shanghai is 2026-02-28 23:30 UTC
    const now = new Date('2026-02-28T23:30:00Z');
    expect(latestSlot(['08:00', '20:00'], now)?.toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(latestSlot(['08:00', '20:00'], new Date('2026-03-01T00:00:00Z'))?.toISOString()).toBe(
      '2026-03-01T00:00:00.000Z',
    );
    expect(latestSlot([], now)).toBeNull();
  });

  it('owner saves the settings; staff and agents are refused; bad times refused with nothing written', async () => {
    const r = await save(owner, { auto_times: '["08:00","20:00"]', count_required: 0, approval: 'owner' });
    expect([r.status, r.data.auto_times, r.data.approval]).toEqual([200, ['08:00', '20:00'], 'owner']);
    expect((await save(staff, {})).status).toBe(40003);
    expect((await save(await t.as(DEMO.agent), {})).status).toBe(40003);
    const bad = await save(owner, { auto_times: '["25:00"]' });
    expect([bad.status, bad.msg]).toEqual([40000, '交班时间格式为HH:mm']);
    const cur = await staff.get<ShiftCurrent>('/api/v1/shift_current');
    expect(cur.data.settings.auto_times).toEqual(['08:00', '20:00']);
    expect(await count(t, 'shift_settings')).toBe(1);
  });

  it('no count required: closes open shifts as counted = expected, opens the next with that float, carries orders; once per slot', async () => {
    const open = await staff.post<{ shift: ShiftRow }>('/api/v1/shift_open', {
      float_fen: 10000,
      request_id: rid(),
    });
    const id = open.data.shift.id;
    await t.database.db.transaction((tx) =>
      tillMove(
        tx,
        nid,
        { id: staffId, name: '小陈' },
        { kind: 'sale', method: 'cash', amount_fen: 2300, request_id: rid() },
      ),
    );
    await rows(
      t.database.db,
      sql`insert into orders (netbar_id, order_no, shift_id, cashier_id, total_fen, request_id)
          values (${nid}, ${`A${rid()}`}, ${id}, ${staffId}, 800, ${rid()})`,
    );
    // saved now, so the first slot that counts is a later one
    expect(await autoHandoverPass(t.database.db)).toMatchObject({ stores: 0 });
    const r = await autoHandoverPass(t.database.db, hoursLater(13));
    expect(r).toMatchObject({ stores: 1, closed: 1, due: 0 });
    const s = await shiftOf(id);
    expect(s).toMatchObject({
      status: 'closed',
      closed_how: 'auto',
      expected_cash_fen: 12300,
      counted_cash_fen: 12300,
      over_short_fen: 0,
      carried_orders: 1,
    });
    const next = await shiftOf(s.next_shift_id!);
    expect([next.status, next.float_fen]).toEqual(['open', 12300]);
    expect(await autoHandoverPass(t.database.db, hoursLater(13))).toMatchObject({ stores: 0 });
  });

  it('count required: marks the open shift 待点钞 and leaves it open for its cashier', async () => {
    expect((await save(owner, { auto_times: '["08:00","20:00"]', count_required: 1 })).status).toBe(200);
    const cur = (await staff.get<ShiftCurrent>('/api/v1/shift_current')).data.shift!;
    const r = await autoHandoverPass(t.database.db, hoursLater(13));
    expect(r).toMatchObject({ stores: 1, closed: 0, due: 1 });
    const s = await shiftOf(cur.id);
    expect(s.status).toBe('open');
    expect(s.handover_due_at).not.toBeNull();
    expect((await staff.get<ShiftCurrent>('/api/v1/shift_current')).data.shift?.handover_due).toBe(true);
  });
});
