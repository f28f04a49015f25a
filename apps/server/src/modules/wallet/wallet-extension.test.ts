import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count, walletLedgerMismatches } from '../../test/kit.ts';

/** The wallet's money out: a netbar's extension priced, paid once, cancelled, and raced. */

let t: TestApp;
let agent: Client;
let agent2: Client;
let admin: Client;
let second: number;
let other: number;
beforeAll(async () => {
  t = await createTestApp();
  [agent, agent2, admin] = await Promise.all([t.as(DEMO.agent), t.as(DEMO.agent2), t.as(DEMO.admin)]);
  const ids = await rows<{ id: number; name: string }>(t.database.db, sql`select id, name from netbars`);
  second = ids.find((n) => n.name === '星际网咖二店')!.id;
  other = ids.find((n) => n.name === '极速网吧')!.id;
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await walletLedgerMismatches(t.database.db)).toEqual([]);
});

const balance = async (c: Client) =>
  (await c.get<{ balance_fen: number }>('/api/v1/agent_balance')).data.balance_fen;
const product = async () =>
  (await agent.get<{ id: number; name: string; price_fen: number }[]>('/api/v1/product_info')).data.find(
    (p) => p.name === '专业版',
  )!;
let seq = 0;
const rid = () => `test-req-${Date.now()}-${++seq}`;

describe('netbar extension paid from the wallet', () => {
  it('prices machines × months × unit price, pays once, moves the expiry, and refuses to cancel a paid order', async () => {
    const p = await product();
    const nb = await agent.get<{ machine_count: number; expire_at: string }>('/api/v1/agent_netbar_detail', {
      netbar_id: second,
    });
    const order = await agent.post<{ id: number; amount_fen: number }>('/api/v1/agent_netbar_extension', {
      netbar_id: second,
      months: 2,
      product_id: p.id,
      request_id: rid(),
    });
    expect(order.data.amount_fen).toBe(p.price_fen * nb.data.machine_count * 2);
    const before = await balance(agent);
    const pays = await Promise.all(
      [1, 2, 3].map(() => agent.get('/api/v1/agent_consumption_pay', { id: order.data.id })),
    );
    expect(pays.map((x) => x.status).sort()).toEqual([200, 40007, 40007]);
    expect(await balance(agent)).toBe(before - order.data.amount_fen);
    const after = await agent.get<{ expire_at: string }>('/api/v1/agent_netbar_detail', {
      netbar_id: second,
    });
    const months = (Date.parse(after.data.expire_at) - Date.parse(nb.data.expire_at)) / (86400_000 * 30.4);
    expect(months).toBeGreaterThan(1.9);
    expect(months).toBeLessThan(2.1);
    const cancel = await agent.get('/api/v1/agent_consumption_cancel', { id: order.data.id });
    expect([cancel.status, cancel.msg]).toEqual([40009, '订单已支付，不能取消']);
  });

  it('cancels an unpaid order, which can then not be paid', async () => {
    const p = await product();
    const order = await agent.post<{ id: number }>('/api/v1/agent_netbar_extension', {
      netbar_id: second,
      months: 1,
      product_id: p.id,
      request_id: rid(),
    });
    expect((await agent.get('/api/v1/agent_consumption_cancel', { id: order.data.id })).status).toBe(200);
    expect((await agent.get('/api/v1/agent_consumption_pay', { id: order.data.id })).status).toBe(40009);
  });

  it("refuses another agent's netbar and order as not found, and bad input in Chinese", async () => {
    const p = await product();
    expect(
      (
        await agent.post('/api/v1/agent_netbar_extension', {
          netbar_id: other,
          months: 1,
          product_id: p.id,
          request_id: rid(),
        })
      ).status,
    ).toBe(40004);
    const order = await agent.post<{ id: number }>('/api/v1/agent_netbar_extension', {
      netbar_id: second,
      months: 1,
      product_id: p.id,
      request_id: rid(),
    });
    expect((await agent2.get('/api/v1/agent_consumption_pay', { id: order.data.id })).status).toBe(40004);
    expect((await agent2.get('/api/v1/agent_consumption_cancel', { id: order.data.id })).status).toBe(40004);
    const n = await count(t.database.db, 'consumption_orders');
    const bad = await agent.post('/api/v1/agent_netbar_extension', {
      netbar_id: second,
      months: 37,
      product_id: p.id,
      request_id: rid(),
    });
    expect([bad.status, bad.msg]).toEqual([40000, '续费月数为1-36的整数']);
    expect(await count(t.database.db, 'consumption_orders')).toBe(n);
    const forged = await agent.request(
      'GET',
      '/api/v1/agent_consumption_pay',
      { id: order.data.id },
      { headers: { 'x-requested-with': '' } },
    );
    expect(forged.status).toBe(40003);
  });

  it('50 concurrent payments against one balance: never below zero, none lost or doubled', async () => {
    const p = await product();
    const agentId = (
      await rows<{ id: number }>(t.database.db, sql`select id from agents where name = '华东网吧服务商'`)
    )[0]!.id;
    const orders = [];
    for (let i = 0; i < 50; i++)
      orders.push(
        (
          await agent.post<{ id: number; amount_fen: number }>('/api/v1/agent_netbar_extension', {
            netbar_id: second,
            months: 1,
            product_id: p.id,
            request_id: rid(),
          })
        ).data,
      );
    const each = orders[0]!.amount_fen;
    // Leave room for exactly 20 payments.
    const now = await balance(agent);
    await admin.post('/api/v1/admin_wallet_adjust', {
      agent_id: agentId,
      amount_fen: 20 * each - now,
      reason: '并发测试',
      request_id: rid(),
    });
    expect(await balance(agent)).toBe(20 * each);
    const res = await Promise.all(
      orders.map((o) => agent.get('/api/v1/agent_consumption_pay', { id: o.id })),
    );
    expect(res.filter((r) => r.status === 200)).toHaveLength(20);
    expect(res.filter((r) => r.status === 40009 && r.msg === '钱包余额不足，请先充值')).toHaveLength(30);
    expect(res.some((r) => r.http >= 500)).toBe(false);
    expect(await balance(agent)).toBe(0);
    const paid = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from consumption_orders where id in ${sql`(${sql.join(
        orders.map((o) => sql`${o.id}`),
        sql`, `,
      )})`} and status = 1`,
    );
    expect(paid[0]!.n).toBe(20);
  });
});
