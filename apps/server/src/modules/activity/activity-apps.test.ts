import { ACTIVITY_MSG, type ClaimResult, CODE_MSG, type GiftCodeRow } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { systemStoreScope } from '../../tenant/index.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf, expectMemberLedgerMatches, rid, xlsxRows } from '../../test/kit.ts';
import { activityBookMismatches } from './activity-books.ts';
import { claim } from './activity-claim.ts';
import { redeemCode } from './activity-codes.service.ts';
import { enable, membersWithPoints, running, soon, storeId } from './activity-test-kit.ts';

/** 礼包兑换, 线上红包, 收银抽奖 on the engine (decision 177): once per code, the pool never oversold, books balanced. */

let t: TestApp;
let owner: Client;
let nid = 0;
const CLIENT = { id: 0, name: '客户端' };
const now = (ms = 0) => new Date(Date.now() + ms + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  nid = await storeId(t, '星际网咖旗舰店');
  for (const key of ['jiftbag_xchange', 'online_red_envelope', 'cashier_luck_draw'])
    expect((await enable(owner, key)).status).toBe(200);
}, 600_000);
afterAll(async () => {
  expect(await activityBookMismatches(t.database.db)).toEqual([]);
  await expectMemberLedgerMatches(t);
  await t.close();
}, 600_000);

const giftBody = (over: Record<string, unknown> = {}) => ({
  kind: 'gift_code',
  name: '新人礼包',
  starts_at: now(-3600_000),
  ends_at: soon(7),
  budget_fen: 10_000,
  prizes: JSON.stringify([{ name: '五元奖励', kind: 'bonus', amount: 500, cost_fen: 500, quantity: 20 }]),
  ...over,
});

describe('礼包兑换', () => {
  let id = 0;
  let codes: GiftCodeRow[] = [];
  it('generates a batch of random codes and one custom code, lists and exports them', async () => {
    id = await running(owner, giftBody());
    const g = await owner.post<{ count: number }>('/api/v1/gift_code_generate', {
      activity_id: id,
      mode: 'batch',
      count: 10,
      prefix: 'vip',
    });
    expect([g.status, g.data.count], g.msg).toEqual([200, 10]);
    const c = await owner.post('/api/v1/gift_code_generate', {
      activity_id: id,
      mode: 'custom',
      code: 'welcome2026',
    });
    expect(c.status, c.msg).toBe(200);
    const l = await owner.get<{ list: GiftCodeRow[]; count: number }>('/api/v1/gift_code_list', {
      activity_id: id,
      page_size: 100,
    });
    codes = l.data.list;
    expect(l.data.count).toBe(11);
    expect(codes.filter((x) => /^VIP[A-HJKMNP-Z2-9]{10}$/.test(x.code))).toHaveLength(10);
    expect(codes.map((x) => x.code)).toContain('WELCOME2026');
    const x = await xlsxRows(owner, `/api/v1/gift_code_export?activity_id=${id}`);
    expect(x.contentType).toContain('spreadsheetml');
    expect(x.rows.slice(1, -1).map((r) => r[0])).toEqual(codes.map((k) => k.code));
    expect(x.rows.at(-1)!.slice(0, 3)).toEqual(['合计', '11个', '已使用0个']);
  });

  it('a code redeemed by 20 parallel requests pays once; used or unknown codes write nothing', async () => {
    const members = await membersWithPoints(t, nid, 20, 0);
    const code = codes[0]!.code;
    const res = await Promise.allSettled(
      members.map((m) =>
        redeemCode(t.database.db, systemStoreScope(nid), CLIENT, { code, member_id: m, request_id: rid() }),
      ),
    );
    const won = res.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of res)
      if (r.status === 'rejected') expect((r.reason as Error).message).toBe(ACTIVITY_MSG.codeUsed);
    const before = await countOf(t, 'activity_claims');
    const ledger = await countOf(t, 'member_ledger');
    for (const [c, msg] of [
      [code, ACTIVITY_MSG.codeUsed],
      ['NOSUCHCODE', ACTIVITY_MSG.codeMissing],
    ] as const)
      await expect(
        redeemCode(t.database.db, systemStoreScope(nid), CLIENT, {
          code: c,
          member_id: members[1]!,
          request_id: rid(),
        }),
      ).rejects.toMatchObject({ message: msg });
    expect(await countOf(t, 'activity_claims')).toBe(before);
    expect(await countOf(t, 'member_ledger')).toBe(ledger);
    const l = await owner.get<{ list: GiftCodeRow[]; used: number }>('/api/v1/gift_code_list', {
      activity_id: id,
      used: '1',
    });
    expect(l.data.used).toBe(1);
    expect(l.data.list[0]!.code).toBe(code);
  });

  it('another store finds none of the codes; other user types are refused', async () => {
    const nid2 = await storeId(t, '极速网吧');
    await expect(
      redeemCode(t.database.db, systemStoreScope(nid2), CLIENT, {
        code: codes[1]!.code,
        member_id: 1,
        request_id: rid(),
      }),
    ).rejects.toMatchObject({ message: ACTIVITY_MSG.codeMissing });
    const other = await t.as(DEMO.netbar2);
    await enable(other, 'jiftbag_xchange');
    expect((await other.get('/api/v1/gift_code_list', { activity_id: id })).status).toBe(40004);
    expect((await other.get(`/api/v1/gift_code_export?activity_id=${id}`)).status).toBe(40004);
    const agent = await t.as(DEMO.agent);
    expect(
      (await agent.post('/api/v1/gift_code_generate', { activity_id: id, mode: 'batch', count: 1 })).status,
    ).toBe(40003);
  });

  it.each([
    ['a batch of 0', { mode: 'batch', count: 0 }, CODE_MSG.count],
    ['a batch over 10000', { mode: 'batch', count: 10_001 }, CODE_MSG.count],
    ['a custom code with bad characters', { mode: 'custom', code: 'AB-1中' }, CODE_MSG.custom],
    ['a duplicate custom code', { mode: 'custom', code: 'WELCOME2026' }, CODE_MSG.duplicate],
    ['more codes than prizes', { mode: 'batch', count: 10 }, CODE_MSG.overPool],
  ])('refuses %s and writes nothing', async (_, over, msg) => {
    const before = await countOf(t, 'activity_codes');
    const r = await owner.post('/api/v1/gift_code_generate', { activity_id: id, ...over });
    expect(r.status).toBe(40000);
    expect(r.msg).toContain(msg);
    expect(await countOf(t, 'activity_codes')).toBe(before);
  });
});

