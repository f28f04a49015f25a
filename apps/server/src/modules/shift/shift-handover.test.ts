import type { ShiftCurrent, ShiftHandoverResult, ShiftRow } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count, expectMemberLedgerMatches, rid } from '../../test/kit.ts';
import { shiftMismatches } from './index.ts';

let t: TestApp;
let owner: Client;
let staff: Client;
let nid: number;
let staffId: number;
let ownerId: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  staff = await t.as(DEMO.netbarStaff);
  const q = (name: string) =>
    rows<{ id: number }>(t.database.db, sql`select id from users where user_name = ${name}`);
  staffId = (await q('demo_netbar_staff'))[0]!.id;
  ownerId = (await q('demo_netbar'))[0]!.id;
  nid = (
    await rows<{ id: number }>(t.database.db, sql`select id from netbars where name = '星际网咖旗舰店'`)
  )[0]!.id;
});
afterAll(async () => {
  expect(await shiftMismatches(t.database.db)).toEqual([]);
  await expectMemberLedgerMatches(t);
  await t.close();
});

const current = async (c: Client) => (await c.get<ShiftCurrent>('/api/v1/shift_current')).data;
const counts = (...l: [number, number][]) =>
  JSON.stringify(l.map(([face_fen, n]) => ({ face_fen, count: n })));
const hand = (c: Client, body: Record<string, unknown>) =>
  c.post<ShiftHandoverResult & { replay: boolean }>('/api/v1/shift_handover', {
    request_id: rid(),
    float_left_fen: 0,
    ...body,
  });
const till = (shiftId: number) =>
  rows<{ kind: string; method: string; amount_fen: number }>(
    t.database.db,
    sql`select kind, method, amount_fen::int as amount_fen from till_ledger where shift_id = ${shiftId} order by id`,
  );
async function order(shiftId: number, status: string) {
  const paid = status === 'unpaid' ? sql`null` : sql`now()`;
  const r = await rows<{ id: number }>(
    t.database.db,
    sql`insert into orders (netbar_id, order_no, shift_id, cashier_id, total_fen, status, paid_at, paid_fen, request_id)
        values (${nid}, ${`T${rid()}`}, ${shiftId}, ${staffId}, 1000, ${status}, ${paid},
                ${status === 'unpaid' ? 0 : 1000}, ${rid()}) returning id::int as id`,
  );
  return r[0]!.id;
}

