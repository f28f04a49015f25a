import { PERM } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import {
  count,
  expectMemberLedgerMatches,
  expectStockLedgerMatches,
  makeGoods,
  rid,
  staffWithout,
} from '../../test/kit.ts';
import { counterGoods, counterQty, expectOrdersBalance, memberWith, post, ringUp } from './order-test-kit.ts';

let t: TestApp;
let owner: Client;
let staff: Client;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  await grant(PERM.ORDER_LIST);
  staff = await t.as(DEMO.netbarStaff);
});
afterEach(async () => {
  await expectOrdersBalance(t);
  await expectStockLedgerMatches(t);
  await expectMemberLedgerMatches(t);
});
afterAll(() => t.close());

async function grant(...perms: number[]) {
  for (const p of perms)
    await rows(
      t.database.db,
      sql`insert into grants (user_id, perm_id) select id, ${p} from users where user_name = 'demo_netbar_staff' on conflict do nothing`,
    );
}
/** Tables an order call writes: none may grow on a refusal. */
const written = async () =>
  Promise.all(
    [
      'orders',
      'order_lines',
      'order_payments',
      'order_refunds',
      'order_events',
      'till_ledger',
      'member_ledger',
      'stock_ledger',
    ].map((x) => count(t, x)),
  );

describe('who may sell and refund', () => {
  it('refuses other user types (40003) and another store (40004: the same as an id that does not exist)', async () => {
    const sku = await counterGoods(owner, '拒绝商品', 5);
    const o = (await ringUp(owner, { lines: [{ sku_id: sku, qty: 1 }] })).data.order;
    const agent = await t.as(DEMO.agent);
    expect((await ringUp(agent, { lines: [{ sku_id: sku, qty: 1 }] })).status).toBe(40003);
    const other = await t.as(DEMO.netbar2);
    const before = await written();
    expect((await other.get('/api/v1/order_detail', { id: o.id })).status).toBe(40004);
    const pay = await post(other, '/api/v1/order_pay', {
      order_id: o.id,
      request_id: rid(),
      payments: [{ method: 'cash', amount_fen: 300 }],
    });
    expect([pay.status, pay.msg]).toEqual([40004, '订单不存在']);
    expect((await post(other, '/api/v1/order_cancel', { order_id: o.id })).status).toBe(40004);
    expect(
      (await post(other, '/api/v1/order_refund', { order_id: o.id, request_id: rid(), reason: '退' })).status,
    ).toBe(40004);
    const foreign = await ringUp(other, { lines: [{ sku_id: sku, qty: 1 }] });
    expect([foreign.status, foreign.msg]).toEqual([40004, '商品不存在']);
    const otherMember = await memberWith(owner, 0);
    const m = await ringUp(other, {
      member_id: otherMember,
      lines: [{ sku_id: (await makeGoods(other, '别店商品')).skuIds[0], qty: 1 }],
    });
    expect([m.status, m.msg]).toEqual([40004, '会员不存在']);
    expect(await written()).toEqual(before);
  });

  it('lets staff with 购物订单 sell, but not edit a price or refund without 2641 / 2642', async () => {
    const sku = await counterGoods(owner, '员工商品', 5, { cost_fen: 200, price_fen: 500 });
    // the demo cashier holds 2642 (a cashier's day); a staff member without it is refused
    const staff = await staffWithout(t, PERM.ORDER_REFUND);
    const sold = await ringUp(staff, {
      lines: [{ sku_id: sku, qty: 1 }],
      payments: [{ method: 'cash', amount_fen: 500 }],
    });
    expect(sold.status, sold.msg).toBe(200);
    expect(sold.data.order.cashier_name).not.toBe('');
    const before = await written();
    const below = await ringUp(staff, { lines: [{ sku_id: sku, qty: 1, price_fen: 150 }] });
    expect([below.status, below.msg]).toEqual([40000, '员工商品改价¥1.50低于成本价¥2.00，需要改价/折扣权限']);
    const edit = await ringUp(staff, { lines: [{ sku_id: sku, qty: 1, price_fen: 400 }] });
    expect([edit.status, edit.msg]).toEqual([40003, '没有改价/折扣权限']);
    const refund = await post(staff, '/api/v1/order_refund', {
      order_id: sold.data.order.id,
      request_id: rid(),
      reason: '退',
    });
    expect([refund.status, refund.msg]).toEqual([40003, '没有退款权限']);
    expect(await written()).toEqual(before);
    await grant(PERM.ORDER_DISCOUNT, PERM.ORDER_REFUND);
    const granted = await t.as(DEMO.netbarStaff);
    expect((await ringUp(granted, { lines: [{ sku_id: sku, qty: 1, price_fen: 150 }] })).status).toBe(200);
    expect(
      (
        await post(granted, '/api/v1/order_refund', {
          order_id: sold.data.order.id,
          request_id: rid(),
          reason: '退',
        })
      ).status,
    ).toBe(200);
  });
});

