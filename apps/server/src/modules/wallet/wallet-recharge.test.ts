import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count, walletLedgerMismatches, xlsxRows } from '../../test/kit.ts';

/** The wallet's money in: recharge orders, administrator adjustments, and its lists and export. */
let t: TestApp;
let agent: Client;
let agent2: Client;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp();
  [agent, agent2, admin] = await Promise.all([t.as(DEMO.agent), t.as(DEMO.agent2), t.as(DEMO.admin)]);
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await walletLedgerMismatches(t.database.db)).toEqual([]);
});

const balance = async (c: Client) =>
  (await c.get<{ balance_fen: number }>('/api/v1/agent_balance')).data.balance_fen;
let seq = 0;
const rid = () => `test-req-${Date.now()}-${++seq}`;

describe('recharge by bank transfer, confirmed by an administrator', () => {
  it('creates a pending order once per request_id and credits the wallet once on confirm', async () => {
    const before = await balance(agent);
    const request_id = rid();
    const r = await agent.post<{ id: number; status: number }>('/api/v1/agent_recharge', {
      amount_fen: 123456,
      request_id,
    });
    expect(r.status).toBe(200);
    expect(r.data.status).toBe(0);
    const again = await agent.post<{ id: number }>('/api/v1/agent_recharge', {
      amount_fen: 123456,
      request_id,
    });
    expect(again.status).toBe(40007);
    expect(again.data.id).toBe(r.data.id);
    expect(await balance(agent)).toBe(before);

    const confirms = await Promise.all(
      [1, 2, 3].map(() =>
        admin.post('/api/v1/admin_recharge_confirm', { id: r.data.id, transfer_ref: 'ICBC-T-001' }),
      ),
    );
    expect(confirms.map((c) => c.status).sort()).toEqual([200, 40007, 40007]);
    expect(await balance(agent)).toBe(before + 123456);
    const log = await agent.get<{ list: { kind: string; amount_fen: number }[] }>(
      '/api/v1/agent_wallet_ledger',
      { page: 1, page_size: 10 },
    );
    expect(log.data.list[0]).toMatchObject({ kind: 'recharge', amount_fen: 123456 });
    const op = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from operation_log where user_name = 'demo_admin' and action like '确认充值到账%'`,
    );
    expect(op[0]!.n).toBeGreaterThan(0);
  });

  it('refuses bad amounts in Chinese and writes nothing', async () => {
    const n = await count(t.database.db, 'recharge_orders');
    for (const [form, msg] of [
      [{ request_id: rid() }, '请输入充值金额'],
      [{ amount_fen: '12.5', request_id: rid() }, '请输入充值金额'],
      [{ amount_fen: 0, request_id: rid() }, '请输入充值金额'],
      [{ amount_fen: 100_000_001, request_id: rid() }, '单次充值金额不能超过100万元'],
      [{ amount_fen: 100 }, '请求标识无效，请刷新页面后重试'],
    ] as const) {
      const r = await agent.post('/api/v1/agent_recharge', form);
      expect([r.status, r.msg]).toEqual([40000, msg]);
    }
    expect(await count(t.database.db, 'recharge_orders')).toBe(n);
  });

  it("only administrators confirm; agents cannot see each other's recharge orders", async () => {
    const r = await agent2.post<{ id: number }>('/api/v1/agent_recharge', {
      amount_fen: 1000,
      request_id: rid(),
    });
    expect(
      (await agent.post('/api/v1/admin_recharge_confirm', { id: r.data.id, transfer_ref: 'x' })).status,
    ).toBe(40003);
    const mine = await agent.get<{ list: { id: number }[] }>('/api/v1/agent_recharge_log', {
      page: 1,
      page_size: 50,
    });
    expect(mine.data.list.map((x) => x.id)).not.toContain(r.data.id);
    expect(
      (await admin.post('/api/v1/admin_recharge_reject', { id: r.data.id, reason: '未收到转账' })).status,
    ).toBe(200);
    expect(
      (await admin.post('/api/v1/admin_recharge_confirm', { id: r.data.id, transfer_ref: 'x' })).status,
    ).toBe(40009);
    expect(
      (await admin.post('/api/v1/admin_recharge_confirm', { id: 999999, transfer_ref: 'x' })).status,
    ).toBe(40004);
  });

  it('administrators credit or debit with a reason, never below zero, once per request_id', async () => {
    const agentId = (
      await rows<{ id: number }>(t.database.db, sql`select id from agents where name = '华南网吧服务商'`)
    )[0]!.id;
    const before = await balance(agent2);
    const request_id = rid();
    expect(
      (
        await admin.post('/api/v1/admin_wallet_adjust', {
          agent_id: agentId,
          amount_fen: 5000,
          reason: '活动补贴',
          request_id,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await admin.post('/api/v1/admin_wallet_adjust', {
          agent_id: agentId,
          amount_fen: 5000,
          reason: '活动补贴',
          request_id,
        })
      ).status,
    ).toBe(40007);
    expect(await balance(agent2)).toBe(before + 5000);
    const over = await admin.post('/api/v1/admin_wallet_adjust', {
      agent_id: agentId,
      amount_fen: -(before + 5001),
      reason: '误充扣回',
      request_id: rid(),
    });
    expect([over.status, over.msg]).toEqual([40009, '钱包余额不足，请先充值']);
    expect(
      (
        await admin.post('/api/v1/admin_wallet_adjust', {
          agent_id: agentId,
          amount_fen: 100,
          request_id: rid(),
        })
      ).msg,
    ).toBe('请填写原因（1-100个字符）');
    expect(
      (
        await agent.post('/api/v1/admin_wallet_adjust', {
          agent_id: agentId,
          amount_fen: 100,
          reason: 'x',
          request_id: rid(),
        })
      ).status,
    ).toBe(40003);
  });
});

describe('lists and export', () => {
  it('ledger, orders and recharge logs page, and the xlsx carries the same total', async () => {
    const l = await agent.get<{ count: number; total_fen: number; list: unknown[] }>(
      '/api/v1/agent_wallet_ledger',
      { page: 1, page_size: 10 },
    );
    expect(l.data.list.length).toBeLessThanOrEqual(10);
    expect(l.data.total_fen).toBe(await balance(agent));
    const x = await xlsxRows(agent, '/api/v1/agent_wallet_ledger_export');
    expect(x.contentType).toContain('spreadsheetml');
    expect(x.rows).toHaveLength(l.data.count + 2);
    expect(x.rows.at(-1)![2]).toBe(l.data.total_fen / 100);
    expect((await agent.get('/api/v1/agent_consumption_order', { page: 1, page_size: 1001 })).status).toBe(
      40000,
    );
    await expect((await t.as(DEMO.netbar)).get('/api/v1/agent_balance').then((r) => r.status)).resolves.toBe(
      40003,
    );
  });
});
