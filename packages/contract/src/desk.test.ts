import { describe, expect, it } from 'vitest';
import { billedMinutes, deskBill, deskBookingBody, deskSaveBody } from './index';

const bill = (minutes: number, hourly_fen: number, min_spend_fen = 0, goods_fen = 0) =>
  deskBill({ minutes, hourly_fen, min_spend_fen, goods_fen });

describe('the desk bill (decision 130)', () => {
  it('charges minutes × rate / 60, rounded up to the fen', () => {
    expect(bill(60, 5000).time_fee_fen).toBe(5000);
    expect(bill(90, 5000).time_fee_fen).toBe(7500);
    expect(bill(1, 5000).time_fee_fen).toBe(84); // 83.33 → 84
    expect(bill(7, 1999).time_fee_fen).toBe(234); // 233.22 → 234
    expect(bill(0, 5000).total_fen).toBe(0);
  });

  it('tops up to the minimum spend, counting goods towards it', () => {
    expect(bill(60, 2000, 10000, 3000)).toMatchObject({
      time_fee_fen: 2000,
      min_topup_fen: 5000,
      desk_fee_fen: 7000,
      total_fen: 10000,
    });
    expect(bill(60, 2000, 10000, 9000)).toMatchObject({ min_topup_fen: 0, total_fen: 11000 });
    expect(bill(30, 0, 20000, 0)).toMatchObject({ time_fee_fen: 0, min_topup_fen: 20000, total_fen: 20000 });
  });

  it('counts a started minute', () => {
    expect(billedMinutes(0, 60_000)).toBe(1);
    expect(billedMinutes(0, 60_001)).toBe(2);
    expect(billedMinutes(0, 0)).toBe(0);
    expect(billedMinutes(10, 0)).toBe(0);
  });
});

const booking = {
  request_id: 'req-12345678',
  desk_id: 1,
  mobile: '13800000001',
  start_at: '2026-03-01 18:00',
  end_at: '2026-03-01 20:00',
};
const msg = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('desk and booking bodies', () => {
  it('refuse days that do not exist, end before start and slots over a day', () => {
    expect(deskBookingBody.safeParse(booking).success).toBe(true);
    expect(msg(deskBookingBody.safeParse({ ...booking, start_at: '2026-02-30 18:00' }))).toBe(
      '开始时间格式为YYYY-MM-DD HH:mm',
    );
    expect(msg(deskBookingBody.safeParse({ ...booking, end_at: '2026-03-01 25:00' }))).toBe(
      '结束时间格式为YYYY-MM-DD HH:mm',
    );
    expect(msg(deskBookingBody.safeParse({ ...booking, end_at: '2026-03-01 18:00' }))).toBe(
      '结束时间须晚于开始时间',
    );
    expect(msg(deskBookingBody.safeParse({ ...booking, end_at: '2026-03-02 18:01' }))).toBe(
      '单次预订最长24小时',
    );
    expect(msg(deskBookingBody.safeParse({ ...booking, mobile: '' }))).toBe('请填写顾客手机号或选择会员');
    expect(deskBookingBody.safeParse({ ...booking, mobile: '', member_id: '7' }).success).toBe(true);
  });

  it('refuse negative rates and a desk with neither rate nor minimum spend', () => {
    const desk = { name: '包间1', kind: 'room', capacity: '6', hourly_fen: '5000', min_spend_fen: '0' };
    expect(deskSaveBody.safeParse(desk).success).toBe(true);
    expect(msg(deskSaveBody.safeParse({ ...desk, hourly_fen: '-1' }))).toBe(
      '每小时价格须为0-1000000元之间的金额',
    );
    expect(msg(deskSaveBody.safeParse({ ...desk, hourly_fen: '0' }))).toBe('请填写每小时价格或最低消费');
    expect(msg(deskSaveBody.safeParse({ ...desk, kind: 'sofa' }))).toBe('请选择类型（包间或桌台）');
  });
});
