import {
  fenToYuanNumber,
  type LeaseItemRow,
  type LeaseOrderDetail,
  type LeaseOrderRow,
  type LeaseOrderTotals,
  type LeaseResult,
  PERM,
  shanghaiDate,
  shanghaiDateTime,
} from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { rid, staffWithout, xlsxRows } from '../../test/kit.ts';
import { leaseBookMismatches } from './index.ts';

type Page = { list: LeaseOrderRow[]; count: number; totals: LeaseOrderTotals };

let t: TestApp;
let owner: Client;
let pad: LeaseItemRow;
let headset: LeaseItemRow;
const leases: LeaseOrderRow[] = [];
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  const save = async (name: string, deposit_fen: number, price_fen: number, price_unit: string) => {
    const r = await owner.post<LeaseItemRow>('/api/v1/lease_item_save', {
      name,
      deposit_fen,
      price_fen,
      price_unit,
      initial_qty: 10,
    });
    expect(r.status, r.msg).toBe(200);
    return r.data;
  };
  pad = await save('列表手柄', 10000, 500, 'hour');
  headset = await save('列表耳机', 5000, 200, 'use');
  const rent = async (item: LeaseItemRow, qty: number, name: string) => {
    const r = await owner.post<LeaseResult>('/api/v1/lease_rent', {
      request_id: rid(),
      item_id: item.id,
      qty,
      customer_name: name,
      customer_phone: '13900001111',
      expected_return_at: shanghaiDateTime(Date.now() + 3 * 3600_000).slice(0, 16),
    });
    expect(r.status, r.msg).toBe(200);
    leases.push(r.data.lease);
    return r.data.lease;
  };
  await rent(pad, 1, '甲');
  const b = await rent(pad, 2, '乙');
  const c = await rent(headset, 1, '丙');
  await rent(headset, 3, '丁');
  await owner.post('/api/v1/lease_return', { lease_id: b.id, request_id: rid() });
  await owner.post('/api/v1/lease_lost', {
    lease_id: c.id,
    request_id: rid(),
    kind: 'lost',
    reason: '客人带走',
  });
  // 甲's rental was due back an hour ago
  await rows(
    t.database.db,
    sql`update lease_orders set expected_return_at = now() - interval '1 hour' where id = ${leases[0]!.id}`,
  );
});
afterEach(async () => {
  expect(await leaseBookMismatches(t.database.db)).toEqual({ items: [], till: [] });
});
afterAll(() => t.close());

const list = (q: Record<string, unknown> = {}, c: Client = owner) =>
  c.get<Page>('/api/v1/lease_order_list', { page: 1, page_size: 10, ...q });

describe('lease order list (263)', () => {
  it('filters by status, with 已逾期 a computed flag and 租用中 every rental still out', async () => {
    const all = await list();
    expect(all.status, all.msg).toBe(200);
    const mine = all.data.list.filter((r) => leases.some((l) => l.id === r.id));
    expect(mine.map((r) => r.customer_name)).toEqual(['丁', '丙', '乙', '甲']);
    expect(mine.find((r) => r.customer_name === '甲')!.overdue).toBe(true);
    const ids = new Set(leases.map((l) => l.id));
    const names = async (status: string) =>
      (await list({ status, page_size: 50 })).data.list
        .filter((r) => ids.has(r.id))
        .map((r) => r.customer_name);
    expect(await names('overdue')).toEqual(['甲']);
    expect(await names('renting')).toEqual(['丁', '甲']);
    expect(await names('returned')).toEqual(['乙']);
    expect(await names('lost')).toEqual(['丙']);
    expect((await list({ item_id: headset.id })).data.count).toBe(2);
    expect((await list({ keyword: '乙' })).data.count).toBe(1);
    const today = { item_id: pad.id, date_from: shanghaiDate(), date_to: shanghaiDate() };
    expect((await list(today)).data.count).toBe(2);
    expect((await list({ ...today, date_from: '2020-01-01', date_to: '2020-01-02' })).data.count).toBe(0);
  });

  it('answers 合计 over the whole filter, and the export’s 合计 row equals the screen', async () => {
    const r = await list({ page_size: 1, item_id: headset.id });
    expect(r.data.list.length).toBe(1);
    expect(r.data.totals).toEqual({ qty: 4, deposit_fen: 5000 + 15000, fee_fen: 5000, refund_fen: 0 });
    const p = await list({ item_id: pad.id });
    expect(p.data.totals).toEqual({ qty: 3, deposit_fen: 10000 + 20000, fee_fen: 1000, refund_fen: 19000 });
    const x = await xlsxRows(owner, `/api/v1/lease_order_export?item_id=${headset.id}`);
    expect(x.contentType).toMatch(/spreadsheetml/);
    const header = x.rows[0] as string[];
    const total = x.rows.at(-1) as unknown[];
    expect(total[0]).toBe('合计');
    expect(x.rows.length).toBe(1 + 2 + 1);
    expect(total[header.indexOf('数量')]).toBe(r.data.totals.qty);
    expect(total[header.indexOf('押金(元)')]).toBe(fenToYuanNumber(r.data.totals.deposit_fen));
    expect(total[header.indexOf('租金(元)')]).toBe(fenToYuanNumber(r.data.totals.fee_fen));
    expect(total[header.indexOf('退还押金(元)')]).toBe(fenToYuanNumber(r.data.totals.refund_fen));
    expect(x.rows.some((row) => (row as unknown[]).includes('丢失损坏（丢失）'))).toBe(true);
    const px = await xlsxRows(owner, `/api/v1/lease_order_export?item_id=${pad.id}`);
    expect(px.rows.some((row) => (row as unknown[]).includes('已逾期'))).toBe(true);
    expect((px.rows.at(-1) as unknown[])[header.indexOf('退还押金(元)')]).toBe(190);
  });

  it('shows a lease with its till movements and item ledger rows', async () => {
    const d = await owner.get<LeaseOrderDetail>('/api/v1/lease_order_detail', { id: leases[1]!.id });
    expect(d.status, d.msg).toBe(200);
    expect(d.data.till.map((r) => [r.kind, r.amount_fen])).toEqual([
      ['lease_deposit', 20000],
      ['lease_refund', -20000],
      ['lease_fee', 1000],
    ]);
    expect(d.data.till[0]!.shift_no).toMatch(/^BC/);
    expect(d.data.stock.map((r) => [r.kind, r.hand_delta, r.out_delta])).toEqual([
      ['rent', -2, 2],
      ['return', 2, -2],
    ]);
  });

  it('refuses another store (40004), an agent (40003), staff without 263/264/10519, and impossible days', async () => {
    const other = await t.as(DEMO.netbar2);
    const d = await other.get('/api/v1/lease_order_detail', { id: leases[0]!.id });
    expect(d.status).toBe(40004);
    expect((await list({}, other)).data.list.some((r) => leases.some((l) => l.id === r.id))).toBe(false);
    const agent = await t.as(DEMO.agent);
    expect((await list({}, agent)).status).toBe(40003);
    const bad = await list({ date_from: '2026-02-30' });
    expect(bad.status).toBe(40000);
    expect(bad.msg).toBe('日期不存在或格式不正确（YYYY-MM-DD）');
    expect((await list({ status: 'gone' })).msg).toBe('状态不正确');
    // the cashier (264) reads the list to take rentals back, but exports need 263 or 10519
    const staff = await staffWithout(t, PERM.LEASE_ORDER_LIST, PERM.EQUIPMENT_LEASING);
    expect((await list({}, staff)).status).toBe(200);
    const ex = await staff.get('/api/v1/lease_order_export');
    expect(ex.status).toBe(40003);
  });
});
