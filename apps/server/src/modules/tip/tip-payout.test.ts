import {
  PERM,
  TIP_MSG,
  type TipListAnswer,
  type TipPayoutResult,
  type TipResult,
  type TipUnpaidRow,
} from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { systemStoreScope } from '../../tenant/index.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf, expectMemberLedgerMatches, rid, xlsxRows } from '../../test/kit.ts';
import { shiftMismatches } from '../shift/index.ts';
import { payout } from './tip.service.ts';
import { expectTipBooksBalance, grant, makeStaff, memberWith, storeId, userId } from './tip-test-kit.ts';

/** 打赏发放 and the record list (decision 148): cash out of a shift through the till, FIFO paid status, who sees what. */

let t: TestApp;
let owner: Client;
let nid = 0;
let lin = 0;
let xiaochen = 0;
let member = { id: 0, name: '' };
const tips: TipResult[] = [];
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  nid = await storeId(t, '星际网咖旗舰店');
  xiaochen = await userId(t, 'demo_netbar_staff');
  lin = await makeStaff(t, nid, '林服务');
  member = await memberWith(owner, 20000);
  for (const [staff_id, amount_fen] of [
    [lin, 1000],
    [lin, 500],
    [xiaochen, 800],
  ] as const) {
    const r = await owner.post<TipResult>('/api/v1/tip_counter', {
      member_id: member.id,
      staff_id,
      amount_fen,
      request_id: rid(),
    });
    expect(r.status, r.msg).toBe(200);
    tips.push(r.data);
  }
});
afterAll(async () => {
  await expectMemberLedgerMatches(t);
  await expectTipBooksBalance(t);
  expect(await shiftMismatches(t.database.db)).toEqual([]);
  await t.close();
});

const pay = (c: Client, b: Record<string, unknown>) =>
  c.post<TipPayoutResult>('/api/v1/tip_payout', { staff_id: lin, request_id: rid(), ...b });
const list = (c: Client, q: Record<string, unknown> = {}) =>
  c.get<TipListAnswer>('/api/v1/tip_list', { page: 1, page_size: 50, ...q });
const linLine = async (c: Client = owner) =>
  (await c.get<TipUnpaidRow[]>('/api/v1/tip_unpaid')).data.find((r) => r.staff_id === lin);
const tillRows = () => countOf(t, 'till_ledger', `remark = '打赏发放' and netbar_id = ${nid}`);

describe('打赏发放', () => {
  it('refuses bad amounts and more than the unpaid tips, writing nothing; another store’s staff is absent', async () => {
    expect(await linLine()).toMatchObject({ tips: 2, tipped_fen: 1500, paid_fen: 0, unpaid_fen: 1500 });
    const before = await tillRows();
    for (const amount_fen of [0, -5, 'x'])
      expect(await pay(owner, { amount_fen })).toMatchObject({ status: 40000, msg: TIP_MSG.payoutAmount });
    const over = await pay(owner, { amount_fen: 1501 });
    expect([over.status, over.msg]).toEqual([40000, `${TIP_MSG.overUnpaid}（未发放15.00元）`]);
    expect(await tillRows()).toBe(before);
    expect(await linLine()).toMatchObject({ unpaid_fen: 1500 });
    // a staff member of another netbar, or nobody the store owes: absent
    const other = await makeStaff(t, await storeId(t, '极速网吧'), '别家员工');
    expect((await pay(owner, { staff_id: other, amount_fen: 100 })).status).toBe(40004);
    expect((await pay(owner, { staff_id: 999999, amount_fen: 100 })).msg).toBe(TIP_MSG.staffNotFound);
  });

  it('pays cash from the caller’s shift as a 支出 「打赏发放」, oldest tips first; a retry applies once', async () => {
    // the owner's shift opened with the member's top-up (its 200 yuan are in the drawer)
    const key = rid();
    const r = await pay(owner, { amount_fen: 1200, request_id: key, remark: '周结' });
    expect(r.status, r.msg).toBe(200);
    expect(r.msg).toBe('发放成功');
    expect(r.data).toMatchObject({
      replay: false,
      unpaid_fen: 300,
      payout: { kind: 'payout', amount_fen: -1200 },
    });
    const till = await rows<{
      kind: string;
      method: string;
      amount_fen: number;
      ref_no: string;
      shift: string;
    }>(
      t.database.db,
      sql`select x.kind, x.method, x.amount_fen::int, x.ref_no, s.status as shift from till_ledger x join shifts s on s.id = x.shift_id
          where x.request_id = ${key}`,
    );
    expect(till).toEqual([
      { kind: 'petty_out', method: 'cash', amount_fen: -1200, ref_no: r.data.payout.ref_no, shift: 'open' },
    ]);
    const cur = await owner.get<{ figures: { cash_out_fen: number } }>('/api/v1/shift_current');
    expect(cur.data.figures.cash_out_fen).toBeGreaterThanOrEqual(1200);
    const again = await pay(owner, { amount_fen: 1200, request_id: key, remark: '周结' });
    expect(again.data).toMatchObject({ replay: true, payout: { id: r.data.payout.id } });
    expect(again.msg).toBe('该发放已处理');
    expect(await countOf(t, 'till_ledger', `request_id = '${key}'`)).toBe(1);
    expect(await linLine()).toMatchObject({ tipped_fen: 1500, paid_fen: 1200, unpaid_fen: 300 });

    // 10 yuan then 5 yuan tipped, 12 yuan paid: the first is paid, the second partly (2 of 5)
    const mine = await list(owner, { staff_id: lin });
    const byId = new Map(mine.data.list.map((x) => [x.id, x]));
    expect(byId.get(tips[0]!.tip.id)).toMatchObject({ paid_status: 'paid', paid_fen: 1000 });
    expect(byId.get(tips[1]!.tip.id)).toMatchObject({ paid_status: 'partial', paid_fen: 200 });
    expect(mine.data.totals).toEqual({ amount_fen: 1500, paid_fen: 1200 });
    expect((await list(owner, { staff_id: lin, paid: 'partial' })).data.list.map((x) => x.id)).toEqual([
      tips[1]!.tip.id,
    ]);
    expect((await list(owner, { staff_id: lin, paid: 'unpaid' })).data.count).toBe(0);
    const payouts = await list(owner, { staff_id: lin, kind: 'payout' });
    expect(payouts.data.list).toEqual([
      expect.objectContaining({ amount_fen: -1200, remark: '周结', shift_no: expect.any(String) }),
    ]);
  });

  it('filters by member, source and day, and exports the rows with the screen’s 合计', async () => {
    const q = { member: member.name, source: 'counter' };
    const screen = await list(owner, q);
    expect(screen.data.count).toBe(3);
    expect(screen.data.totals.amount_fen).toBe(2300);
    expect((await list(owner, { ...q, source: 'terminal' })).data.count).toBe(0);
    expect((await list(owner, { ...q, start: '2020-01-01', end: '2020-01-31' })).data.count).toBe(0);
    const bad = await list(owner, { start: '2026-02-30' });
    expect([bad.status, bad.msg]).toEqual([40000, '日期不存在或格式不正确（YYYY-MM-DD）']);
    expect((await list(owner, { paid: 'x' })).msg).toBe('发放状态不正确');
    const { rows: sheet } = await xlsxRows(
      owner,
      `/api/v1/tip_export?member=${encodeURIComponent(member.name)}&source=counter`,
    );
    expect(sheet[0]).toContain('发放状态');
    expect(sheet).toHaveLength(1 + 3 + 1);
    const total = sheet[sheet.length - 1]!;
    expect(total.slice(0, 2)).toEqual(['合计', '3条']);
    expect(total[7]).toBe(23);
    expect(total[8]).toBe(screen.data.totals.paid_fen / 100);
  });
});