describe('bad input: a Chinese message and nothing written', () => {
  it('refuses a line of more than 999 pieces (100,000,000 ran the pricing out of memory) and malformed lines', async () => {
    const sku = await counterGoods(owner, '超量', 1000);
    const before = await written();
    for (const qty of [1000, 100_000_000, 2 ** 53]) {
      const r = await ringUp(owner, { lines: [{ sku_id: sku, qty }] });
      expect([r.status, r.msg]).toEqual([40000, '数量须为1-999之间的整数']);
    }
    for (const lines of ['[', '[null]', '[{"sku_id":1,"qty":1}', '"[]"']) {
      const r = await owner.post('/api/v1/order_create', { request_id: rid(), lines });
      expect([r.http, r.status, /[\u4e00-\u9fff]/.test(r.msg)]).toEqual([400, 40000, true]);
    }
    expect(await written()).toEqual(before);
    expect((await ringUp(owner, { lines: [{ sku_id: sku, qty: 999 }] })).status).toBe(200);
  });

  it('refuses zero or negative quantities, sums that are not the amount due, refunds beyond what was sold', async () => {
    const sku = await counterGoods(owner, '坏输入', 5);
    const o = (
      await ringUp(owner, {
        lines: [{ sku_id: sku, qty: 2 }],
        payments: [{ method: 'cash', amount_fen: 600 }],
      })
    ).data.order;
    const u = (await ringUp(owner, { lines: [{ sku_id: sku, qty: 1 }] })).data.order;
    const before = await written();
    for (const qty of [0, -1, 1.5]) {
      const r = await ringUp(owner, { lines: [{ sku_id: sku, qty }] });
      expect([r.status, r.msg.startsWith('数量须为1-')]).toEqual([40000, true]);
    }
    const short = await post(owner, '/api/v1/order_pay', {
      order_id: u.id,
      request_id: rid(),
      payments: [{ method: 'cash', amount_fen: 200 }],
    });
    expect([short.status, short.msg]).toEqual([40000, '支付金额合计¥2.00须等于应收金额¥3.00']);
    const noMember = await post(owner, '/api/v1/order_pay', {
      order_id: u.id,
      request_id: rid(),
      payments: [{ method: 'member', amount_fen: 300 }],
    });
    expect([noMember.status, noMember.msg]).toEqual([40000, '会员余额支付须先选择会员']);
    const tooMany = await post(owner, '/api/v1/order_refund', {
      order_id: o.id,
      request_id: rid(),
      reason: '多退',
      lines: [{ line_id: o.lines[0]!.id, qty: 3 }],
    });
    expect([tooMany.status, tooMany.msg]).toEqual([40000, '坏输入最多可退2件']);
    const unpaid = await post(owner, '/api/v1/order_refund', {
      order_id: u.id,
      request_id: rid(),
      reason: '退',
    });
    expect([unpaid.status, unpaid.msg]).toEqual([40009, '订单未支付，不能退款']);
    const noReason = await post(owner, '/api/v1/order_refund', {
      order_id: o.id,
      request_id: rid(),
      reason: '',
    });
    expect([noReason.status, noReason.msg]).toEqual([40000, '请填写退款原因（1-100个字符）']);
    expect(await written()).toEqual(before);
  });

  it('writes both ledgers for a member payment or neither: a refusal after the charge (no stock) leaves the card as it was', async () => {
    const sku = await counterGoods(owner, '无货商品', 0);
    const mid = await memberWith(owner, 1000);
    const before = await written();
    const r = await ringUp(owner, {
      member_id: mid,
      lines: [{ sku_id: sku, qty: 1 }],
      payments: [{ method: 'member', amount_fen: 300 }],
    });
    expect(r.status).toBe(40000);
    expect(r.msg).toContain('库存不足');
    expect(await written()).toEqual(before);
    const bal = await rows<{ p: number }>(
      t.database.db,
      sql`select principal_fen::int as p from members where id = ${mid}`,
    );
    expect(bal[0]!.p).toBe(1000);
  });
});

describe('two cashiers and the last unit (no negative stock)', () => {
  it('sells it once: one succeeds, the other gets 库存不足 and nothing of its order is written', async () => {
    const sku = await counterGoods(owner, '最后一件', 1);
    const before = await count(t, 'orders');
    const [a, b] = await Promise.all(
      [owner, staff].map((c) =>
        ringUp(c, { lines: [{ sku_id: sku, qty: 1 }], payments: [{ method: 'cash', amount_fen: 300 }] }),
      ),
    );
    expect([a!.status, b!.status].sort()).toEqual([200, 40000]);
    expect([a!.msg, b!.msg].find((m) => m !== '收款成功')).toContain('库存不足');
    expect(await count(t, 'orders')).toBe(before + 1);
    expect(await counterQty(t, sku)).toBe(0);
  });
});
