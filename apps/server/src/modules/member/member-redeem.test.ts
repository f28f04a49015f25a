import type { MemberMoveResult, MemberRow, RedemptionRow } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import {
  countOf,
  expectMemberLedgerMatches,
  expectStockLedgerMatches,
  makeGoods,
  postStockDoc,
  rid,
} from '../../test/kit.ts';

/** Goods redeemed for points leave the counter's stock through the stock ledger (decision 118). */

let t: TestApp;
let owner: Client;
let sku: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  sku = (await makeGoods(owner, '兑换可乐')).skuIds[0]!;
  await postStockDoc(owner, 'goods_in', [{ item_kind: 'goods', item_id: sku, qty: 10 }]);
  await postStockDoc(owner, 'goods_bar_in', [{ item_kind: 'goods', item_id: sku, qty: 5 }]);
});
afterAll(async () => {
  await expectMemberLedgerMatches(t);
  await expectStockLedgerMatches(t);
  await t.close();
});

/** A stock level's quantity (the stock domain's test kit is its own; modules meet only through index.ts). */
async function level(t: TestApp, kind: string, id: number, location: string): Promise<number> {
  const r = await rows<{ qty: string }>(
    t.database.db,
    sql`select qty from stock_levels where item_kind = ${kind} and item_id = ${id} and location = ${location}`,
  );
  return Number(r[0]?.qty ?? 0);
}

let n = 0;
async function memberWithPoints(points: number) {
  const m = await owner.post<MemberRow>('/api/v1/member_save', {
    card_kind: 2,
    card_no: `DH${Date.now().toString().slice(-8)}${++n}`,
    name: `兑换${n}`,
  });
  expect(m.status, m.msg).toBe(200);
  const c = await owner.post('/api/v1/member_correct', {
    member_id: m.data.id,
    principal_fen: 0,
    bonus_fen: 0,
    points,
    reason: '测试积分',
    request_id: rid(),
  });
  expect(c.status, c.msg).toBe(200);
  return m.data.id;
}
const redeem = (c: Client, b: Record<string, unknown>) =>
  c.post<MemberMoveResult>('/api/v1/member_redeem', { kind: 'goods', request_id: rid(), ...b });
const pointsOf = async (id: number) =>
  (await owner.get<MemberRow>('/api/v1/member_detail', { id })).data.points;

describe('goods redemption', () => {
  it('takes the goods off the counter once per request_id, and the record names the stock sale', async () => {
    const m = await memberWithPoints(1000);
    const request_id = rid();
    const a = await redeem(owner, { member_id: m, points: 200, sku_id: sku, qty: 2, request_id });
    expect(a.status, a.msg).toBe(200);
    expect(await level(t, 'goods', sku, 'counter')).toBe(3);
    // the retry answers the first result and moves nothing again
    const b = await redeem(owner, { member_id: m, points: 200, sku_id: sku, qty: 2, request_id });
    expect(b.data.replay).toBe(true);
    // concurrent duplicates of another redemption: one applies
    const rid2 = rid();
    const both = await Promise.all(
      [1, 2].map(() => redeem(owner, { member_id: m, points: 100, sku_id: sku, qty: 1, request_id: rid2 })),
    );
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.filter((r) => r.data.replay).length).toBe(1);
    expect(await level(t, 'goods', sku, 'counter')).toBe(2);
    expect(await pointsOf(m)).toBe(700);
    expect(await countOf(t, 'stock_sales', `request_id in ('redeem:${request_id}', 'redeem:${rid2}')`)).toBe(
      2,
    );
    const list = await owner.get<{ list: RedemptionRow[] }>('/api/v1/redemption_list', { kind: 'goods' });
    const rec = list.data.list.filter((r) => r.member_id === m);
    expect(rec.map((r) => r.qty).sort()).toEqual([1, 2]);
    expect(rec.every((r) => /^XS\d{20}$/.test(r.sale_no))).toBe(true);
  });

  it('refuses when the counter has too little and negative stock is refused; nothing is written', async () => {
    const m = await memberWithPoints(1000);
    const ledgerRows = await countOf(t, 'member_ledger', `member_id = ${m}`);
    const records = await countOf(t, 'member_redemptions', `member_id = ${m}`);
    const sales = await countOf(t, 'stock_sales');
    const r = await redeem(owner, { member_id: m, points: 100, sku_id: sku, qty: 5 });
    expect(r.msg).toMatch(/^兑换可乐（吧台）库存不足：当前2瓶，需要5瓶/);
    expect(await countOf(t, 'member_ledger', `member_id = ${m}`)).toBe(ledgerRows);
    expect(await countOf(t, 'member_redemptions', `member_id = ${m}`)).toBe(records);
    expect(await countOf(t, 'stock_sales')).toBe(sales);
    expect([await pointsOf(m), await level(t, 'goods', sku, 'counter')]).toEqual([1000, 2]);
    // under 允许负库存（提示） the redemption goes through and the counter goes below zero
    expect((await owner.post('/api/v1/stock_setting_save', { negative_policy: 'warn' })).status).toBe(200);
    const w = await redeem(owner, { member_id: m, points: 100, sku_id: sku, qty: 5 });
    expect(w.status, w.msg).toBe(200);
    expect(await level(t, 'goods', sku, 'counter')).toBe(-3);
    await owner.post('/api/v1/stock_setting_save', { negative_policy: 'refuse' });
  });

  it('refuses another store’s goods and member like missing ones, and bad quantities', async () => {
    const m = await memberWithPoints(1000);
    const other = await t.as(DEMO.netbar2);
    const foreignSku = (await makeGoods(other, '他店可乐')).skuIds[0]!;
    expect((await redeem(owner, { member_id: m, points: 10, sku_id: foreignSku })).msg).toBe('商品不存在');
    expect((await redeem(other, { member_id: m, points: 10, sku_id: foreignSku })).msg).toBe('会员不存在');
    for (const qty of [0, 101, -1, '两'])
      expect((await redeem(owner, { member_id: m, points: 10, sku_id: sku, qty })).msg).toBe(
        '兑换数量须为1-100之间的整数',
      );
    expect((await redeem(owner, { member_id: m, points: 10 })).msg).toBe('请选择兑换的商品');
    expect(await pointsOf(m)).toBe(1000);
  });
});
