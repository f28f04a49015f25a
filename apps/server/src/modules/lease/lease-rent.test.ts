import type { LeaseResult } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { DEMO } from '../../test/harness.ts';
import { count, rid } from '../../test/kit.ts';
import { later, leaseTestApp } from './lease-test-kit.ts';

const k = leaseTestApp();
const { item, rent, tillOf, itemNow, backdate } = k;

describe('renting out and taking back', () => {
  it('rents for a cash deposit, returns after 2 h 10 min: 3 hours charged, the rest of the deposit back', async () => {
    const it1 = await item();
    const key = rid();
    const r = await rent({ item_id: it1.id, qty: 2, request_id: key });
    expect(r.status, r.msg).toBe(200);
    expect(r.msg).toBe('租出成功');
    expect(r.data.lease).toMatchObject({ status: 'renting', qty: 2, deposit_fen: 20000, overdue: false });
    expect(r.data.lease.lease_no).toMatch(/^ZL\d{14}$/);
    expect(await itemNow(it1.id)).toMatchObject({ qty_on_hand: 1, qty_out: 2 });
    expect(await tillOf(r.data.lease.lease_no)).toEqual([
      { kind: 'lease_deposit', method: 'cash', amount_fen: 20000 },
    ]);

    const again = await rent({ item_id: it1.id, qty: 2, request_id: key });
    expect(again.data).toMatchObject({ replay: true, lease: { id: r.data.lease.id } });
    expect(await itemNow(it1.id)).toMatchObject({ qty_on_hand: 1, qty_out: 2 });

    await backdate(r.data.lease.id, 130);
    const back = rid();
    const ret = await k.owner.post<LeaseResult>('/api/v1/lease_return', {
      lease_id: r.data.lease.id,
      request_id: back,
    });
    expect(ret.status, ret.msg).toBe(200);
    expect(ret.data.lease).toMatchObject({
      status: 'returned',
      minutes: 130,
      fee_fen: 3 * 500 * 2,
      refund_fen: 17000,
      extra_fen: 0,
    });
    expect(await itemNow(it1.id)).toMatchObject({ qty_on_hand: 3, qty_out: 0 });
    expect(await tillOf(r.data.lease.lease_no)).toEqual([
      { kind: 'lease_deposit', method: 'cash', amount_fen: 20000 },
      { kind: 'lease_refund', method: 'cash', amount_fen: -20000 },
      { kind: 'lease_fee', method: 'cash', amount_fen: 3000 },
    ]);

    const retry = await k.owner.post<LeaseResult>('/api/v1/lease_return', {
      lease_id: r.data.lease.id,
      request_id: back,
    });
    expect(retry.data.replay).toBe(true);
    const twice = await k.owner.post('/api/v1/lease_return', {
      lease_id: r.data.lease.id,
      request_id: rid(),
    });
    expect(twice.status).toBe(40009);
    expect(twice.msg).toBe('该租赁已归还');
    expect((await tillOf(r.data.lease.lease_no)).length).toBe(3);
  });

  it('a fee above the deposit collects the difference, in the method the cashier picks', async () => {
    const it1 = await item({ deposit_fen: 1000, price_fen: 800 });
    const r = await rent({ item_id: it1.id });
    await backdate(r.data.lease.id, 150);
    const ret = await k.owner.post<LeaseResult>('/api/v1/lease_return', {
      lease_id: r.data.lease.id,
      request_id: rid(),
      pay_method: 'cash',
    });
    expect(ret.data.lease).toMatchObject({
      fee_fen: 2400,
      refund_fen: 0,
      extra_fen: 1400,
      extra_method: 'cash',
    });
    expect(await tillOf(r.data.lease.lease_no)).toEqual([
      { kind: 'lease_deposit', method: 'cash', amount_fen: 1000 },
      { kind: 'lease_refund', method: 'cash', amount_fen: -1000 },
      { kind: 'lease_fee', method: 'cash', amount_fen: 1000 },
      { kind: 'lease_fee', method: 'cash', amount_fen: 1400 },
    ]);
  });

  it('per use: price × qty whatever the time; lost keeps the deposit and writes the units off', async () => {
    const it1 = await item({ price_unit: 'use', price_fen: 300, deposit_fen: 5000, initial_qty: 2 });
    const a = await rent({ item_id: it1.id });
    const ra = await k.owner.post<LeaseResult>('/api/v1/lease_return', {
      lease_id: a.data.lease.id,
      request_id: rid(),
    });
    expect(ra.data.lease).toMatchObject({ fee_fen: 300, refund_fen: 4700 });
    const b = await rent({ item_id: it1.id, qty: 2 });
    const lost = await k.owner.post<LeaseResult>('/api/v1/lease_lost', {
      lease_id: b.data.lease.id,
      request_id: rid(),
      kind: 'damaged',
      reason: '摔坏了摇杆',
    });
    expect(lost.status, lost.msg).toBe(200);
    expect(lost.data.lease).toMatchObject({
      status: 'lost',
      loss_kind: 'damaged',
      fee_fen: 10000,
      refund_fen: 0,
    });
    expect(await itemNow(it1.id)).toMatchObject({ qty_on_hand: 0, qty_out: 0 });
    const back = await k.owner.post('/api/v1/lease_return', { lease_id: b.data.lease.id, request_id: rid() });
    expect(back.msg).toBe('该租赁已登记丢失损坏');
  });
});

