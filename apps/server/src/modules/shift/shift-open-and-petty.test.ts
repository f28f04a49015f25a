import type { ShiftRow } from '@netbar/contract';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../test/harness.ts';
import { count, rid } from '../../test/kit.ts';
import { currentShift as current, shiftTestApp, tillOf } from './shift-test-kit.ts';

const k = shiftTestApp();
const till = (shiftId: number) => tillOf(k.t.database.db, shiftId);

describe('shift: open and petty cash', () => {
  let shift: ShiftRow;

  it('refuses a negative float and a non-cashier, and writes nothing', async () => {
    const before = await count(k.t, 'shifts');
    const bad = await k.staff.post('/api/v1/shift_open', { float_fen: -100, request_id: rid() });
    expect([bad.status, bad.msg]).toEqual([40000, '备用金须为0-100000元之间的金额']);
    const agent = await (await k.t.as(DEMO.agent)).post('/api/v1/shift_open', {
      float_fen: 0,
      request_id: rid(),
    });
    expect(agent.status).toBe(40003);
    expect(await count(k.t, 'shifts')).toBe(before);
  });

  it('opens a shift with a float once per request_id; a second open shift is refused', async () => {
    const request_id = rid();
    const r = await k.staff.post<{ shift: ShiftRow; replay: boolean }>('/api/v1/shift_open', {
      float_fen: 20000,
      request_id,
    });
    expect([r.status, r.msg, r.data.replay]).toEqual([200, '开班成功', false]);
    shift = r.data.shift;
    expect([shift.cashier_id, shift.float_fen, shift.status, shift.opened_how]).toEqual([
      k.staffId,
      20000,
      'open',
      'counter',
    ]);
    const again = await k.staff.post<{ shift: ShiftRow; replay: boolean }>('/api/v1/shift_open', {
      float_fen: 20000,
      request_id,
    });
    expect([again.status, again.data.replay, again.data.shift.id]).toEqual([200, true, shift.id]);
    const second = await k.staff.post('/api/v1/shift_open', { float_fen: 0, request_id: rid() });
    expect([second.status, second.msg]).toEqual([40009, '您已有未交班的班次']);
  });

  it('books petty cash in and out with a reason; never below an empty drawer', async () => {
    const noReason = await k.staff.post('/api/v1/shift_petty', {
      type: 'expense',
      amount_fen: 500,
      reason: '',
      request_id: rid(),
    });
    expect([noReason.status, noReason.msg]).toEqual([40000, '请填写原因（1-100个字符）']);
    const request_id = rid();
    expect(
      (
        await k.staff.post('/api/v1/shift_petty', {
          type: 'deposit',
          amount_fen: 5000,
          reason: '补零钱',
          request_id,
        })
      ).status,
    ).toBe(200);
    const dup = await k.staff.post<{ replay: boolean }>('/api/v1/shift_petty', {
      type: 'deposit',
      amount_fen: 5000,
      reason: '补零钱',
      request_id,
    });
    expect(dup.data.replay).toBe(true);
    expect(
      (
        await k.staff.post('/api/v1/shift_petty', {
          type: 'expense',
          amount_fen: 3000,
          reason: '买拖把',
          request_id: rid(),
        })
      ).status,
    ).toBe(200);
    const tooMuch = await k.staff.post('/api/v1/shift_petty', {
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
    const cur = await current(k.staff);
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
    const m = await k.owner.post<{ id: number }>('/api/v1/member_save', {
      card_kind: 2,
      card_no: `S${rid()}`.slice(0, 18),
      name: '交班会员',
    });
    expect(m.status, m.msg).toBe(200);
    const top = await k.owner.post('/api/v1/member_topup', {
      member_id: m.data.id,
      amount_fen: 10000,
      pay_method: 'cash',
      request_id: rid(),
    });
    expect(top.status, top.msg).toBe(200);
    const back = await k.owner.post('/api/v1/member_refund', {
      id: m.data.id,
      reason: '不再上网',
      request_id: rid(),
    });
    expect(back.status, back.msg).toBe(200);
    const cur = await current(k.owner);
    expect([cur.shift?.cashier_id, cur.shift?.opened_how, cur.shift?.float_fen]).toEqual([
      k.ownerId,
      'auto',
      0,
    ]);
    expect(await till(cur.shift!.id)).toEqual([
      { kind: 'topup', method: 'cash', amount_fen: 10000 },
      { kind: 'refund', method: 'cash', amount_fen: -10000 },
    ]);
  });
});