/** `n` machines of the store; the first `online` with a member logged on (an open session). */
async function machinesWithMembers(n: number, online: number): Promise<number[]> {
  const db = t.database.db;
  const area = (
    await rows<{ id: number }>(db, sql`select id from venue_areas where netbar_id = ${nid} limit 1`)
  )[0]!.id;
  const members = await membersWithPoints(t, nid, online, 0);
  const tag = Date.now().toString(36);
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const m = await rows<{ id: number }>(
      db,
      sql`insert into machines (netbar_id, area_id, name) values (${nid}, ${area}, ${`红包${tag}-${i}`}) returning id`,
    );
    ids.push(m[0]!.id);
    if (i < online)
      await rows(
        db,
        sql`insert into online_sessions (netbar_id, member_id, machine_id, area_id, plan_name, rules, source)
            values (${nid}, ${members[i]}, ${m[0]!.id}, ${area}, '标准', '{}'::jsonb, 'console')`,
      );
  }
  return ids;
}

describe('线上红包', () => {
  it('200 concurrent claims on a pool of 50: exactly 50, none offline, random amounts within the budget', async () => {
    const id = await running(owner, {
      kind: 'red_envelope',
      name: '晚八点红包雨',
      starts_at: now(-3600_000),
      ends_at: soon(1),
      budget_fen: 2_000,
      per_day_limit: 1,
      prizes: JSON.stringify([
        { name: '红包', kind: 'bonus', amount: 10, amount_max: 200, cost_fen: 10, quantity: 50 },
      ]),
    });
    const machines = await machinesWithMembers(200, 150);
    const res = await Promise.allSettled(
      machines.map((machine_id) =>
        claim(t.database.db, systemStoreScope(nid), CLIENT, {
          activity_id: id,
          machine_id,
          request_id: rid(),
        }),
      ),
    );
    const won = res.filter((r): r is PromiseFulfilledResult<ClaimResult> => r.status === 'fulfilled');
    expect(won).toHaveLength(50);
    const paid = await rows<{ machine_id: number; amount: number }>(
      t.database.db,
      sql`select machine_id, amount::int from activity_claims where activity_id = ${id}`,
    );
    const offline = new Set(machines.slice(150));
    expect(paid.filter((p) => offline.has(p.machine_id))).toEqual([]);
    expect(paid.every((p) => p.amount >= 10 && p.amount <= 200)).toBe(true);
    const a = (
      await rows<{ spent: number }>(
        t.database.db,
        sql`select spent_fen::int as spent from activities where id = ${id}`,
      )
    )[0]!;
    expect(a.spent).toBe(paid.reduce((s, p) => s + p.amount, 0));
    expect(a.spent).toBeLessThanOrEqual(2_000);
    // claimed without a machine (not from a PC): refused
    await expect(
      claim(t.database.db, systemStoreScope(nid), CLIENT, {
        activity_id: id,
        member_id: 1,
        request_id: rid(),
      }),
    ).rejects.toMatchObject({ message: ACTIVITY_MSG.onlineOnly });
  }, 300_000);

  it('refuses an envelope whose lower amount is above its upper amount', async () => {
    const before = await countOf(t, 'activities');
    const r = await owner.post('/api/v1/activity_save', {
      kind: 'red_envelope',
      name: '坏红包',
      starts_at: now(),
      ends_at: soon(1),
      budget_fen: 1000,
      prizes: JSON.stringify([
        { name: '红包', kind: 'bonus', amount: 50, amount_max: 10, cost_fen: 50, quantity: 5 },
      ]),
    });
    expect([r.status, r.msg]).toEqual([40000, ACTIVITY_MSG.envelopeRange]);
    expect(await countOf(t, 'activities')).toBe(before);
  });
});

