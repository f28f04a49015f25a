import type { MemberRow, OpenSessionRow } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
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
import { checkpointSession } from './session-checkpoint.service.ts';

/** Free minutes redeemed for points pay for a session's minutes before money (decision 109). */

let t: TestApp;
let owner: Client;
let store: Store;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  store = await makeStore(owner, 6);
});
afterAll(async () => {
  await expectMemberLedgerMatches(t);
  expect(await sessionLedgerMismatches(t)).toEqual([]);
  await t.close();
});

/** A member of the test store with `fen` of 本金 and `minutes` free minutes (bought with 100 points). */
async function memberWith(fen: number, minutes: number) {
  const id = await store.member(fen);
  if (!minutes) return id;
  const c = await owner.post('/api/v1/member_correct', {
    member_id: id,
    principal_fen: 0,
    bonus_fen: 0,
    points: 100,
    reason: '测试积分',
    request_id: rid(),
  });
  expect(c.status, c.msg).toBe(200);
  const r = await owner.post('/api/v1/member_redeem', {
    member_id: id,
    kind: 'online',
    points: 100,
    minutes,
    request_id: rid(),
  });
  expect(r.status, r.msg).toBe(200);
  return id;
}
const freeOf = async (id: number) =>
  (await rows<{ f: number }>(t.database.db, sql`select free_minutes as f from members where id = ${id}`))[0]!
    .f;
const start = async (member_id: number, machine_id: number) => {
  const r = await owner.post<{ id: number; charged_fen: number; minutes_left: number }>(
    '/api/v1/online_session_start',
    { member_id, machine_id },
  );
  expect(r.status, r.msg).toBe(200);
  return r.data;
};
const deps = () => ({ db: t.database.db });

