import type { MemberMoveResult, MemberRow } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count, expectMemberLedgerMatches, rid } from '../../test/kit.ts';

/** 冲正调整 of free online minutes (decision 109): owner only, with a reason, never below zero. */

let t: TestApp;
let owner: Client;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
});
afterAll(async () => {
  await expectMemberLedgerMatches(t);
  await t.close();
});

let n = 0;
async function member() {
  const r = await owner.post<MemberRow>('/api/v1/member_save', {
    card_kind: 2,
    card_no: `CM${Date.now().toString().slice(-8)}${++n}`,
    name: `时长${n}`,
  });
  expect(r.status, r.msg).toBe(200);
  return r.data;
}
const minutesOf = async (id: number) =>
  (await owner.get<MemberRow>('/api/v1/member_detail', { id })).data.free_minutes;
const correct = (c: Client, member_id: number, minutes: unknown, extra: Record<string, unknown> = {}) =>
  c.post<MemberMoveResult>('/api/v1/member_correct', {
    member_id,
    principal_fen: 0,
    bonus_fen: 0,
    points: 0,
    minutes,
    reason: '补偿断网时长',
    request_id: rid(),
    ...extra,
  });

describe('correcting free minutes', () => {
  it('adds and takes minutes in a correct row with before/after; a retry applies once', async () => {
    const m = await member();
    const key = rid();
    const add = await correct(owner, m.id, 90, { request_id: key });
    expect(add.status, add.msg).toBe(200);
    expect(add.data.ledger).toMatchObject({
      kind: 'correct',
      minutes_delta: 90,
      minutes_before: 0,
      minutes_after: 90,
      principal_delta: 0,
      remark: '补偿断网时长',
    });
    const again = await correct(owner, m.id, 90, { request_id: key });
    expect([again.status, again.msg, again.data.replay]).toEqual([200, '该调整已处理', true]);
    expect(await minutesOf(m.id)).toBe(90);
    const take = await correct(owner, m.id, -30);
    expect(take.data.ledger).toMatchObject({ minutes_delta: -30, minutes_after: 60 });
    // money and minutes in one correction
    const both = await correct(owner, m.id, 15, { bonus_fen: 500 });
    expect(both.data.ledger).toMatchObject({ minutes_delta: 15, bonus_delta: 500, minutes_after: 75 });
    // a client that sends no minutes (older console) still corrects money
    const none = await owner.post<MemberMoveResult>('/api/v1/member_correct', {
      member_id: m.id,
      principal_fen: 100,
      bonus_fen: 0,
      points: 0,
      reason: '旧表单',
      request_id: rid(),
    });
    expect([none.status, none.data.ledger.minutes_delta]).toEqual([200, 0]);
  });

  it('refuses taking more minutes than the member holds, another store, and staff', async () => {
    const m = await member();
    await correct(owner, m.id, 20);
    const before = await count(t, 'member_ledger');
    const short = await correct(owner, m.id, -21);
    expect([short.status, short.msg]).toEqual([40000, '上网时长不足：当前20分钟']);
    const other = await t.as(DEMO.netbar2);
    expect((await correct(other, m.id, 10)).status).toBe(40004);
    const staff = await t.as(DEMO.netbarStaff);
    await rows(
      t.database.db,
      sql`delete from grants where perm_id = 180 and user_id = (select id from users where user_name = 'demo_netbar_staff')`,
    );
    expect((await correct(staff, m.id, 10)).status).toBe(40003);
    await rows(
      t.database.db,
      sql`insert into grants (user_id, perm_id) select id, 180 from users where user_name = 'demo_netbar_staff' on conflict do nothing`,
    );
    const granted = await correct(staff, m.id, 10);
    expect([granted.status, granted.msg]).toEqual([40003, '仅网吧老板可以冲正调整会员余额']);
    expect(await count(t, 'member_ledger')).toBe(before);
    expect(await minutesOf(m.id)).toBe(20);
  });

  it('refuses non-integer, out-of-range and reasonless minute corrections with a Chinese message', async () => {
    const m = await member();
    const before = await count(t, 'member_ledger');
    const range = '上网时长调整须为-100000至100000之间的整数（分钟）';
    const cases: [unknown, Record<string, unknown>, string][] = [
      [1.5, {}, range],
      ['abc', {}, range],
      ['1e3', {}, range],
      [100_001, {}, range],
      [-100_001, {}, range],
      [0, {}, '调整金额不能全部为0'],
      [30, { reason: '' }, '请填写原因（1-100个字符）'],
      [30, { reason: '   ' }, '请填写原因（1-100个字符）'],
    ];
    for (const [minutes, extra, msg] of cases) {
      const r = await correct(owner, m.id, minutes, extra);
      expect([r.status, r.msg], JSON.stringify({ minutes, extra })).toEqual([40000, msg]);
    }
    expect(await count(t, 'member_ledger')).toBe(before);
    expect(await minutesOf(m.id)).toBe(0);
  });
});
