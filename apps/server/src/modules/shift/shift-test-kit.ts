import type { ShiftCurrent, ShiftHandoverResult } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { type Conn, rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { expectMemberLedgerMatches, rid } from '../../test/kit.ts';
import { shiftMismatches } from './index.ts';

/** Builders of the shift tests: the flagship's ids, a handover's count sheet and call, the till of a shift. */

/** The demo flagship 星际网咖旗舰店: its id, its owner 张老板 (demo_netbar) and its cashier 小陈 (demo_netbar_staff). */
export async function flagship(db: Conn) {
  const user = async (name: string) =>
    (await rows<{ id: number }>(db, sql`select id from users where user_name = ${name}`))[0]!.id;
  const nid = (await rows<{ id: number }>(db, sql`select id from netbars where name = '星际网咖旗舰店'`))[0]!
    .id;
  return { nid, ownerId: await user('demo_netbar'), staffId: await user('demo_netbar_staff') };
}

/**
 * A shift test file's app: the flagship's owner and cashier logged in, their ids, and the shift and member
 * books checked when the file ends. Call it once at the top; `k.*` are set before the first test runs.
 */
export function shiftTestApp() {
  const k = {
    t: undefined as unknown as TestApp,
    owner: undefined as unknown as Client,
    staff: undefined as unknown as Client,
    nid: 0,
    ownerId: 0,
    staffId: 0,
  };
  beforeAll(async () => {
    k.t = await createTestApp();
    k.owner = await k.t.as(DEMO.netbar);
    k.staff = await k.t.as(DEMO.netbarStaff);
    Object.assign(k, await flagship(k.t.database.db));
  });
  afterAll(async () => {
    expect(await shiftMismatches(k.t.database.db)).toEqual([]);
    await expectMemberLedgerMatches(k.t);
    await k.t.close();
  });
  return k;
}

/** A count sheet as the handover form sends it: [face value in fen, notes] pairs. */
export const counts = (...l: [number, number][]) =>
  JSON.stringify(l.map(([face_fen, n]) => ({ face_fen, count: n })));

/** The caller's own shift as the counter reads it. */
export const currentShift = async (c: Client) => (await c.get<ShiftCurrent>('/api/v1/shift_current')).data;

/** A handover with a fresh request id and no float left unless `body` says otherwise. */
export const handOver = (c: Client, body: Record<string, unknown>) =>
  c.post<ShiftHandoverResult & { replay: boolean }>('/api/v1/shift_handover', {
    request_id: rid(),
    float_left_fen: 0,
    ...body,
  });

/** A shift's till rows in order. */
export const tillOf = (db: Conn, shiftId: number) =>
  rows<{ kind: string; method: string; amount_fen: number }>(
    db,
    sql`select kind, method, amount_fen::int as amount_fen from till_ledger where shift_id = ${shiftId} order by id`,
  );

/** A ¥10 order of the cashier in a shift, written directly in `status` (paid unless unpaid); returns its id. */
export async function insertOrder(
  db: Conn,
  at: { nid: number; staffId: number },
  shiftId: number,
  status: string,
) {
  const paid = status === 'unpaid' ? sql`null` : sql`now()`;
  const r = await rows<{ id: number }>(
    db,
    sql`insert into orders (netbar_id, order_no, shift_id, cashier_id, total_fen, status, paid_at, paid_fen, request_id)
        values (${at.nid}, ${`T${rid()}`}, ${shiftId}, ${at.staffId}, 1000, ${status}, ${paid},
                ${status === 'unpaid' ? 0 : 1000}, ${rid()}) returning id::int as id`,
  );
  return r[0]!.id;
}