describe('收银抽奖', () => {
  const drawBody = (over: Record<string, unknown> = {}) => ({
    kind: 'cashier_draw',
    name: '满30抽奖',
    starts_at: now(-3600_000),
    ends_at: soon(7),
    budget_fen: 10_000,
    threshold_fen: 3000,
    prizes: JSON.stringify([
      { name: '一元奖励', kind: 'bonus', amount: 100, cost_fen: 100, quantity: 50, odds_bp: 8000 },
      { name: '五十积分', kind: 'points', amount: 50, cost_fen: 5, quantity: 50, odds_bp: 2000 },
    ]),
    ...over,
  });

  it('refuses a threshold of 0 and writes nothing', async () => {
    const before = await countOf(t, 'activities');
    const r = await owner.post('/api/v1/activity_save', drawBody({ threshold_fen: 0 }));
    expect([r.status, r.msg]).toEqual([40000, ACTIVITY_MSG.thresholdNeeded]);
    expect(await countOf(t, 'activities')).toBe(before);
  });

  it('offers the draw after a paid member order reaching the threshold, once per order', async () => {
    // above the demo's 满30元抽奖 (threshold 30.00, which holds a third prize): the highest threshold reached wins
    const id = await running(owner, drawBody({ threshold_fen: 3500 }));
    const [member] = await membersWithPoints(t, nid, 1, 0);
    const db = t.database.db;
    const orderNo = `T${Date.now()}`;
    const small = `S${Date.now()}`;
    for (const [no, fen] of [
      [orderNo, 3500],
      [small, 1000],
    ] as const)
      await rows(
        db,
        sql`insert into orders (netbar_id, order_no, source, status, cashier_id, cashier_name, member_id, list_fen, total_fen, paid_fen, request_id, paid_at)
            values (${nid}, ${no}, 'counter', 'done', 0, '测试', ${member}, ${fen}, ${fen}, ${fen}, ${`r${no}`}, now())`,
      );
    const offer = await owner.get<{ activity_id: number } | null>('/api/v1/cashier_draw_offer', {
      order_no: orderNo,
    });
    expect(offer.status, offer.msg).toBe(200);
    expect(offer.data?.activity_id).toBe(id);
    expect((await owner.get('/api/v1/cashier_draw_offer', { order_no: small })).data).toBeNull();
    const d = await owner.post<ClaimResult>('/api/v1/cashier_draw', { order_no: orderNo });
    expect(d.status, d.msg).toBe(200);
    expect(['一元奖励', '五十积分']).toContain(d.data.prize_name);
    const again = await owner.post('/api/v1/cashier_draw', { order_no: orderNo });
    expect([again.status, again.msg]).toEqual([40009, CODE_MSG.drawn]);
    expect((await owner.post('/api/v1/cashier_draw', { order_no: small })).msg).toBe(CODE_MSG.noDraw);
    expect((await owner.get('/api/v1/cashier_draw_offer', { order_no: orderNo })).data).toBeNull();
    const other = await t.as(DEMO.netbar2);
    await enable(other, 'cashier_luck_draw');
    expect((await other.post('/api/v1/cashier_draw', { order_no: orderNo })).status).toBe(40004);
  });
});
