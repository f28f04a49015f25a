import type { LevelRow, MemberMoveResult, MemberRow } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { systemStoreScope } from '../../tenant/index.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count, endDemoPromotions, expectMemberLedgerMatches, rid } from '../../test/kit.ts';
import { consumeMember, memberByCard } from './index.ts';

let t: TestApp;
let owner: Client;
let level: LevelRow;
let nid: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  await endDemoPromotions(t); // the bonus here is the level's rule alone
  const l = await owner.post<LevelRow>('/api/v1/member_level_save', {
    name: '测试等级',
    threshold_fen: 0,
    rate_discount: 90,
    member_price: 1,
    points_per_yuan: 1,
    bonus_rules: JSON.stringify([{ threshold_fen: 10000, bonus_fen: 2000 }]),
    overdraft_fen: 0,
  });
  expect(l.status, l.msg).toBe(200);
  level = l.data;
  nid = (
    await rows<{ id: number }>(t.database.db, sql`select id from netbars where name = '星际网咖旗舰店'`)
  )[0]!.id;
});
afterAll(async () => {
  await expectMemberLedgerMatches(t);
  await t.close();
});

let n = 0;
async function member(c: Client = owner, level_id: number = level.id) {
  const r = await c.post<MemberRow>('/api/v1/member_save', {
    card_kind: 2,
    card_no: `M${Date.now().toString().slice(-8)}${++n}`,
    name: `会员${n}`,
    level_id,
  });
  expect(r.status, r.msg).toBe(200);
  return r.data;
}
const detail = async (id: number, c: Client = owner) =>
  (await c.get<MemberRow>('/api/v1/member_detail', { id })).data;
const topUp = (id: number, amount_fen: number, request_id = rid(), c: Client = owner) =>
  c.post<MemberMoveResult>('/api/v1/member_topup', { member_id: id, amount_fen, request_id });
const actor = { id: 0, name: '计费' };
const consume = (member_id: number, amount_fen: number, request_id = rid()) =>
  consumeMember(t.database.db, systemStoreScope(nid), actor, { member_id, amount_fen, request_id });

