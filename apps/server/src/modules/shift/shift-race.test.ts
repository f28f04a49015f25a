import type { ShiftRow } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { rid } from '../../test/kit.ts';
import { shiftMismatches, tillMove } from './index.ts';

/** Handover against sales in flight, and retried handovers (PGlite, and PostgreSQL with TEST_DATABASE_URL). */

let t: TestApp;
let nid: number;
let staffId: number;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  staffId = (
    await rows<{ id: number }>(db, sql`select id from users where user_name = 'demo_netbar_staff'`)
  )[0]!.id;
  nid = (await rows<{ id: number }>(db, sql`select id from netbars where name = '星际网咖旗舰店'`))[0]!.id;
});
afterAll(async () => {
  expect(await shiftMismatches(t.database.db)).toEqual([]);
  await t.close();
});

const cashRows = (shiftId: number) =>
  rows<{ n: number; fen: number }>(
    t.database.db,
    sql`select count(*)::int as n, coalesce(sum(amount_fen), 0)::int as fen from till_ledger
        where shift_id = ${shiftId} and method = 'cash'`,
  );

describe('shift handover under concurrency', () => {
  it('40 cash sales racing a handover: each lands in exactly one shift, expected = float + cash of its shift', async () => {
    const staff = await t.as(DEMO.netbarStaff);
    const open = await staff.post<{ shift: ShiftRow }>('/api/v1/shift_open', {
      float_fen: 10000,
      request_id: rid(),
    });
    const first = open.data.shift.id;
    const actor = { id: staffId, name: '小陈' };
    const sale = () =>
      t.database.db.transaction((tx) =>
        tillMove(tx, nid, actor, { kind: 'sale', method: 'cash', amount_fen: 100, request_id: rid() }),
      );
    const request_id = rid();
    const handover = () =>
      staff.post<{ shift: ShiftRow; next_shift: ShiftRow; replay: boolean }>('/api/v1/shift_handover', {
        id: first,
        request_id,
        counts: JSON.stringify([{ face_fen: 10000, count: 1 }]),
        reason: '点钞时仍有销售',
        float_left_fen: 10000,
        next_cashier_id: staffId,
      });
    const results = await Promise.all([
      ...Array.from({ length: 20 }, sale),
      handover(),
      ...Array.from({ length: 20 }, sale),
      handover(),
    ]);
    const answers = results.slice(20, 21).concat(results.slice(41)) as Awaited<ReturnType<typeof handover>>[];
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.data.replay).sort()).toEqual([false, true]);
    const next = answers[0]!.data.next_shift.id;
    expect(answers[1]!.data.next_shift.id).toBe(next);
    const [a, b] = [(await cashRows(first))[0]!, (await cashRows(next))[0]!];
    expect(a.n + b.n).toBe(40);
    const closed = answers.find((x) => !x.data.replay)!.data.shift;
    expect(closed.expected_cash_fen).toBe(10000 + a.fen);
    expect(closed.over_short_fen).toBe(10000 - (10000 + a.fen));
    const shiftsOfStaff = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from shifts where netbar_id = ${nid} and cashier_id = ${staffId} and status = 'open'`,
    );
    expect(shiftsOfStaff[0]!.n).toBe(1);
  }, 120_000);

  it('two opens of the same cashier at once: one shift, the other refused or a replay', async () => {
    const owner = await t.as(DEMO.netbar);
    const [x, y] = await Promise.all([
      owner.post('/api/v1/shift_open', { float_fen: 0, request_id: rid() }),
      owner.post('/api/v1/shift_open', { float_fen: 0, request_id: rid() }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 40009]);
  }, 60_000);
});
