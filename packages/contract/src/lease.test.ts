import { describe, expect, it } from 'vitest';
import { leaseFee, leaseOrderQuery, leaseRentBody, leaseSettlement } from './lease';
import { NETBAR_STAFF_GRANTABLE, PERM } from './permissions';
import { canAccess, flattenRoutes } from './routes';

const at = (hhmm: string) => new Date(`2026-01-15T${hhmm}:00+08:00`);
const hourly = { price_fen: 500, price_unit: 'hour' as const };

describe('leaseFee', () => {
  it('counts a started hour as a whole one, at least one hour', () => {
    expect(leaseFee(hourly, 1, at('18:00'), at('18:00'))).toEqual({ minutes: 0, units: 1, fee_fen: 500 });
    expect(leaseFee(hourly, 1, at('18:00'), at('19:00'))).toEqual({ minutes: 60, units: 1, fee_fen: 500 });
    expect(leaseFee(hourly, 1, at('18:00'), at('19:01'))).toEqual({ minutes: 61, units: 2, fee_fen: 1000 });
    expect(leaseFee(hourly, 2, at('18:00'), at('21:10')).fee_fen).toBe(4 * 500 * 2);
  });
  it('drops seconds and charges per use regardless of time', () => {
    expect(leaseFee(hourly, 1, at('18:00'), new Date(at('19:00').getTime() + 59_000)).units).toBe(1);
    expect(leaseFee({ price_fen: 300, price_unit: 'use' }, 3, at('08:00'), at('23:00')).fee_fen).toBe(900);
  });
  it('settles against the deposit: refund the rest, or collect what the deposit does not cover', () => {
    expect(leaseSettlement(10000, 2000)).toEqual({ refund_fen: 8000, extra_fen: 0 });
    expect(leaseSettlement(1000, 2500)).toEqual({ refund_fen: 0, extra_fen: 1500 });
  });
});

describe('lease bodies', () => {
  const rent = {
    request_id: 'r12345678',
    item_id: 1,
    qty: 1,
    expected_return_at: '2026-01-15 22:00',
  };
  const msg = (b: object) => leaseRentBody.safeParse({ ...rent, ...b }).error?.issues[0]?.message;
  it('refuses qty ≤ 0, a date that does not exist and member payment without a member', () => {
    expect(leaseRentBody.safeParse(rent).success).toBe(true);
    expect(msg({ qty: 0 })).toBe('租用数量须为1-99之间的整数');
    expect(msg({ qty: '-1' })).toBe('租用数量须为1-99之间的整数');
    expect(msg({ expected_return_at: '2026-02-30 10:00' })).toMatch(/存在的日期/);
    expect(msg({ expected_return_at: '2026-01-15' })).toMatch(/YYYY-MM-DD HH:mm/);
    expect(msg({ pay_method: 'member' })).toBe('会员余额支付押金须先选择会员');
  });
  it('refuses an impossible day in the list filter', () => {
    expect(leaseOrderQuery.safeParse({ date_from: '2026-02-29' }).error?.issues[0]?.message).toBe(
      '日期不存在或格式不正确（YYYY-MM-DD）',
    );
  });
});

describe('租赁柜台 in the route table', () => {
  it('opens for its own id or for 购物订单 264, not for 设备租赁 10519 or 租赁订单 263 alone', () => {
    const counter = flattenRoutes().find((n) => n.path === '/order/lease_counter')!;
    expect(counter.id).toBe(PERM.LEASE_COUNTER);
    expect(canAccess(counter, [PERM.ORDER_LIST])).toBe(true);
    expect(canAccess(counter, [PERM.LEASE_COUNTER])).toBe(true);
    expect(canAccess(counter, [PERM.EQUIPMENT_LEASING, PERM.LEASE_ORDER_LIST, PERM.CASHIER])).toBe(false);
    expect(NETBAR_STAFF_GRANTABLE).toContain(PERM.LEASE_COUNTER);
  });
});