describe('member balances', () => {
  it('tops up 100 yuan: 100 to 本金, 20 to 奖励 by the level rule, points, a receipt row; a retry applies once', async () => {
    const m = await member();
    const key = rid();
    const r = await topUp(m.id, 10000, key);
    expect(r.status, r.msg).toBe(200);
    expect(r.msg).toBe('充值成功');
    expect(r.data.replay).toBe(false);
    expect(r.data.ledger).toMatchObject({
      kind: 'topup',
      principal_delta: 10000,
      bonus_delta: 2000,
      points_delta: 100,
      principal_after: 10000,
      bonus_after: 2000,
      pay_method: 'cash',
      paid_fen: 10000,
    });
    expect(r.data.ledger.ref_no).toMatch(/^M\d{10}$/);
    const again = await topUp(m.id, 10000, key);
    expect(again.data.replay).toBe(true);
    expect(again.data.ledger.id).toBe(r.data.ledger.id);
    const d = await detail(m.id);
    expect([d.principal_fen, d.bonus_fen, d.points, d.topup_total_fen]).toEqual([10000, 2000, 100, 10000]);
    const led = await owner.get<{ list: unknown[]; count: number }>('/api/v1/member_ledger', {
      member_id: m.id,
    });
    expect(led.data.count).toBe(1);
  });

  it('consumes 奖励 first by default, 本金 first when the store says so, and refuses what the balance does not cover', async () => {
    const m = await member();
    await topUp(m.id, 10000);
    const a = await consume(m.id, 3000);
    expect([a.ledger.bonus_delta, a.ledger.principal_delta]).toEqual([-2000, -1000]);
    expect(
      (await owner.post('/api/v1/member_settings_save', { deduct_order: 'principal_first' })).status,
    ).toBe(200);
    const b = await consume(m.id, 500);
    expect([b.ledger.bonus_delta, b.ledger.principal_delta]).toEqual([0, -500]);
    await expect(consume(m.id, 8501)).rejects.toThrow('会员余额不足');
    const d = await detail(m.id);
    expect([d.principal_fen, d.bonus_fen]).toEqual([8500, 0]);
    expect(d.last_visit_at).not.toBe('');
    await owner.post('/api/v1/member_settings_save', { deduct_order: 'bonus_first' });
  });

  it('lets 本金 go below zero only within the level overdraft', async () => {
    const l = await owner.post<LevelRow>('/api/v1/member_level_save', {
      name: '透支等级',
      threshold_fen: 99_000_000,
      overdraft_fen: 5000,
      bonus_rules: '[]',
    });
    const m = await member(owner, l.data.id);
    await topUp(m.id, 1000);
    expect((await consume(m.id, 5500)).ledger.principal_after).toBe(-4500);
    await expect(consume(m.id, 501)).rejects.toThrow('可透支50.00元');
    const r = await owner.post('/api/v1/member_refund', { id: m.id, reason: '不玩了', request_id: rid() });
    expect(r.msg).toBe('会员本金为透支状态，请先充值结清后再退卡');
  });

  it('upgrades when the cumulative top-up reaches a level, never downgrades', async () => {
    const gold = await owner.post<LevelRow>('/api/v1/member_level_save', {
      name: '测试金卡',
      threshold_fen: 30000,
      bonus_rules: '[]',
    });
    expect(gold.status, gold.msg).toBe(200);
    const m = await member();
    expect((await topUp(m.id, 20000)).data.upgraded_to).toBeUndefined();
    const r = await topUp(m.id, 10000);
    expect(r.data.upgraded_to).toBe('测试金卡');
    await consume(m.id, 20000);
    expect((await detail(m.id)).level_name).toBe('测试金卡');
  });

  it('corrects (owner only, with a reason) and transfers between members in two rows', async () => {
    const a = await member();
    const b = await member();
    await topUp(a.id, 10000);
    const c = await owner.post<MemberMoveResult>('/api/v1/member_correct', {
      member_id: a.id,
      principal_fen: -500,
      bonus_fen: 0,
      points: 10,
      reason: '多收退回',
      request_id: rid(),
    });
    expect(c.status, c.msg).toBe(200);
    expect(c.data.ledger).toMatchObject({ kind: 'correct', principal_delta: -500, remark: '多收退回' });
    const tr = await owner.post<MemberMoveResult>('/api/v1/member_transfer', {
      from_id: a.id,
      to_id: b.id,
      amount_fen: 4000,
      request_id: rid(),
    });
    expect(tr.status, tr.msg).toBe(200);
    expect(tr.data.ledger.principal_delta).toBe(-4000);
    expect(tr.data.ledger_in!.principal_delta).toBe(4000);
    expect((await detail(b.id)).principal_fen).toBe(4000);
    const over = await owner.post('/api/v1/member_transfer', {
      from_id: a.id,
      to_id: b.id,
      amount_fen: 999999,
      request_id: rid(),
    });
    expect(over.msg).toBe('本金余额不足：当前55.00元');
    await rows(
      t.database.db,
      sql`insert into grants (user_id, perm_id) select id, 180 from users where user_name = 'demo_netbar_staff' on conflict do nothing`,
    );
    const staff = await t.as(DEMO.netbarStaff);
    const denied = await staff.post('/api/v1/member_correct', {
      member_id: a.id,
      principal_fen: 100,
      bonus_fen: 0,
      points: 0,
      reason: '试试',
      request_id: rid(),
    });
    expect(denied.status).toBe(40003);
    expect((await topUp(a.id, 100, rid(), staff)).status).toBe(200);
  });

  it('退卡 returns 本金 as cash in a ledger row, forfeits 奖励 and points, and refuses further top-ups', async () => {
    const m = await member();
    await topUp(m.id, 10000);
    const r = await owner.post<MemberMoveResult>('/api/v1/member_refund', {
      id: m.id,
      reason: '搬家',
      request_id: rid(),
    });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.ledger).toMatchObject({
      kind: 'refund_card',
      principal_delta: -10000,
      bonus_delta: -2000,
      points_delta: -100,
    });
    const d = await detail(m.id);
    expect([d.status, d.principal_fen, d.bonus_fen, d.points]).toEqual([4, 0, 0, 0]);
    expect((await topUp(m.id, 100)).msg).toBe('会员卡状态为已退卡，不能办理此业务');
    expect((await owner.post('/api/v1/member_refund', { id: m.id, request_id: rid() })).msg).toBe(
      '请填写原因（1-100个字符）',
    );
  });

  it('refuses bad amounts with a Chinese message and writes nothing', async () => {
    const m = await member();
    const before = await count(t, 'member_ledger');
    const till = await count(t, 'till_ledger');
    const cases: [Record<string, unknown>, string][] = [
      [{ member_id: m.id, amount_fen: 0, request_id: rid() }, '充值金额须为0.01-100000元之间的金额'],
      [{ member_id: m.id, amount_fen: 10_000_001, request_id: rid() }, '充值金额须为0.01-100000元之间的金额'],
      [{ member_id: m.id, amount_fen: -100, request_id: rid() }, '充值金额须为0.01-100000元之间的金额'],
      [{ member_id: m.id, amount_fen: '1e3', request_id: rid() }, '充值金额须为0.01-100000元之间的金额'],
      [{ member_id: m.id, amount_fen: 100 }, '缺少请求编号'],
      [{ member_id: m.id, amount_fen: 100, request_id: 'x' }, '请求编号为8-64位字母、数字、下划线或连字符'],
      [{ member_id: m.id, amount_fen: 100, request_id: rid(), pay_method: 'bitcoin' }, '请选择支付方式'],
      [{ amount_fen: 100, request_id: rid() }, '请选择会员'],
      // 抹分 (decision 143): the drawer takes no 分, a cash top-up with 分 is refused, not rounded
      [{ member_id: m.id, amount_fen: 5005, request_id: rid() }, '现金充值金额须为整角（收银台不收分币）'],
      [
        { member_id: m.id, amount_fen: 1, request_id: rid(), pay_method: 'cash' },
        '现金充值金额须为整角（收银台不收分币）',
      ],
    ];
    for (const [body, msg] of cases) {
      const r = await owner.post('/api/v1/member_topup', body);
      expect(r.status, JSON.stringify(body)).toBe(40000);
      expect(r.msg).toBe(msg);
    }
    const zero = await owner.post('/api/v1/member_correct', {
      member_id: m.id,
      principal_fen: 0,
      bonus_fen: 0,
      points: 0,
      reason: '无',
      request_id: rid(),
    });
    expect(zero.msg).toBe('调整金额不能全部为0');
    const lvl = await owner.post('/api/v1/member_level_save', {
      name: '坏',
      threshold_fen: -1,
      bonus_rules: '[]',
    });
    expect(lvl.msg).toBe('升级累计充值须为0-1000000元之间的金额');
    expect(await count(t, 'member_ledger')).toBe(before);
    expect(await count(t, 'till_ledger')).toBe(till);
    expect((await detail(m.id)).principal_fen).toBe(0);
    // whole 角 is taken as it is
    expect((await topUp(m.id, 5010)).data.ledger).toMatchObject({ principal_delta: 5010, paid_fen: 5010 });
  });

  it("another store's member answers 40004 for money calls too", async () => {
    const m = await member();
    const other = await t.as(DEMO.netbar2);
    expect((await topUp(m.id, 100, rid(), other)).status).toBe(40004);
    const tr = await other.post('/api/v1/member_transfer', {
      from_id: m.id,
      to_id: m.id + 1,
      amount_fen: 1,
      request_id: rid(),
    });
    expect(tr.status).toBe(40004);
    expect((await other.get('/api/v1/member_ledger', { member_id: m.id })).status).toBe(40004);
  });
});

describe('member lookup for other domains', () => {
  it('finds a live member by its card number in any letter case, and nothing in another store', async () => {
    const no = `Lk${Date.now().toString().slice(-8)}`;
    const r = await owner.post<MemberRow>('/api/v1/member_save', { card_kind: 2, card_no: no, name: '刷卡' });
    const deps = { db: t.database.db, config: t.config };
    expect((await memberByCard(deps, systemStoreScope(nid), no.toLowerCase()))?.id).toBe(r.data.id);
    const other = (
      await rows<{ id: number }>(t.database.db, sql`select id from netbars where name = '极速网吧'`)
    )[0]!.id;
    expect(await memberByCard(deps, systemStoreScope(other), no)).toBeUndefined();
  });
});