describe('who sees and pays tips', () => {
  it('a staff member with 274 sees only their own; with 2741 they pay out from their own shift; others are refused', async () => {
    const bare = await t.as(DEMO.netbarStaff);
    expect((await list(bare)).status).toBe(40003);
    expect((await pay(bare, { amount_fen: 100 })).status).toBe(40003);
    await grant(t, xiaochen, PERM.REWARD_RECORD);
    const cashier = await t.as(DEMO.netbarStaff);
    const own = await list(cashier, { page_size: 1000 });
    expect(own.status, own.msg).toBe(200);
    expect(own.data.count).toBeGreaterThan(0);
    expect(own.data.list.every((x) => x.staff_id === xiaochen)).toBe(true);
    // naming another staff member does not widen it
    expect((await list(cashier, { staff_id: lin })).data.count).toBe(0);
    expect((await cashier.get<TipUnpaidRow[]>('/api/v1/tip_unpaid')).data.map((r) => r.staff_id)).toEqual([
      xiaochen,
    ]);
    expect((await pay(cashier, { amount_fen: 100 })).status).toBe(40003);

    await grant(t, xiaochen, PERM.REWARD_PAYOUT);
    const payer = await t.as(DEMO.netbarStaff);
    expect(await linLine(payer)).toMatchObject({ unpaid_fen: 300 });
    // no shift of theirs is open: one would open with no float, and no cash leaves an empty drawer
    const before = await tillRows();
    const short = await pay(payer, { amount_fen: 100 });
    expect([short.status, short.msg]).toEqual([40000, TIP_MSG.drawerShort]);
    expect(await tillRows()).toBe(before);
    expect((await payer.post('/api/v1/shift_open', { float_fen: 10000, request_id: rid() })).status).toBe(
      200,
    );
    const r = await pay(payer, { amount_fen: 300 });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.payout.user_name).toBe('小陈');
    expect(await linLine()).toMatchObject({ unpaid_fen: 0, paid_fen: 1500 });

    // another netbar sees none of these, and an agent is refused
    const owner2 = await t.as(DEMO.netbar2);
    expect((await list(owner2, { member: member.name })).data.count).toBe(0);
    expect((await owner2.get<TipUnpaidRow[]>('/api/v1/tip_unpaid')).data).toEqual([]);
    expect((await list(await t.as(DEMO.agent))).status).toBe(40003);
  });

  it('10 concurrent payouts of 1 元 on 3 元 unpaid: 3 are paid, 7 refused, the books balance', async () => {
    const s = systemStoreScope(nid);
    const actor = { id: await userId(t, 'demo_netbar'), name: '并发发放' };
    for (let i = 0; i < 3; i++)
      expect(
        (
          await owner.post('/api/v1/tip_counter', {
            member_id: member.id,
            staff_id: lin,
            amount_fen: 100,
            request_id: rid(),
          })
        ).status,
      ).toBe(200);
    const res = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        payout(t.database.db, s, actor, { staff_id: lin, amount_fen: 100, request_id: rid() }),
      ),
    );
    expect(res.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(await linLine()).toMatchObject({ unpaid_fen: 0 });
  });
});
