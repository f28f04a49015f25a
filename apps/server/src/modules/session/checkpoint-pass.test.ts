import { billableMinutes } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { systemStoreScope } from '../../tenant/index.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { expectMemberLedgerMatches } from '../../test/kit.ts';
import { makeStore, sessionLedgerMismatches } from '../../test/session-kit.ts';
import { checkpointAll, SYSTEM, startSession } from './index.ts';

/**
 * A checkpoint pass over many sessions (decision 121): one ledger row per session whose charge changed,
 * none on a rerun, none doubled by two passes at once, and the money exact (10 fen a minute).
 */

const N = 200;
let t: TestApp;
let ids: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  const owner = await t.as(DEMO.netbar);
  const store = await makeStore(owner, 1);
  const db = t.database.db;
  const [a] = await rows<{ nid: number; pool: number }>(
    db,
    sql`select a.netbar_id as nid, l.pool_id as pool from venue_areas a, member_levels l
        where a.id = ${store.areaId} and l.id = ${store.levelId}`,
  );
  const { nid, pool } = a!;
  // N machines and N members with 100 元 each (one top-up ledger row apiece), set-based
  const machines = await rows<{ id: number }>(
    db,
    sql`insert into machines (netbar_id, area_id, name)
        select ${nid}, ${store.areaId}, 'P' || lpad(g::text, 4, '0') from generate_series(1, ${N}) g returning id`,
  );
  const members = await rows<{ id: number }>(
    db,
    sql`insert into members (pool_id, netbar_id, card_kind, card_enc, card_hmac, card_mask, name, level_id,
          principal_fen, topup_total_fen, created_by_name)
        select ${pool}, ${nid}, 2, 'pass' || g, 'pass-hmac-' || g, '****' || g, '检查点' || g, ${store.levelId},
          10000, 10000, '测试' from generate_series(1, ${N}) g returning id`,
  );
  await rows(
    db,
    sql`with m as (select nextval(pg_get_serial_sequence('member_ledger', 'id')) as lid, * from members
                   where card_hmac like 'pass-hmac-%')
        insert into member_ledger (id, ref_no, pool_id, netbar_id, member_id, kind, principal_delta, principal_before,
          principal_after, bonus_before, bonus_after, points_before, points_after, pay_method, paid_fen, user_name, request_id)
        select lid, 'M' || lpad(lid::text, 10, '0'), pool_id, netbar_id, id, 'topup', principal_fen, 0,
          principal_fen, 0, 0, 0, 0, 'cash', principal_fen, '测试', 'pass-top-' || id from m`,
  );
  await rows(
    db,
    sql`update members m set last_ledger_id = (select max(id) from member_ledger l where l.member_id = m.id)
        where card_hmac like 'pass-hmac-%'`,
  );
  const s = systemStoreScope(nid);
  for (let i = 0; i < N; i++) {
    const r = await startSession({ db }, s, SYSTEM, {
      memberId: members[i]!.id,
      machineId: machines[i]!.id,
      source: 'console',
    });
    ids.push(r.id);
  }
  ids = ids.sort((x, y) => x - y);
}, 180_000);
afterAll(async () => {
  await expectMemberLedgerMatches(t);
  expect(await sessionLedgerMismatches(t)).toEqual([]);
  await t.close();
});

/** Moves the first `count` sessions back by `minutes` (as if they had run that long). */
const age = (count: number, minutes: number) =>
  rows(
    t.database.db,
    sql`update online_sessions set started_at = started_at - ${`${minutes} minutes`}::interval,
          last_checkpoint_at = last_checkpoint_at - ${`${minutes} minutes`}::interval
        where id in (select id from online_sessions where id = any(${`{${ids.join(',')}}`}::bigint[])
                     order by id limit ${count})`,
  );

type Row = { id: number; charged: number; started_ms: number; rows: number; seq: number };
const state = async (): Promise<Map<number, Row>> => {
  const r = await rows<Row>(
    t.database.db,
    sql`select s.id::int as id, s.charged_fen::int as charged, s.checkpoint_seq as seq,
          (extract(epoch from s.started_at) * 1000)::float8 as started_ms,
          (select count(*)::int from member_ledger l where l.session_id = s.id) as rows
        from online_sessions s where s.id = any(${`{${ids.join(',')}}`}::bigint[])`,
  );
  return new Map(r.map((x) => [x.id, x]));
};

describe('a checkpoint pass over many sessions', () => {
  it('writes one ledger row per session whose charge changed, none on a rerun, exact money', async () => {
    // three quarters have run 5 more minutes; the rest started in this minute: nothing is due for them
    await age(150, 5);
    const before = await state();
    const now = Date.now();
    const tally = await checkpointAll({ db: t.database.db, now: () => now }, 64);
    expect(tally.failed).toBe(0);
    const after = await state();
    let changed = 0;
    for (const id of ids) {
      const b = before.get(id)!;
      const a = after.get(id)!;
      const due = 10 * billableMinutes(b.started_ms, now);
      expect(a.charged, `session ${id}`).toBe(due);
      expect(a.rows - b.rows, `session ${id}`).toBe(due > b.charged ? 1 : 0);
      if (due > b.charged) changed++;
    }
    expect(changed).toBeGreaterThanOrEqual(150);
    expect(changed).toBeLessThan(N);
    expect(tally.settled).toBe(changed);
    expect(tally.checked).toBe(N);
    // a rerun at the same instant charges nothing and settles nothing
    const again = await checkpointAll({ db: t.database.db, now: () => now }, 64);
    expect([again.checked, again.settled, again.failed]).toEqual([N, 0, 0]);
    const third = await state();
    for (const id of ids) expect(third.get(id)).toEqual(after.get(id));
  });

  it('never doubles a charge when two passes overlap', async () => {
    await age(N, 3);
    const before = await state();
    const now = Date.now();
    const deps = { db: t.database.db, now: () => now };
    const [x, y] = await Promise.all([checkpointAll(deps, 50), checkpointAll(deps, 70, undefined, 3)]);
    expect(x.failed + y.failed).toBe(0);
    const after = await state();
    for (const id of ids) {
      const b = before.get(id)!;
      const a = after.get(id)!;
      expect(a.charged, `session ${id}`).toBe(10 * billableMinutes(b.started_ms, now));
      // every session had 3 more minutes due: exactly one more ledger row and one more checkpoint step
      expect([a.rows - b.rows, a.seq - b.seq], `session ${id}`).toEqual([1, 1]);
    }
    expect(x.settled + y.settled).toBeGreaterThanOrEqual(N);
  });
});
