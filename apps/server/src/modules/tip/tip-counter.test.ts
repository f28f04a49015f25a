import { type MemberRow, PERM, TIP_MSG, type TipResult } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { BizError } from '../../lib/errors.ts';
import { systemStoreScope } from '../../tenant/index.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf, expectMemberLedgerMatches, rid, staffWithout } from '../../test/kit.ts';
import { tipAtCounter } from './tip.service.ts';
import { expectTipBooksBalance, makeStaff, memberWith, storeId, userId } from './tip-test-kit.ts';

/** 打赏 at the counter (decision 148): 本金 only, one transaction, once per request_id, refusals write nothing. */

let t: TestApp;
let owner: Client;
let cashier: Client;
let nid = 0;
let xiaochen = 0;
beforeAll(async () => {
  t = await createTestApp();
  [owner, cashier] = await Promise.all([t.as(DEMO.netbar), t.as(DEMO.netbarStaff)]);
  nid = await storeId(t, '星际网咖旗舰店');
  xiaochen = await userId(t, 'demo_netbar_staff');
});
afterAll(async () => {
  await expectMemberLedgerMatches(t);
  await expectTipBooksBalance(t);
  await t.close();
});

const tip = (c: Client, b: Record<string, unknown>) =>
  c.post<TipResult>('/api/v1/tip_counter', { staff_id: xiaochen, request_id: rid(), ...b });
const member = async (id: number) => (await owner.get<MemberRow>('/api/v1/member_detail', { id })).data;
const tipRows = (memberId: number) => countOf(t, 'tip_ledger', `member_id = ${memberId}`);