describe('shift: open, petty cash, handover', () => {
  let shift: ShiftRow;

  it('refuses a negative float and a non-cashier, and writes nothing', async () => {
    const before = await count(t, 'shifts');
    const bad = await staff.post('/api/v1/shift_open', { float_fen: -100, request_id: rid() });
    expect([bad.status, bad.msg]).toEqual([40000, '备用金须为0-100000元之间的金额']);
    const agent = await (await t.as(DEMO.agent)).post('/api/v1/shift_open', {
      float_fen: 0,
      request_id: rid(),
    });
    expect(agent.status).toBe(40003);
    expect(await count(t, 'shifts')).toBe(before);
  });

  it('opens a shift with a float once per request_id; a second open shift is refused', async () => {
    const request_id = rid();
    const r = await staff.post<{ shift: ShiftRow; replay: boolean }>('/api/v1/shift_open', {
      float_fen: 20000,
      request_id,
    });
    expect([r.status, r.msg, r.data.replay]).toEqual([200, '开班成功', false]);
    shift = r.data.shift;
    expect([shift.cashier_id, shift.float_fen, shift.status, shift.opened_how]).toEqual([
      staffId,
      20000,
      'open',
      'counter',
    ]);
    const again = await staff.post<{ shift: ShiftRow; replay: boolean }>('/api/v1/shift_open', {
      float_fen: 20000,
      request_id,
    });
    expect([again.status, again.data.replay, again.data.shift.id]).toEqual([200, true, shift.id]);
    const second = await staff.post('/api/v1/shift_open', { float_fen: 0, request_id: rid() });
    expect([second.status, second.msg]).toEqual([40009, '您已有未交班的班次']);
  });

  it('books petty cash in and out with a reason; never below an empty drawer', async () => {
    const noReason = await staff.post('/api/v1/shift_petty', {
      type: 'expense',
      amount_fen: 500,
      reason: '',
      request_id: rid(),
    });
    expect([noReason.status, noReason.msg]).toEqual([40000, '请填写原因（1-100个字符）']);
    const request_id = rid();
    expect(
      (
        await staff.post('/api/v1/shift_petty', {
          type: 'deposit',
          amount_fen: 5000,
          reason: '补零钱',
          request_id,
        })
      ).status,
    ).toBe(200);
    const dup = await staff.post<{ replay: boolean }>('/api/v1/shift_petty', {
      type: 'deposit',
      amount_fen: 5000,
      reason: '补零钱',
      request_id,
    });
    expect(dup.data.replay).toBe(true);
    expect(
      (
        await staff.post('/api/v1/shift_petty', {
          type: 'expense',
          amount_fen: 3000,
          reason: '买拖把',
          request_id: rid(),
        })
      ).status,
    ).toBe(200);
    const tooMuch = await staff.post('/api/v1/shift_petty', {
      type: 'withdraw',
      amount_fen: 30000,
      reason: '存银行',
      request_id: rid(),
    });
    expect([tooMuch.status, tooMuch.msg]).toEqual([40000, '钱箱现金不足，不能取出']);
    expect(await till(shift.id)).toEqual([
      { kind: 'petty_in', method: 'cash', amount_fen: 5000 },
      { kind: 'petty_out', method: 'cash', amount_fen: -3000 },
    ]);
    const cur = await current(staff);
    expect(cur.figures).toMatchObject({
      float_fen: 20000,
      cash_in_fen: 5000,
      cash_out_fen: 3000,
      expected_cash_fen: 22000,
    });
    expect(cur.figures?.by_kind).toMatchObject({ petty_in: 5000, petty_out: -3000, sale: 0 });
    expect((cur.recent ?? []).map((m) => [m.kind, m.amount_fen, m.remark])).toEqual([
      ['petty_out', -3000, '买拖把'],
      ['petty_in', 5000, '补零钱'],
    ]);
  });

  it('a top-up and a 退卡 at the counter land in the own shift of the owner (opened with no float)', async () => {
    const m = await owner.post<{ id: number }>('/api/v1/member_save', {
      card_kind: 2,
      card_no: `S${rid()}`.slice(0, 18),
      name: '交班会员',
    });
    expect(m.status, m.msg).toBe(200);
    const top = await owner.post('/api/v1/member_topup', {
      member_id: m.data.id,
      amount_fen: 10000,
      pay_method: 'cash',
      request_id: rid(),
    });
    expect(top.status, top.msg).toBe(200);
    const back = await owner.post('/api/v1/member_refund', {
      id: m.data.id,
      reason: '不再上网',
      request_id: rid(),
    });
    expect(back.status, back.msg).toBe(200);
    const cur = await current(owner);
    expect([cur.shift?.cashier_id, cur.shift?.opened_how, cur.shift?.float_fen]).toEqual([
      ownerId,
      'auto',
      0,
    ]);
    expect(await till(cur.shift!.id)).toEqual([
      { kind: 'topup', method: 'cash', amount_fen: 10000 },
      { kind: 'refund', method: 'cash', amount_fen: -10000 },
    ]);
  });

  it('refuses bad counts, a missing over/short reason, the shift of someone else and another store, writing nothing', async () => {
    const before = await count(t, 'shifts');
    const neg = await hand(staff, { id: shift.id, counts: counts([10000, -1]) });
    expect([neg.status, neg.msg]).toEqual([40000, '点钞张数须为0-100000的整数，不能为负数']);
    const short = await hand(staff, { id: shift.id, counts: counts([10000, 2], [1000, 1], [500, 1]) });
    expect([short.status, short.msg]).toEqual([40000, '短款5.00元，请填写原因']);
    const leftTooMuch = await hand(staff, {
      id: shift.id,
      counts: counts([10000, 1]),
      reason: '少了',
      float_left_fen: 20000,
    });
    expect([leftTooMuch.status, leftTooMuch.msg]).toEqual([40000, '留存备用金不能超过清点的现金']);
    const other = await hand(owner, { id: shift.id, counts: counts([10000, 2], [1000, 2]) });
    expect([other.status, other.msg]).toEqual([40003, '不能交接他人的班次']);
    const foreign = await hand(await t.as(DEMO.netbar2), {
      id: shift.id,
      counts: counts([10000, 2], [1000, 2]),
    });
    expect([foreign.status, foreign.msg]).toEqual([40004, '班次不存在']);
    const busy = await hand(staff, {
      id: shift.id,
      counts: counts([10000, 2], [1000, 2]),
      next_cashier_id: ownerId,
    });
    expect([busy.status, busy.msg]).toEqual([40009, '接班人张老板已有未交班的班次，请先交班']);
    const nobody = await hand(staff, {
      id: shift.id,
      counts: counts([10000, 2], [1000, 2]),
      next_cashier_id: 999999,
    });
    expect(nobody.status).toBe(40000);
    expect((await current(staff)).shift?.status).toBe('open');
    expect(await count(t, 'shifts')).toBe(before);
  });

  it('refuses while an order is unpaid or preparing unless carried over to the next shift', async () => {
    const unpaid = await order(shift.id, 'unpaid');
    const preparing = await order(shift.id, 'preparing');
    await order(shift.id, 'done');
    expect((await current(staff)).open_orders).toBe(2);
    const body = { id: shift.id, counts: counts([10000, 2], [1000, 1], [500, 1]), reason: '找零多找了5元' };
    const refused = await hand(staff, body);
    expect([refused.status, refused.msg]).toEqual([
      40009,
      '本班次还有2笔待支付或制作中的订单，请先处理或结转到下一班次',
    ]);
    const noReceiver = await hand(staff, { ...body, carry_orders: 1 });
    expect([noReceiver.status, noReceiver.msg]).toEqual([40000, '结转订单须选择接班人']);

    const request_id = rid();
    const r = await hand(staff, {
      ...body,
      carry_orders: 1,
      next_cashier_id: staffId,
      float_left_fen: 10000,
      request_id,
    });
    expect([r.status, r.msg], r.msg).toEqual([200, '交班成功']);
    expect(r.data.shift).toMatchObject({
      status: 'closed',
      closed_how: 'counter',
      expected_cash_fen: 22000,
      counted_cash_fen: 21500,
      over_short_fen: -500,
      over_short_reason: '找零多找了5元',
      float_left_fen: 10000,
      carried_orders: 2,
      approval_status: '',
      next_shift_id: r.data.next_shift!.id,
    });
    expect(r.data.next_shift).toMatchObject({
      cashier_id: staffId,
      float_fen: 10000,
      opened_how: 'handover',
      prev_shift_id: shift.id,
    });
    const moved = await rows<{ id: number; shift_id: number }>(
      t.database.db,
      sql`select id::int as id, shift_id::int as shift_id from orders where id in (${unpaid}, ${preparing})`,
    );
    expect(moved.map((o) => o.shift_id)).toEqual([r.data.next_shift!.id, r.data.next_shift!.id]);

    const before = await count(t, 'shifts');
    const again = await hand(staff, {
      ...body,
      carry_orders: 1,
      next_cashier_id: staffId,
      float_left_fen: 10000,
      request_id,
    });
    expect([again.status, again.msg, again.data.replay, again.data.next_shift?.id]).toEqual([
      200,
      '该班次已交班',
      true,
      r.data.next_shift!.id,
    ]);
    expect(await count(t, 'shifts')).toBe(before);
    const closedAgain = await hand(staff, { ...body, carry_orders: 1 });
    expect([closedAgain.status, closedAgain.msg]).toEqual([40009, '该班次已交班']);
    shift = r.data.next_shift!;
  });

  it('an over/short waits for the owner when the store says so; staff cannot approve', async () => {
    const s = await owner.post('/api/v1/shift_settings_save', {
      auto_times: '[]',
      count_required: 0,
      approval: 'owner',
    });
    expect(s.status, s.msg).toBe(200);
    // the carried orders are settled in the new shift
    await rows(
      t.database.db,
      sql`update orders set status = 'cancelled', cancelled_at = now(), paid_at = null, paid_fen = 0
          where shift_id = ${shift.id} and status in ('unpaid', 'preparing')`,
    );
    const r = await hand(staff, {
      id: shift.id,
      counts: counts([10000, 1], [100, 2]),
      reason: '顾客多给2元',
      next_cashier_id: staffId,
      float_left_fen: 10000,
    });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.shift).toMatchObject({ over_short_fen: 200, approval_status: 'pending' });
    const byStaff = await staff.post('/api/v1/shift_approve', { id: shift.id, approve: 1 });
    expect(byStaff.status).toBe(40003);
    const foreign = await (await t.as(DEMO.netbar2)).post('/api/v1/shift_approve', {
      id: shift.id,
      approve: 1,
    });
    expect(foreign.status).toBe(40004);
    const ok = await owner.post<ShiftRow>('/api/v1/shift_approve', {
      id: shift.id,
      approve: 1,
      remark: '已核实',
    });
    expect([ok.status, ok.data.approval_status, ok.data.approved_by]).toEqual([200, 'approved', '张老板']);
    const twice = await owner.post('/api/v1/shift_approve', { id: shift.id, approve: 0 });
    expect([twice.status, twice.msg]).toEqual([40009, '该班次没有待审批的长短款']);
    // a balanced count needs no reason and no approval
    const next = r.data.next_shift!;
    const even = await hand(staff, { id: next.id, counts: counts([10000, 1]), float_left_fen: 10000 });
    expect(even.data.shift).toMatchObject({ over_short_fen: 0, approval_status: '', next_shift_id: null });
    expect((await current(staff)).shift).toBeNull();
  });
});
