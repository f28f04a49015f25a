import { BIRTHDAY_MSG, type MemberMoveResult, type MemberRow, shanghaiDate } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf, expectMemberLedgerMatches, rid } from '../../test/kit.ts';
import { activityBookMismatches } from './activity-books.ts';
import { enable, soon, storeId } from './activity-test-kit.ts';

/** 生日 on the member form feeds the 生日奖励 promotion (decision 183). */

let t: TestApp;
let owner: Client;
let nid = 0;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  nid = await storeId(t, '星际网咖旗舰店');
  expect((await enable(owner, 'marketing_activity_list')).status).toBe(200);
  // the demo's own promotions would compete for the top-up: end them
  const demo = await rows<{ id: number }>(
    t.database.db,
    sql`select id from activities where netbar_id = ${nid} and kind = 'topup_promo' and status = 'published'`,
  );
  for (const a of demo)
    expect((await owner.post('/api/v1/activity_move', { id: a.id, action: 'end' })).status).toBe(200);
}, 600_000);
afterAll(async () => {
  expect(await activityBookMismatches(t.database.db)).toEqual([]);
  await expectMemberLedgerMatches(t);
  await t.close();
}, 600_000);

let n = 0;
const save = (c: Client, extra: Record<string, unknown> = {}) =>
  c.post<MemberRow>('/api/v1/member_save', {
    card_kind: 2,
    card_no: `B${Date.now().toString().slice(-8)}${++n}`,
    name: '生日会员',
    mobile: '13912345678',
    ...extra,
  });
const topUp = (member_id: number, amount_fen: number) =>
  owner.post<MemberMoveResult>('/api/v1/member_topup', { member_id, amount_fen, request_id: rid() });
/** Today's month-day in Beijing, on a past year (a 29 February today falls back to 2024). */
const todayBirthday = () => {
  const md = shanghaiDate().slice(5);
  return `${md === '02-29' ? '2024' : '1995'}-${md}`;
};

describe('member birthday', () => {
  it('is saved, shown and cleared; a top-up on the birthday gets the bonus once', async () => {
    const p = await owner.post<{ id: number }>('/api/v1/promotion_save', {
      name: '生日礼',
      promo_mode: 'birthday',
      starts_at: soon(-1),
      ends_at: soon(10),
      budget_fen: 100_000,
      tiers: JSON.stringify([{ min_topup_fen: 5_000, bonus_fen: 1_000, quantity: 50 }]),
    });
    expect(p.status, p.msg).toBe(200);
    expect((await owner.post('/api/v1/activity_move', { id: p.data.id, action: 'publish' })).status).toBe(
      200,
    );

    const born = todayBirthday();
    const m = await save(owner, { birthday: born });
    expect(m.status, m.msg).toBe(200);
    expect(m.data.birthday).toBe(born);
    const d = await owner.get<{ member: MemberRow }>(`/api/v1/member_detail?id=${m.data.id}`);
    expect(JSON.stringify(d.data)).toContain(born);
    // another member born on another day gets nothing
    const o = await save(owner, { birthday: '1990-01-01' === born ? '1990-01-02' : '1990-01-01' });
    expect(o.status, o.msg).toBe(200);

    const first = await topUp(m.data.id, 5_000);
    expect(first.status, first.msg).toBe(200);
    expect(first.data.promotion).toMatchObject({ activity_id: p.data.id });
    expect((await topUp(m.data.id, 5_000)).data.promotion).toBeUndefined();
    expect((await topUp(o.data.id, 5_000)).data.promotion).toBeUndefined();
    expect(await countOf(t, 'member_ledger', `member_id = ${m.data.id} and kind = 'prize'`)).toBe(1);
    expect(await countOf(t, 'member_ledger', `member_id = ${o.data.id} and kind = 'prize'`)).toBe(0);

    // an edit without the birthday clears it
    const e = await owner.post<MemberRow>('/api/v1/member_save', {
      id: m.data.id,
      card_kind: 2,
      name: '生日会员',
    });
    expect(e.status, e.msg).toBe(200);
    expect(e.data.birthday).toBe('');
    expect(await countOf(t, 'member_birthdays', `member_id = ${m.data.id}`)).toBe(0);
    await owner.post('/api/v1/activity_move', { id: p.data.id, action: 'end' });
  });

  it('refuses an impossible or future birthday in Chinese and writes nothing', async () => {
    const members = await countOf(t, 'members');
    const birthdays = await countOf(t, 'member_birthdays');
    for (const birthday of ['2023-02-29', '1995-13-01', '明天', shanghaiDate(), '2999-01-01', '1899-12-31']) {
      const r = await save(owner, { birthday });
      expect(r.status, birthday).toBe(40000);
      expect(r.msg).toBe(BIRTHDAY_MSG);
    }
    const m = await save(owner, { birthday: '1990-05-06' });
    expect(m.status).toBe(200);
    const e = await owner.post('/api/v1/member_save', {
      id: m.data.id,
      card_kind: 2,
      name: '生日会员',
      birthday: '2023-02-29',
    });
    expect(e.status).toBe(40000);
    expect(await countOf(t, 'members')).toBe(members + 1);
    expect(await countOf(t, 'member_birthdays')).toBe(birthdays + 1);
    expect((await owner.get<MemberRow>(`/api/v1/member_detail?id=${m.data.id}`)).status).toBe(200);
  });

  it("another store cannot set a member's birthday; an agent is refused", async () => {
    const m = await save(owner, { birthday: '1991-03-04' });
    const other = await t.as(DEMO.netbar2);
    const r = await other.post('/api/v1/member_save', {
      id: m.data.id,
      card_kind: 2,
      name: '改名',
      birthday: '1980-01-01',
    });
    expect(r.status).toBe(40004);
    const agent = await t.as(DEMO.agent);
    expect(
      (await agent.post('/api/v1/member_save', { card_kind: 2, card_no: 'X12345678', name: '代理' })).status,
    ).toBe(40003);
    const b = await rows<{ born: string }>(
      t.database.db,
      sql`select to_char(born_on, 'YYYY-MM-DD') as born from member_birthdays where member_id = ${m.data.id}`,
    );
    expect(b[0]!.born).toBe('1991-03-04');
  });
});