describe('a tip at the counter', () => {
  it('takes 本金 only (never 奖励), credits the staff member, and applies a retry once', async () => {
    const m = await memberWith(owner, 10000);
    expect(m.bonus_fen).toBeGreaterThan(0);
    const key = rid();
    const r = await tip(cashier, { member_id: m.id, amount_fen: 1000, request_id: key, remark: '服务好' });
    expect(r.status, r.msg).toBe(200);
    expect(r.msg).toBe('打赏成功');
    expect(r.data).toMatchObject({ replay: false, principal_after: 9000 });
    expect(r.data.tip).toMatchObject({
      kind: 'tip',
      source: 'counter',
      staff_id: xiaochen,
      member_id: m.id,
      amount_fen: 1000,
      paid_fen: 0,
      paid_status: 'unpaid',
      user_name: '小陈',
      remark: '服务好',
    });
    const after = await member(m.id);
    expect([after.principal_fen, after.bonus_fen]).toEqual([9000, m.bonus_fen]);
    const led = await rows<{ kind: string; principal_delta: number; bonus_delta: number; remark: string }>(
      t.database.db,
      sql`select kind, principal_delta::int, bonus_delta::int, remark from member_ledger where member_id = ${m.id} and kind = 'tip'`,
    );
    expect(led).toEqual([
      { kind: 'tip', principal_delta: -1000, bonus_delta: 0, remark: '打赏小陈：服务好' },
    ]);

    const again = await tip(cashier, {
      member_id: m.id,
      amount_fen: 1000,
      request_id: key,
      remark: '服务好',
    });
    expect(again.status, again.msg).toBe(200);
    expect(again.msg).toBe('该打赏已处理');
    expect(again.data).toMatchObject({ replay: true, principal_after: 9000, tip: { id: r.data.tip.id } });
    expect((await member(m.id)).principal_fen).toBe(9000);
    expect(await tipRows(m.id)).toBe(1);
    // the same request id for another tip is refused, not applied
    const other = await tip(cashier, { member_id: m.id, amount_fen: 500, request_id: key });
    expect([other.status, other.msg]).toEqual([40009, TIP_MSG.requestUsed]);
  });

  it('refuses more than the 本金 even when 奖励 would cover it, and writes nothing', async () => {
    const m = await memberWith(owner, 5000);
    expect(m.principal_fen + m.bonus_fen).toBeGreaterThan(5000);
    const r = await tip(owner, { member_id: m.id, amount_fen: 5001 });
    expect(r.status).toBe(40000);
    expect(r.msg).toBe('本金余额不足：当前50.00元');
    expect(await tipRows(m.id)).toBe(0);
    expect((await member(m.id)).principal_fen).toBe(5000);
    expect((await tip(owner, { member_id: m.id, amount_fen: 5000 })).status).toBe(200);
    expect((await member(m.id)).principal_fen).toBe(0);
  });

  it('refuses bad amounts, a missing staff member and a disabled one with a Chinese message', async () => {
    const m = await memberWith(owner, 3000);
    for (const amount_fen of [0, -100, 1.5, 'abc', 100_001])
      expect(await tip(owner, { member_id: m.id, amount_fen })).toMatchObject({
        status: 40000,
        msg: TIP_MSG.amount,
      });
    expect((await tip(owner, { member_id: m.id, amount_fen: 100, staff_id: '' })).msg).toBe(TIP_MSG.staff);
    expect((await tip(owner, { member_id: m.id, amount_fen: 100, request_id: 'x' })).status).toBe(40000);
    const gone = await makeStaff(t, nid, '离职员工', 0);
    expect(await tip(owner, { member_id: m.id, amount_fen: 100, staff_id: gone })).toMatchObject({
      status: 40000,
      msg: TIP_MSG.staffDisabled,
    });
    // the owner is not staff; a member card that is not 正常 is refused by the member ledger
    expect(
      (await tip(owner, { member_id: m.id, amount_fen: 100, staff_id: await userId(t, 'demo_netbar') }))
        .status,
    ).toBe(40004);
    await rows(t.database.db, sql`update members set status = 2 where id = ${m.id}`);
    const lost = await tip(owner, { member_id: m.id, amount_fen: 100 });
    expect([lost.status, lost.msg]).toEqual([40000, '会员卡状态为挂失，不能办理此业务']);
    expect(await tipRows(m.id)).toBe(0);
    expect((await member(m.id)).principal_fen).toBe(3000);
  });

  it("answers another store's staff and members as absent, and refuses callers without the counter", async () => {
    const owner2 = await t.as(DEMO.netbar2);
    const nid2 = await storeId(t, '极速网吧');
    const theirs = await makeStaff(t, nid2, '别家员工');
    const mine = await memberWith(owner, 2000);
    const r = await tip(owner, { member_id: mine.id, amount_fen: 100, staff_id: theirs });
    expect([r.status, r.msg]).toEqual([40004, TIP_MSG.staffNotFound]);
    // 极速网吧 names our staff and our member: both absent there
    expect((await tip(owner2, { member_id: mine.id, amount_fen: 100 })).msg).toBe(TIP_MSG.staffNotFound);
    const r2 = await tip(owner2, { member_id: mine.id, amount_fen: 100, staff_id: theirs });
    expect([r2.status, r2.msg]).toEqual([40004, '会员不存在']);
    expect(await tipRows(mine.id)).toBe(0);
    // wrong user type, and a cashier without the counter's grants
    const agent = await t.as(DEMO.agent);
    expect((await tip(agent, { member_id: mine.id, amount_fen: 100 })).status).toBe(40003);
    const bare = await staffWithout(t, PERM.ORDER_LIST, PERM.CASHIER);
    expect((await tip(bare, { member_id: mine.id, amount_fen: 100 })).status).toBe(40003);
    expect((await bare.get('/api/v1/tip_staff')).status).toBe(40003);
    const staff = await owner.get<{ id: number; name: string }[]>('/api/v1/tip_staff');
    expect(staff.data.map((s) => s.id)).toContain(xiaochen);
    expect(staff.data.map((s) => s.id)).not.toContain(theirs);
  });
});

describe('tips under concurrency', () => {
  it('50 concurrent tips of 1 元 on 20 元 of 本金: 20 pass, 30 are refused, ledgers match', async () => {
    const m = await memberWith(owner, 2000);
    const s = systemStoreScope(nid);
    const actor = { id: 0, name: '并发测试' };
    const res = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        tipAtCounter(t.database.db, s, actor, {
          member_id: m.id,
          staff_id: xiaochen,
          amount_fen: 100,
          request_id: rid(),
        }),
      ),
    );
    const ok = res.filter((r) => r.status === 'fulfilled').length;
    const short = res.filter(
      (r) =>
        r.status === 'rejected' &&
        r.reason instanceof BizError &&
        r.reason.message.startsWith('本金余额不足'),
    ).length;
    expect([ok, short]).toEqual([20, 30]);
    expect((await member(m.id)).principal_fen).toBe(0);
    expect(await tipRows(m.id)).toBe(20);
    // the same request fired 10 times at once lands once
    const m2 = await memberWith(owner, 1000);
    const key = rid();
    const dup = await Promise.all(
      Array.from({ length: 10 }, () =>
        tipAtCounter(t.database.db, s, actor, {
          member_id: m2.id,
          staff_id: xiaochen,
          amount_fen: 300,
          request_id: key,
        }),
      ),
    );
    expect(new Set(dup.map((d) => d.tip.id)).size).toBe(1);
    expect(dup.filter((d) => !d.replay)).toHaveLength(1);
    expect((await member(m2.id)).principal_fen).toBe(700);
  }, 60_000);
});
