import type { OpenSessionRow } from '@netbar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf, expectMemberLedgerMatches, rid } from '../../test/kit.ts';
import {
  age,
  balanceOf,
  machineState,
  makeStore,
  type Store,
  sessionLedgerMismatches,
  sessionOf,
} from '../../test/session-kit.ts';
import { checkpointAll, type SessionEvents } from './index.ts';
import { checkpointSession } from './session-checkpoint.service.ts';

/** The checkpoint job's rules (decision 116): charged once, ends itself when the balance is spent, warns. */

let t: TestApp;
let owner: Client;
let store: Store;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  store = await makeStore(owner, 12);
});
afterAll(async () => {
  await expectMemberLedgerMatches(t);
  expect(await sessionLedgerMismatches(t)).toEqual([]);
  await t.close();
});

const start = async (member_id: number, machine_id: number) => {
  const r = await owner.post<{ id: number }>('/api/v1/online_session_start', { member_id, machine_id });
  expect(r.status, r.msg).toBe(200);
  return r.data.id;
};
const spy = () => {
  const seen: string[] = [];
  const events: SessionEvents = {
    warn: async (_n, e) => void seen.push(`warn:${e.sessionId}:${e.minutesLeft}`),
    ended: async (_n, e) => void seen.push(`ended:${e.sessionId}:${e.reason}`),
  };
  return { seen, events };
};

describe('checkpoints', () => {
  it('charges what accrued since logon once, even when two checkpoints run at once or one runs twice', async () => {
    const m = await store.member(5000);
    const before = await balanceOf(t, m);
    const id = await start(m, store.machines[0]!);
    await age(t, id, 10);
    const deps = { db: t.database.db };
    await Promise.all([checkpointSession(deps, id), checkpointSession(deps, id)]);
    await checkpointSession(deps, id);
    const s = await sessionOf(t, id);
    // 10 minutes back plus the started one: 11 minutes at 10 fen
    expect(s.charged_fen).toBe(110);
    expect(s.billed_minutes).toBe(11);
    expect(await balanceOf(t, m)).toBe(before - 110);
    // the logon's first minute and one checkpoint: two ledger rows, request ids S<id>-1 and S<id>-2
    expect(await countOf(t, 'member_ledger', `session_id = ${id}`)).toBe(2);
    expect(
      await countOf(t, 'member_ledger', `session_id = ${id} and request_id in ('S${id}-1', 'S${id}-2')`),
    ).toBe(2);
    const open = await owner.get<{ list: OpenSessionRow[] }>('/api/v1/online_session_list');
    const row = open.data.list.find((x) => x.id === id)!;
    expect([row.minutes, row.charged_fen, row.balance_fen, row.minutes_left]).toEqual([
      11,
      110,
      before - 110,
      Math.floor((before - 110) / 10),
    ]);
    await owner.post('/api/v1/online_session_end', { id });
  });

  it('ends a session by itself when the balance is spent, at the minute it ran out, and frees the machine', async () => {
    const m = await store.member(100);
    const machine = store.machines[1]!;
    const id = await start(m, machine);
    await age(t, id, 30);
    const { seen, events } = spy();
    const r = await checkpointSession({ db: t.database.db, events }, id);
    expect(r?.ended).toBe(true);
    const s = await sessionOf(t, id);
    expect([s.end_reason, s.charged_fen, s.billed_minutes]).toEqual(['余额不足', 100, 10]);
    expect(s.ended_ms! - s.started_ms).toBe(10 * 60_000);
    expect(await balanceOf(t, m)).toBe(0);
    expect(await machineState(t, machine)).toBe('空闲');
    expect(seen).toEqual([`ended:${id}:余额不足`]);
    // nothing more happens to an ended session
    expect(await checkpointSession({ db: t.database.db, events }, id)).toBeUndefined();
    expect(await balanceOf(t, m)).toBe(0);
  });

  it('warns once at ten minutes left, and re-arms the warning after a top-up', async () => {
    const m = await store.member(150);
    const id = await start(m, store.machines[2]!);
    const { seen, events } = spy();
    const deps = { db: t.database.db, events };
    await age(t, id, 3);
    await checkpointSession(deps, id);
    expect(seen).toEqual([]);
    await age(t, id, 2);
    await checkpointSession(deps, id);
    // 6 minutes paid (60), 90 left = 9 minutes
    expect(seen).toEqual([`warn:${id}:9`]);
    await checkpointSession(deps, id);
    expect(seen).toHaveLength(1);
    expect((await sessionOf(t, id)).charged_fen).toBe(60);
    // a top-up lifts it above ten minutes: the warning is re-armed, not sent
    await owner.post('/api/v1/member_topup', {
      member_id: m,
      amount_fen: 1000,
      pay_method: 'cash',
      request_id: rid(),
    });
    await checkpointSession(deps, id);
    expect(await countOf(t, 'online_sessions', `id = ${id} and warned_at is null`)).toBe(1);
    expect(seen).toHaveLength(1);
    await owner.post('/api/v1/online_session_end', { id });
  });

  it('ends the session of a card reported lost mid-session (强制下机), charging nothing more', async () => {
    const m = await store.member(1000);
    const id = await start(m, store.machines[2]!);
    await owner.post('/api/v1/member_status', { id: m, action: 'lose' });
    await age(t, id, 5);
    const r = await checkpointSession({ db: t.database.db }, id);
    expect(r?.ended).toBe(true);
    const s = await sessionOf(t, id);
    expect([s.end_reason, s.charged_fen]).toEqual(['强制下机', 10]);
    expect(await machineState(t, store.machines[2]!)).toBe('空闲');
  });

  it('processes every open session of every store in batches', async () => {
    const ids: number[] = [];
    for (const machine of store.machines.slice(3, 8))
      ids.push(await start(await store.member(1000), machine));
    for (const id of ids) await age(t, id, 5);
    const tally = await checkpointAll({ db: t.database.db }, 2);
    expect(tally.checked).toBeGreaterThanOrEqual(5);
    expect(tally.failed).toBe(0);
    for (const id of ids) expect((await sessionOf(t, id)).charged_fen).toBe(60);
    for (const id of ids) await owner.post('/api/v1/online_session_end', { id });
  });

  it('lets a member be online on one machine only, when many logons race', async () => {
    const m = await store.member(1000);
    const machines = store.machines.slice(8, 12);
    const answers = await Promise.all(
      machines.map((machine_id) => owner.post('/api/v1/online_session_start', { member_id: m, machine_id })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 40009)).toHaveLength(machines.length - 1);
    expect(await countOf(t, 'online_sessions', `member_id = ${m} and ended_at is null`)).toBe(1);
    const busy = (await Promise.all(machines.map((x) => machineState(t, x)))).filter((x) => x === '上机中');
    expect(busy).toHaveLength(1);
    expect(await balanceOf(t, m)).toBe(990);
  });
});
