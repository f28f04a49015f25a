import { ACTIVITY_MSG, type ClaimResult } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { expectMemberLedgerMatches, rid } from '../../test/kit.ts';
import { logonStore } from './logon-test-kit.ts';
import { storeIds, terminal } from './terminal-test-kit.ts';

/** 签到 and 幸运盲盒 from a PC (decision 173): the member logged on at the machine claims, once per request. */

let t: TestApp;
let owner: Client;
let term: ReturnType<typeof terminal>;
let machine = 0;
const local = (ms: number) =>
  new Date(Date.now() + ms + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  const nid = (await storeIds(t)).星际网咖旗舰店!;
  term = terminal(t.client(), nid);
  const store = await logonStore(owner, 1);
  machine = store.machines[0]!;
  const m = await store.member();
  expect((await term.post('/api/v1/terminal_logon', { machine_id: machine, card_no: m.card })).status).toBe(
    200,
  );
  for (const key of ['member_sign', 'lucky_blind_box'])
    expect((await owner.post('/api/v1/store_app_switch', { key, enabled: '1' })).status).toBe(200);
}, 600_000);
afterAll(async () => {
  await expectMemberLedgerMatches(t);
  await t.close();
}, 600_000);

async function publish(body: Record<string, unknown>) {
  const s = await owner.post<{ id: number }>('/api/v1/activity_save', {
    starts_at: local(-3600_000),
    ends_at: local(86_400_000 * 10),
    budget_fen: 100_000,
    ...body,
  });
  expect(s.status, s.msg).toBe(200);
  expect((await owner.post('/api/v1/activity_move', { id: s.data.id, action: 'publish' })).status).toBe(200);
  return s.data.id;
}
const claim = (activity_id: number, request_id = rid()) =>
  term.post<ClaimResult>('/api/v1/terminal_activity_claim', { machine_id: machine, activity_id, request_id });

describe('terminal activities', () => {
  it('signs in once a day with the streak reward, and a retry pays nothing again', async () => {
    const id = await publish({
      kind: 'sign',
      name: '终端签到',
      prizes: JSON.stringify([
        { name: '签到积分', kind: 'points', amount: 5, cost_fen: 1, quantity: 100, streak_day: 1 },
      ]),
    });
    const key = rid();
    const r = await claim(id, key);
    expect(r.status, r.msg).toBe(200);
    expect(r.data).toMatchObject({ replay: false, prize_name: '签到积分', streak: 1, amount: 5 });
    expect((await claim(id, key)).data).toMatchObject({ replay: true, claim_id: r.data.claim_id });
    const again = await claim(id);
    expect([again.status, again.msg]).toEqual([40000, ACTIVITY_MSG.signed]);
  });

  it('shows a box’s odds and sells a box from 本金 with a recorded draw', async () => {
    const id = await publish({
      kind: 'blind_box',
      name: '终端盲盒',
      price_kind: 'balance',
      price_amount: 500,
      prizes: JSON.stringify([
        { name: '一元奖励', kind: 'bonus', amount: 100, cost_fen: 100, quantity: 10, odds_bp: 7500 },
        { name: '半小时', kind: 'minutes', amount: 30, cost_fen: 150, quantity: 10, odds_bp: 2500 },
      ]),
    });
    const list = await term.get<{ id: number; prizes: { name: string; odds: string }[] }[]>(
      '/api/v1/terminal_activities',
    );
    expect(list.status, list.msg).toBe(200);
    expect(list.data.find((a) => a.id === id)!.prizes.map((p) => p.odds)).toEqual(['75.00%', '25.00%']);
    const r = await claim(id);
    expect(r.status, r.msg).toBe(200);
    const d = await rows<{ roll: number; total: number }>(
      t.database.db,
      sql`select roll, total from activity_draws where claim_id = ${r.data.claim_id}`,
    );
    expect(d[0]!.total).toBe(10_000);
    expect(d[0]!.roll).toBeLessThan(10_000);
    const paid = await rows<{ p: number }>(
      t.database.db,
      sql`select principal_delta::int as p from member_ledger where kind = 'prize_buy' and request_id = ${`act:${(await rows<{ request_id: string }>(t.database.db, sql`select request_id from activity_claims where id = ${r.data.claim_id}`))[0]!.request_id}`}`,
    );
    expect(paid[0]!.p).toBe(-500);
  });

  it('refuses a machine nobody is logged on to, and an activity of another store', async () => {
    const other = terminal(t.client(), (await storeIds(t)).极速网吧!);
    const r = await other.post('/api/v1/terminal_activity_claim', {
      machine_id: machine,
      activity_id: 1,
      request_id: rid(),
    });
    expect(r.status).toBe(40004);
  });
});
