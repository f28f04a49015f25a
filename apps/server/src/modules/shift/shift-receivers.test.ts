import type { ShiftCashier, ShiftRow } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import type { Client } from '../../test/harness.ts';
import { count, rid } from '../../test/kit.ts';
import { counts, currentShift, handOver, shiftTestApp } from './shift-test-kit.ts';

const k = shiftTestApp();

/**
 * Who may receive a shift (decision 145): the store's owner, its home staff and the netbar staff who work
 * in it through netbar_staff_stores, active accounts only. The demo's 二店: 周收银 at home, 刘店长 and
 * 赵网管 working there from the flagship; 小陈, 孙服务 (flagship only) and 吴收银 (三店) are not its staff.
 */
describe('shift: receivers of a store include the staff working there', () => {
  let cashier2: Client;
  const ids: Record<string, number> = {};
  const names = async (c: Client) =>
    (await c.get<ShiftCashier[]>('/api/v1/shift_cashiers')).data.map((r) => r.name);

  beforeAll(async () => {
    cashier2 = await k.t.as({ user_name: 'demo_cashier2', type: 5 });
    const r = await rows<{ id: number; user_name: string }>(
      k.t.database.db,
      sql`select id, user_name from users
          where user_name in ('demo_store_manager', 'demo_netadmin', 'demo_cashier2', 'demo_netbar2')`,
    );
    for (const u of r) ids[u.user_name] = u.id;
  });

  it('offers the store staff by home store or by netbar_staff_stores, never another store', async () => {
    const second = await names(cashier2);
    expect(second).toEqual(expect.arrayContaining(['刘店长', '赵网管', '周收银']));
    for (const absent of ['小陈', '孙服务', '吴收银']) expect(second).not.toContain(absent);
    const flagship = await names(k.staff);
    // 周收银 and 吴收银 also work the flagship's 晚班 (netbar_staff_stores, demo/netbar-staff.ts)
    expect(flagship).toEqual(
      expect.arrayContaining(['刘店长', '赵网管', '孙服务', '小陈', '张老板', '周收银', '吴收银']),
    );
  });

  it('hands over to a staff member working in the store through the store list', async () => {
    const before = await currentShift(cashier2);
    let shift = before.shift as ShiftRow | null;
    if (!shift) {
      const open = await cashier2.post<{ shift: ShiftRow }>('/api/v1/shift_open', {
        float_fen: 0,
        request_id: rid(),
      });
      expect(open.status, open.msg).toBe(200);
      shift = open.data.shift;
    }
    // bad input and another netbar's account are refused and change nothing
    const shifts = await count(k.t, 'shifts');
    const bad = await handOver(cashier2, { id: shift.id, counts: counts(), next_cashier_id: 'abc' });
    expect([bad.status, bad.msg]).toEqual([40000, '请选择接班人']);
    const foreign = await handOver(cashier2, {
      id: shift.id,
      counts: counts(),
      next_cashier_id: ids.demo_netbar2,
    });
    expect([foreign.status, foreign.msg]).toEqual([40000, '接班人不存在，请选择本店店主或员工']);
    expect(await count(k.t, 'shifts')).toBe(shifts);
    expect((await currentShift(cashier2)).shift?.status).toBe('open');

    const done = await handOver(cashier2, {
      id: shift.id,
      counts: counts(),
      float_left_fen: 0,
      next_cashier_id: ids.demo_store_manager,
    });
    expect(done.status, done.msg).toBe(200);
    expect(done.data.next_shift).toMatchObject({
      cashier_id: ids.demo_store_manager,
      cashier_name: '刘店长',
    });
    expect(done.data.shift.next_cashier_name).toBe('刘店长');
  });

  it('never offers or accepts a disabled staff member', async () => {
    const off = await k.owner.post('/api/v1/netbar_staff_status', { id: ids.demo_netadmin, status: 0 });
    expect(off.status, off.msg).toBe(200);
    expect(await names(cashier2)).not.toContain('赵网管');
    expect(await names(k.staff)).not.toContain('赵网管');
    const open = await cashier2.post<{ shift: ShiftRow }>('/api/v1/shift_open', {
      float_fen: 0,
      request_id: rid(),
    });
    expect(open.status, open.msg).toBe(200);
    const refused = await handOver(cashier2, {
      id: open.data.shift.id,
      counts: counts(),
      next_cashier_id: ids.demo_netadmin,
    });
    expect([refused.status, refused.msg]).toEqual([40000, '接班人不存在，请选择本店店主或员工']);
    expect((await currentShift(cashier2)).shift?.id).toBe(open.data.shift.id);
  });
});
