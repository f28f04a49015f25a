import { type MemberRow, PERM, type ShiftCashier } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { count, staffWithout } from '../../test/kit.ts';
import { leaseTestApp } from './lease-test-kit.ts';

/**
 * 租赁柜台 for a staff member holding only 租赁柜台 2644 (not 购物订单 264 or 收银台 2640): the page's member
 * picker (member_lookup) and the 收银员 filter of 租用中 (shift_cashiers) answer as they do for the counter;
 * without 2644 they are refused.
 */

const k = leaseTestApp();
const card = `Z${Date.now().toString().slice(-9)}`;

async function onlyLeaseCounter() {
  await rows(
    k.t.database.db,
    sql`insert into grants (user_id, perm_id) select id, ${PERM.LEASE_COUNTER} from users where user_name = 'demo_netbar_staff'
        on conflict do nothing`,
  );
  return staffWithout(k.t, PERM.ORDER_LIST, PERM.CASHIER, PERM.MEMBER_MANAGE);
}

describe('租赁柜台 with 2644 only', () => {
  it('finds the member, lists the cashiers and rents to the member', async () => {
    const m = await k.owner.post<MemberRow>('/api/v1/member_save', {
      card_kind: 2,
      card_no: card,
      name: '柜台租客',
    });
    expect(m.status, m.msg).toBe(200);
    const it1 = await k.item();
    const staff = await onlyLeaseCounter();
    // not the counter's other screens
    expect((await staff.get('/api/v1/order_catalog')).status).toBe(40003);
    const found = await staff.get<{ list: MemberRow[] }>('/api/v1/member_lookup', { q: card });
    expect(found.status, found.msg).toBe(200);
    expect(found.data.list.map((x) => x.id)).toEqual([m.data.id]);
    const cashiers = await staff.get<ShiftCashier[]>('/api/v1/shift_cashiers');
    expect(cashiers.status, cashiers.msg).toBe(200);
    expect(cashiers.data.map((c) => c.name)).toContain('小陈');
    const r = await k.rent({ item_id: it1.id, member_id: m.data.id, pay_method: 'cash' }, staff);
    expect(r.status, r.msg).toBe(200);
    expect(r.data.lease).toMatchObject({ member_id: m.data.id, cashier_name: '小陈' });
  });

  it('refuses member_lookup, shift_cashiers and lease_rent without 2644 (40003, nothing written)', async () => {
    const it1 = await k.item();
    await onlyLeaseCounter();
    const staff = await staffWithout(k.t, PERM.LEASE_COUNTER);
    const before = await count(k.t, 'lease_orders');
    expect((await staff.get('/api/v1/member_lookup', { q: card })).status).toBe(40003);
    expect((await staff.get('/api/v1/shift_cashiers')).status).toBe(40003);
    expect((await k.rent({ item_id: it1.id }, staff)).status).toBe(40003);
    expect(await count(k.t, 'lease_orders')).toBe(before);
  });

  it('refuses a bad lookup query in Chinese for a 2644-only staff member', async () => {
    const staff = await onlyLeaseCounter();
    const r = await staff.get('/api/v1/member_lookup', { q: ' ' });
    expect([r.status, r.msg]).toEqual([40000, '请输入卡号或手机号']);
  });
});
