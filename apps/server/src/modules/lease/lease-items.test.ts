import { type LeaseItemRow, type LeaseResult, type LeaseStockRow, shanghaiDateTime } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count, rid } from '../../test/kit.ts';
import { leaseBookMismatches } from './index.ts';

let t: TestApp;
let owner: Client;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
});
afterEach(async () => {
  expect(await leaseBookMismatches(t.database.db)).toEqual({ items: [], till: [] });
});
afterAll(() => t.close());

const save = (b: Record<string, unknown>, c: Client = owner) =>
  c.post<LeaseItemRow>('/api/v1/lease_item_save', {
    deposit_fen: 10000,
    price_fen: 500,
    price_unit: 'hour',
    ...b,
  });
const stock = (item_id: number, kind: string, qty: unknown, c: Client = owner, request_id = rid()) =>
  c.post<{ item: LeaseItemRow; replay: boolean }>('/api/v1/lease_item_stock', {
    item_id,
    kind,
    qty,
    reason: '盘点调整',
    request_id,
  });

describe('lease items (10519)', () => {
  it('adds an item with its first stock, edits its terms, stocks in and writes off with a reason, once per request', async () => {
    const r = await save({ name: '无线手柄', initial_qty: 4, remark: 'Xbox' });
    expect(r.status, r.msg).toBe(200);
    expect(r.data).toMatchObject({
      name: '无线手柄',
      deposit_fen: 10000,
      qty_on_hand: 4,
      qty_out: 0,
      enabled: true,
    });
    const off = await save({ id: r.data.id, name: '无线手柄', enabled: 0 });
    expect(off.data.enabled).toBe(false);
    // an edit that does not mention enabled leaves it as it is
    const e = await save({
      id: r.data.id,
      name: '无线手柄',
      deposit_fen: 8000,
      price_fen: 300,
      price_unit: 'use',
    });
    expect(e.data).toMatchObject({ deposit_fen: 8000, price_unit: 'use', qty_on_hand: 4, enabled: false });
    expect((await save({ id: r.data.id, name: '无线手柄', enabled: 'true' })).data.enabled).toBe(true);
    const key = rid();
    expect((await stock(r.data.id, 'in', 2, owner, key)).data.item.qty_on_hand).toBe(6);
    const again = await stock(r.data.id, 'in', 2, owner, key);
    expect(again.data).toMatchObject({ replay: true, item: { qty_on_hand: 6 } });
    expect((await stock(r.data.id, 'out', 1)).data.item.qty_on_hand).toBe(5);
    const ledger = await owner.get<{ list: LeaseStockRow[] }>('/api/v1/lease_item_ledger', {
      item_id: r.data.id,
    });
    expect(ledger.data.list.map((l) => [l.kind, l.hand_delta, l.hand_after])).toEqual([
      ['out', -1, 5],
      ['in', 2, 6],
      ['in', 4, 4],
    ]);
    const list = await owner.get<{ list: LeaseItemRow[]; count: number }>('/api/v1/lease_item_list', {
      keyword: '无线',
    });
    expect(list.data.list.map((i) => i.name)).toEqual(['无线手柄']);
  });

  it('refuses a write-off below zero, a duplicate name, bad money and quantities, with nothing written', async () => {
    const r = await save({ name: '耳机', initial_qty: 1 });
    const before = await count(t, 'lease_stock_ledger');
    const msgs = [
      (await stock(r.data.id, 'out', 2)).msg,
      (await stock(r.data.id, 'in', 0)).msg,
      (await stock(r.data.id, 'in', -3)).msg,
      (await stock(r.data.id, 'out', 1.5)).msg,
      (await save({ name: '耳机' })).msg,
      (await save({ name: '键盘', deposit_fen: -100 })).msg,
      (await save({ name: '键盘', price_fen: 100000001 })).msg,
      (await save({ name: '键盘', price_unit: 'day' })).msg,
      (await save({ name: '' })).msg,
      (await save({ name: '键盘', initial_qty: -1 })).msg,
    ];
    expect(msgs).toEqual([
      '耳机在库仅1件，不能报废2件',
      '数量须为1-10000之间的整数',
      '数量须为1-10000之间的整数',
      '数量须为1-10000之间的整数',
      '已有同名租赁物品',
      '押金须为0-10000元之间的金额',
      '租金单价须为0-10000元之间的金额',
      '请选择计费方式',
      '物品名称为1-20个字符',
      '初始数量须为0-10000之间的整数',
    ]);
    expect(await count(t, 'lease_stock_ledger')).toBe(before);
    expect((await rows(t.database.db, sql`select 1 from lease_items where name = '键盘'`)).length).toBe(0);
  });

  it('deletes an item only when none is out', async () => {
    const r = await save({ name: '键盘', initial_qty: 2 });
    const lease = await owner.post<LeaseResult>('/api/v1/lease_rent', {
      request_id: rid(),
      item_id: r.data.id,
      qty: 1,
      expected_return_at: shanghaiDateTime(Date.now() + 3600_000).slice(0, 16),
    });
    const d = await owner.post('/api/v1/lease_item_delete', { id: r.data.id });
    expect(d.status).toBe(40009);
    expect(d.msg).toBe('键盘还有1件在租，归还后才能删除');
    await owner.post('/api/v1/lease_return', { lease_id: lease.data.lease.id, request_id: rid() });
    expect((await owner.post('/api/v1/lease_item_delete', { id: r.data.id })).status).toBe(200);
    expect((await owner.get('/api/v1/lease_item_detail', { id: r.data.id })).status).toBe(40004);
    // the name is free again; the deleted item's leases keep their history
    expect((await save({ name: '键盘' })).status).toBe(200);
  });

  it('refuses the demo cashier (no 10519), agents, and another store’s item (40004); staff granted 10519 manage', async () => {
    const r = await save({ name: '鼠标', initial_qty: 1 });
    const other = await t.as(DEMO.netbar2);
    expect((await save({ id: r.data.id, name: '改名' }, other)).status).toBe(40004);
    expect((await stock(r.data.id, 'in', 1, other)).status).toBe(40004);
    expect((await other.get('/api/v1/lease_item_detail', { id: r.data.id })).status).toBe(40004);
    expect((await other.post('/api/v1/lease_item_delete', { id: r.data.id })).status).toBe(40004);
    const agent = await t.as(DEMO.agent);
    expect((await agent.get('/api/v1/lease_item_list')).status).toBe(40003);
    // the demo cashier rents at 租赁柜台 (264) without 10519: reads the items, manages none of them
    const staff = await t.as(DEMO.netbarStaff);
    expect((await staff.get('/api/v1/lease_item_list')).status).toBe(200);
    const refused = [
      (await save({ name: '手柄' }, staff)).status,
      (await save({ id: r.data.id, name: '改名' }, staff)).status,
      (await stock(r.data.id, 'in', 1, staff)).status,
      (await staff.post('/api/v1/lease_item_delete', { id: r.data.id })).status,
      (await staff.get('/api/v1/lease_item_ledger', { item_id: r.data.id })).status,
    ];
    expect(refused).toEqual([40003, 40003, 40003, 40003, 40003]);
    expect(
      (await owner.get<LeaseItemRow>('/api/v1/lease_item_detail', { id: r.data.id })).data,
    ).toMatchObject({
      name: '鼠标',
      qty_on_hand: 1,
    });
    await rows(
      t.database.db,
      sql`insert into grants (user_id, perm_id) select id, 10519 from users where user_name = 'demo_netbar_staff' on conflict do nothing`,
    );
    const granted = await t.as(DEMO.netbarStaff);
    expect((await stock(r.data.id, 'in', 1, granted)).data.item.qty_on_hand).toBe(2);
  });
});