describe('refusals and bad input write nothing', () => {
  it('refuses qty ≤ 0, a past or impossible return time, more than is on hand, a disabled item', async () => {
    const it1 = await item({ initial_qty: 1 });
    const before = { leases: await count(k.t, 'lease_orders'), till: await count(k.t, 'till_ledger') };
    const msgs = [
      (await rent({ item_id: it1.id, qty: 0 })).msg,
      (await rent({ item_id: it1.id, qty: -1 })).msg,
      (await rent({ item_id: it1.id, expected_return_at: '2026-02-30 10:00' })).msg,
      (await rent({ item_id: it1.id, expected_return_at: later(-10) })).msg,
      (await rent({ item_id: it1.id, qty: 2 })).msg,
      (await rent({ item_id: 2147483647 })).msg,
    ];
    expect(msgs).toEqual([
      '租用数量须为1-99之间的整数',
      '租用数量须为1-99之间的整数',
      '预计归还时间格式为YYYY-MM-DD HH:mm，且须为存在的日期',
      '预计归还时间须晚于当前时间',
      `${it1.name}库存不足：在库1件，需要2件`,
      '租赁物品不存在',
    ]);
    await k.owner.post('/api/v1/lease_item_save', { ...it1, enabled: false });
    expect((await rent({ item_id: it1.id })).msg).toBe(`${it1.name}已停用，不能租出`);
    expect({ leases: await count(k.t, 'lease_orders'), till: await count(k.t, 'till_ledger') }).toEqual(
      before,
    );
  });

  it('another store sees neither the item nor the lease (40004); an agent is refused (40003)', async () => {
    const it1 = await item();
    const r = await rent({ item_id: it1.id });
    const other = await k.t.as(DEMO.netbar2);
    expect((await rent({ item_id: it1.id }, other)).status).toBe(40004);
    const ret = await other.post('/api/v1/lease_return', { lease_id: r.data.lease.id, request_id: rid() });
    expect(ret.status).toBe(40004);
    expect(ret.msg).toBe('租赁订单不存在');
    const agent = await k.t.as(DEMO.agent);
    expect((await rent({ item_id: it1.id }, agent)).status).toBe(40003);
    expect((await itemNow(it1.id)).qty_out).toBe(1);
  });

  it('the demo cashier (264, no 10519) rents, takes back and books a loss, but manages no item', async () => {
    const it1 = await item();
    const staff = await k.t.as(DEMO.netbarStaff);
    const r = await rent({ item_id: it1.id }, staff);
    expect(r.status, r.msg).toBe(200);
    expect(r.data.lease.cashier_name).toBe('小陈');
    const ret = await staff.post('/api/v1/lease_return', { lease_id: r.data.lease.id, request_id: rid() });
    expect(ret.status, ret.msg).toBe(200);
    const lost = await rent({ item_id: it1.id }, staff);
    const gone = await staff.post<LeaseResult>('/api/v1/lease_lost', {
      lease_id: lost.data.lease.id,
      kind: 'damaged',
      reason: '摔坏',
      request_id: rid(),
    });
    expect([gone.status, gone.data.lease.status]).toEqual([200, 'lost']);
    const denied = await staff.post('/api/v1/lease_item_save', {
      name: '耳机',
      deposit_fen: 100,
      price_fen: 100,
      price_unit: 'use',
    });
    expect(denied.status).toBe(40003);
    const stockIn = await staff.post('/api/v1/lease_item_stock', {
      item_id: it1.id,
      kind: 'in',
      qty: 5,
      reason: '补货',
      request_id: rid(),
    });
    expect(stockIn.status).toBe(40003);
    expect(await itemNow(it1.id)).toMatchObject({ qty_out: 0 });
    const shift = await rows<{ cashier_name: string }>(
      k.t.database.db,
      sql`select s.cashier_name from till_ledger l join shifts s on s.id = l.shift_id where l.ref_no = ${r.data.lease.lease_no}`,
    );
    expect(shift.map((x) => x.cashier_name)).toEqual(['小陈', '小陈', '小陈']);
  });
});
