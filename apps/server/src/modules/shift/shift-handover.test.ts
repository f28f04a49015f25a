import type { ShiftRow } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { DEMO } from '../../test/harness.ts';
import { count, rid } from '../../test/kit.ts';
import {
  counts,
  currentShift as current,
  handOver as hand,
  insertOrder,
  shiftTestApp,
} from './shift-test-kit.ts';

const k = shiftTestApp();
const order = (shiftId: number, status: string) => insertOrder(k.t.database.db, k, shiftId, status);

describe('shift: handover', () => {
  let shift: ShiftRow;

  /** Where shift-open-and-petty.test.ts leaves the counter: 小陈's shift, float ¥200, petty cash +¥50 and −¥30 (¥220 expected), 张老板's own shift open. */
  beforeAll(async () => {
    const open = await k.staff.post<{ shift: ShiftRow }>('/api/v1/shift_open', {
      float_fen: 20000,
      request_id: rid(),
    });
    expect(open.status, open.msg).toBe(200);
    shift = open.data.shift;
    for (const [type, amount_fen, reason] of [
      ['deposit', 5000, '补零钱'],
      ['expense', 3000, '买拖把'],
    ] as const) {
      const p = await k.staff.post('/api/v1/shift_petty', { type, amount_fen, reason, request_id: rid() });
      expect(p.status, p.msg).toBe(200);
    }
    const own = await k.owner.post('/api/v1/shift_open', { float_fen: 0, request_id: rid() });
    expect(own.status, own.msg).toBe(200);
  });

  it('refuses bad counts, a missing over/short reason, the shift of someone else and another store, writing nothing', async () => {
    const before = await count(k.t, 'shifts');
    const neg = await hand(k.staff, { id: shift.id, counts: counts([10000, -1]) });
    expect([neg.status, neg.msg]).toEqual([40000, '点钞张数须为0-100000的整数，不能为负数']);
    const short = await hand(k.staff, { id: shift.id, counts: counts([10000, 2], [1000, 1], [500, 1]) });
    expect([short.status, short.msg]).toEqual([40000, '短款5.00元，请填写原因']);
    const leftTooMuch = await hand(k.staff, {
      id: shift.id,
      counts: counts([10000, 1]),
      reason: '少了',
      float_left_fen: 20000,
    });
    expect([leftTooMuch.status, leftTooMuch.msg]).toEqual([40000, '留存备用金不能超过清点的现金']);
    const other = await hand(k.owner, { id: shift.id, counts: counts([10000, 2], [1000, 2]) });
    expect([other.status, other.msg]).toEqual([40003, '不能交接他人的班次']);
    const foreign = await hand(await k.t.as(DEMO.netbar2), {
      id: shift.id,
      counts: counts([10000, 2], [1000, 2]),
    });
    expect([foreign.status, foreign.msg]).toEqual([40004, '班次不存在']);
    const busy = await hand(k.staff, {
      id: shift.id,
      counts: counts([10000, 2], [1000, 2]),
      next_cashier_id: k.ownerId,
    });
    expect([busy.status, busy.msg]).toEqual([40009, '接班人张老板已有未交班的班次，请先交班']);
    const nobody = await hand(k.staff, {
      id: shift.id,
      counts: counts([10000, 2], [1000, 2]),
      next_cashier_id: 999999,
    });
    expect(nobody.status).toBe(40000);
    expect((await current(k.staff)).shift?.status).toBe('open');
    expect(await count(k.t, 'shifts')).toBe(before);
  });

  it('refuses while an order is unpaid or preparing unless carried over to the next shift', async () => {
    const unpaid = await order(shift.id, 'unpaid');
    const preparing = await order(shift.id, 'preparing');
    await order(shift.id, 'done');
    expect((await current(k.staff)).open_orders).toBe(2);
    const body = { id: shift.id, counts: counts([10000, 2], [1000, 1], [500, 1]), reason: '找零多找了5元' };
    const refused = await hand(k.staff, body);
    expect([refused.status, refused.msg]).toEqual([
      40009,
      '本班次还有2笔待支付或制作中的订单，请先处理或结转到下一班次',
    ]);
    const noReceiver = await hand(k.staff, { ...body, carry_orders: 1 });
    expect([noReceiver.status, noReceiver.msg]).toEqual([40000, '结转订单须选择接班人']);

    const request_id = rid();
    const r = await hand(k.staff, {
      ...body,
      carry_orders: 1,
      next_cashier_id: k.staffId,
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
      cashier_id: k.staffId,
      float_fen: 10000,
      opened_how: 'handover',
      prev_shift_id: shift.id,
    });
    const moved = await rows<{ id: number; shift_id: number }>(
      k.t.database.db,
      sql`select id::int as id, shift_id::int as shift_id from orders where id in (${unpaid}, ${preparing})`,
    );
    expect(moved.map((o) => o.shift_id)).toEqual([r.data.next_shift!.id, r.data.next_shift!.id]);

    const before = await count(k.t, 'shifts');
    const again = await hand(k.staff, {
      ...body,
      carry_orders: 1,
      next_cashier_id: k.staffId,
      float_left_fen: 10000,
      request_id,
    });
    expect([again.status, again.msg, again.data.replay, again.data.next_shift?.id]).toEqual([
      200,
      '该班次已交班',
      true,
      r.data.next_shift!.id,
    ]);
    expect(await count(k.t, 'shifts')).toBe(before);
    const closedAgain = await hand(k.staff, { ...body, carry_orders: 1 });
    expect([closedAgain.status, closedAgain.msg]).toEqual([40009, '该班次已交班']);
    shift = r.data.next_shift!;
  });

  it('an over/short waits for the owner when the store says so; staff cannot approve', async () => {
    const s = await k.owner.post('/api/v1/shift_settings_save', {
      auto_times: '[]',
      count_required: 0,
      approval: 'owner',
    });
    expect(s.status, s.msg).toBe(200);
    // the carried orders are settled in the new shift
    await rows(
      k.t.database.db,
      sql`update orders set status = 'cancelled', cancelled_at = now(), paid_at = null, paid_fen = 0
          where shift_id = ${shift.id} and status in ('unpaid', 'preparing')`,
    );
    const r = await hand(k.staff, {
      id: shift.id,
      counts: counts([10000, 1], [100, 2]),
      reason: '顾客多给2元',
      next_cashier_id: k.staffId,
      float_left_fen: 10000,
    });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.shift).toMatchObject({ over_short_fen: 200, approval_status: 'pending' });
    const byStaff = await k.staff.post('/api/v1/shift_approve', { id: shift.id, approve: 1 });
    expect(byStaff.status).toBe(40003);
    const foreign = await (await k.t.as(DEMO.netbar2)).post('/api/v1/shift_approve', {
      id: shift.id,
      approve: 1,
    });
    expect(foreign.status).toBe(40004);
    const ok = await k.owner.post<ShiftRow>('/api/v1/shift_approve', {
      id: shift.id,
      approve: 1,
      remark: '已核实',
    });
    expect([ok.status, ok.data.approval_status, ok.data.approved_by]).toEqual([200, 'approved', '张老板']);
    const twice = await k.owner.post('/api/v1/shift_approve', { id: shift.id, approve: 0 });
    expect([twice.status, twice.msg]).toEqual([40009, '该班次没有待审批的长短款']);
    // a balanced count needs no reason and no approval
    const next = r.data.next_shift!;
    const even = await hand(k.staff, { id: next.id, counts: counts([10000, 1]), float_left_fen: 10000 });
    expect(even.data.shift).toMatchObject({ over_short_fen: 0, approval_status: '', next_shift_id: null });
    expect((await current(k.staff)).shift).toBeNull();
  });
});