describe('free minutes', () => {
  it('a session charges 0 fen while free minutes last, then money; a rerun checkpoint changes nothing', async () => {
    const m = await memberWith(1000, 30);
    expect(await freeOf(m)).toBe(30);
    const detail = await owner.get<MemberRow>('/api/v1/member_detail', { id: m });
    expect(detail.data.free_minutes).toBe(30);
    const s = await start(m, store.machines[0]!);
    // the first minute is free; the balance (100 minutes at 10 fen) lasts 30 − 1 + 100 more minutes
    expect(s.charged_fen).toBe(0);
    expect(s.minutes_left).toBeGreaterThanOrEqual(128);
    expect(await freeOf(m)).toBe(29);
    await age(t, s.id, 20);
    await checkpointSession(deps(), s.id);
    expect(await sessionOf(t, s.id)).toMatchObject({ charged_fen: 0, billed_minutes: 21, checkpoint_seq: 2 });
    expect([await freeOf(m), await balanceOf(t, m)]).toEqual([9, 1000]);
    const open = await owner.get<{ list: OpenSessionRow[] }>('/api/v1/online_session_list');
    expect(open.data.list.find((x) => x.id === s.id)).toMatchObject({ free_minutes: 9, charged_fen: 0 });
    // 15 more minutes: 9 free, 6 paid at 10 fen
    await age(t, s.id, 15);
    await checkpointSession(deps(), s.id);
    const rowsBefore = await countOf(t, 'member_ledger', `member_id = ${m}`);
    await checkpointSession(deps(), s.id);
    expect(await countOf(t, 'member_ledger', `member_id = ${m}`)).toBe(rowsBefore);
    expect(await sessionOf(t, s.id)).toMatchObject({
      charged_fen: 60,
      billed_minutes: 36,
      checkpoint_seq: 3,
    });
    expect([await freeOf(m), await balanceOf(t, m)]).toEqual([0, 940]);
    const led = await rows<{ minutes_delta: number; principal_delta: string; request_id: string }>(
      t.database.db,
      sql`select minutes_delta, principal_delta, request_id from member_ledger where session_id = ${s.id} order by id`,
    );
    expect(led.map((r) => [r.request_id, r.minutes_delta, Number(r.principal_delta)])).toEqual([
      [`S${s.id}-1`, -1, 0],
      [`S${s.id}-2`, -20, 0],
      [`S${s.id}-3`, -9, -60],
    ]);
    const end = await owner.post<{ charged_fen: number }>('/api/v1/online_session_end', { id: s.id });
    expect(end.data.charged_fen).toBe(60);
  });

  it('a member with no money and 30 free minutes logs on and is ended when the minutes are spent', async () => {
    const m = await memberWith(0, 30);
    const machine = store.machines[1]!;
    const s = await start(m, machine);
    expect(s.charged_fen).toBe(0);
    await age(t, s.id, 45);
    const r = await checkpointSession(deps(), s.id);
    expect(r).toMatchObject({ ended: true, reason: '余额不足' });
    const after = await sessionOf(t, s.id);
    expect(after).toMatchObject({ charged_fen: 0, billed_minutes: 30, end_reason: '余额不足' });
    expect(after.ended_ms! - after.started_ms).toBe(30 * 60_000);
    expect([await freeOf(m), await balanceOf(t, m)]).toEqual([0, 0]);
    expect(await machineState(t, machine)).toBe('空闲');
    // spent: no money and no minutes left, the next logon is refused
    const again = await owner.post('/api/v1/online_session_start', { member_id: m, machine_id: machine });
    expect(again.msg).toMatch(/^余额不足/);
  });

  it('minutes redeemed while online go to the minutes not yet paid for; nothing is charged twice', async () => {
    const m = await memberWith(1000, 5);
    const s = await start(m, store.machines[2]!);
    await age(t, s.id, 10);
    await checkpointSession(deps(), s.id);
    // 11 minutes: 5 free, 6 paid
    expect((await sessionOf(t, s.id)).charged_fen).toBe(60);
    await owner.post('/api/v1/member_correct', {
      member_id: m,
      principal_fen: 0,
      bonus_fen: 0,
      points: 10,
      reason: '测试积分',
      request_id: rid(),
    });
    const rd = await owner.post('/api/v1/member_redeem', {
      member_id: m,
      kind: 'online',
      points: 10,
      minutes: 10,
      request_id: rid(),
    });
    expect(rd.status, rd.msg).toBe(200);
    await age(t, s.id, 6);
    await checkpointSession(deps(), s.id);
    // 17 minutes: 15 free; money owes 2 minutes, but 6 were paid already: nothing more is charged
    expect(await sessionOf(t, s.id)).toMatchObject({ charged_fen: 60, billed_minutes: 17 });
    expect(await freeOf(m)).toBe(0);
    await age(t, s.id, 6);
    await checkpointSession(deps(), s.id);
    // 23 minutes: 15 free, 8 owed by money: 20 fen more
    expect((await sessionOf(t, s.id)).charged_fen).toBe(80);
    expect(await balanceOf(t, m)).toBe(920);
    await owner.post('/api/v1/online_session_end', { id: s.id });
  });

  it('退卡 forfeits free minutes; another store cannot give or see them; bad minutes are refused', async () => {
    const m = await memberWith(0, 40);
    const other = await t.as(DEMO.netbar2);
    const foreign = await other.post('/api/v1/member_redeem', {
      member_id: m,
      kind: 'online',
      points: 1,
      minutes: 10,
      request_id: rid(),
    });
    expect(foreign.msg).toBe('会员不存在');
    for (const [minutes, msg] of [
      [0, '兑换时长须为1-1440分钟'],
      [1441, '兑换时长须为1-1440分钟'],
      ['十', '兑换时长须为1-1440分钟'],
    ] as const) {
      const r = await owner.post('/api/v1/member_redeem', {
        member_id: m,
        kind: 'online',
        points: 1,
        minutes,
        request_id: rid(),
      });
      expect(r.msg).toBe(msg);
    }
    // no points left: refused, nothing written
    const rowsBefore = await countOf(t, 'member_ledger', `member_id = ${m}`);
    const poor = await owner.post('/api/v1/member_redeem', {
      member_id: m,
      kind: 'online',
      points: 1,
      minutes: 10,
      request_id: rid(),
    });
    expect(poor.msg).toMatch(/^积分不足/);
    expect(await countOf(t, 'member_ledger', `member_id = ${m}`)).toBe(rowsBefore);
    expect(await freeOf(m)).toBe(40);
    const ref = await owner.post<{ ledger: { minutes_delta: number } }>('/api/v1/member_refund', {
      id: m,
      reason: '测试退卡',
      request_id: rid(),
    });
    expect(ref.status, ref.msg).toBe(200);
    expect(ref.data.ledger.minutes_delta).toBe(-40);
    expect(await freeOf(m)).toBe(0);
  });
});
