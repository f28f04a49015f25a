import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count, walletLedgerMismatches, xlsxRows } from '../../test/kit.ts';

/** Agent staff's netbar/region grant narrows the wallet's orders; extension orders replay by request_id. */
let t: TestApp;
let agent: Client;
let staff: Client;
let second: number;
let third: number;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  agent = await t.as(DEMO.agent);
  const ids = await rows<{ id: number; name: string }>(t.database.db, sql`select id, name from netbars`);
  second = ids.find((n) => n.name === '星际网咖二店')!.id;
  third = ids.find((n) => n.name === '星际网咖三店')!.id;
  const staffId = (
    await rows<{ id: number }>(t.database.db, sql`select id from users where user_name = 'demo_agent_staff'`)
  )[0]!.id;
  // Fund permission (16) and the netbar list (3, 4), but only the third store.
  const grant = await agent.post('/api/v1/agent_auth_area', {
    user_id: staffId,
    perm_ids: '3,4,16',
    netbar_ids: String(third),
    regions: '',
  });
  expect(grant.status).toBe(200);
  staff = await t.as(DEMO.agentStaff);
  productId = (await agent.get<{ id: number }[]>('/api/v1/product_info')).data[0]!.id;
  await agent.post('/api/v1/agent_recharge', { amount_fen: 10_000_000, request_id: 'scope-recharge-1' });
  const rc = await rows<{ id: number }>(
    t.database.db,
    sql`select id from recharge_orders where request_id = 'scope-recharge-1'`,
  );
  const admin = await t.as(DEMO.admin);
  await admin.post('/api/v1/admin_recharge_confirm', { id: rc[0]!.id, transfer_ref: 'SCOPE-1' });
});
afterAll(() => t.close());
afterEach(async () => {
  expect(await walletLedgerMismatches(t.database.db)).toEqual([]);
});

let seq = 0;
const rid = () => `scope-${Date.now()}-${++seq}`;
const order = async (netbarId: number, requestId = rid()) =>
  agent.post<{ id: number; amount_fen: number; status: number }>('/api/v1/agent_netbar_extension', {
    netbar_id: netbarId,
    months: 1,
    product_id: productId,
    request_id: requestId,
  });
const balance = async () =>
  (await agent.get<{ balance_fen: number }>('/api/v1/agent_balance')).data.balance_fen;
const status = async (id: number) =>
  Number(
    (
      await rows<{ status: number }>(
        t.database.db,
        sql`select status from consumption_orders where id = ${id}`,
      )
    )[0]!.status,
  );

describe("agent staff's grant in the wallet", () => {
  it("lists and exports only the granted netbars' orders", async () => {
    const inside = (await order(third)).data;
    const outside = (await order(second)).data;
    const mine = await staff.get<{ list: { id: number }[] }>('/api/v1/agent_consumption_order', {
      page: 1,
      page_size: 100,
    });
    const seen = mine.data.list.map((o) => o.id);
    expect(seen).toContain(inside.id);
    expect(seen).not.toContain(outside.id);
    const all = (
      await agent.get<{ list: { id: number }[] }>('/api/v1/agent_consumption_order', {
        page: 1,
        page_size: 100,
      })
    ).data.list.map((o) => o.id);
    expect(all).toEqual(expect.arrayContaining([inside.id, outside.id]));
    const sheet = (await xlsxRows(staff, '/api/v1/agent_consumption_order_export')).rows;
    const orderNos = sheet.map((r) => String(r[0]));
    const outsideNo = (
      await rows<{ order_no: string }>(
        t.database.db,
        sql`select order_no from consumption_orders where id = ${outside.id}`,
      )
    )[0]!.order_no;
    expect(orderNos).not.toContain(outsideNo);
  });

  it('cannot pay or cancel an order of a netbar outside the grant (40004, nothing changes)', async () => {
    const outside = (await order(second)).data;
    const before = await balance();
    const pay = await staff.get('/api/v1/agent_consumption_pay', { id: outside.id });
    expect([pay.status, pay.msg]).toEqual([40004, '订单不存在']);
    const cancel = await staff.get('/api/v1/agent_consumption_cancel', { id: outside.id });
    expect(cancel.status).toBe(40004);
    expect(await status(outside.id)).toBe(0);
    expect(await balance()).toBe(before);
    const inside = (await order(third)).data;
    expect((await staff.get('/api/v1/agent_consumption_pay', { id: inside.id })).status).toBe(200);
    expect(await balance()).toBe(before - inside.amount_fen);
  });

  it('pay refuses an order whose netbar has left the agent since it was placed', async () => {
    const o = (await order(second)).data;
    const before = await balance();
    await t.database.db.execute(sql`update netbars set agent_id = null where id = ${second}`);
    try {
      const pay = await agent.get('/api/v1/agent_consumption_pay', { id: o.id });
      expect(pay.status).toBe(40004);
      expect(await status(o.id)).toBe(0);
      expect(await balance()).toBe(before);
    } finally {
      await t.database.db.execute(
        sql`update netbars set agent_id = (select agent_id from netbars where id = ${third}) where id = ${second}`,
      );
    }
  });
});

describe('extension orders carry a request id', () => {
  it('a double click (parallel or repeated) creates one order; the replay returns it', async () => {
    const n = await count(t.database.db, 'consumption_orders');
    const requestId = rid();
    const res = await Promise.all([1, 2, 3].map(() => order(third, requestId)));
    expect(res.map((r) => r.status).sort()).toEqual([200, 40007, 40007]);
    expect(new Set(res.map((r) => r.data.id)).size).toBe(1);
    const again = await order(third, requestId);
    expect([again.status, again.data.id]).toEqual([40007, res[0]!.data.id]);
    expect(await count(t.database.db, 'consumption_orders')).toBe(n + 1);
  });

  it('refuses a missing or malformed request id in Chinese and writes nothing', async () => {
    const n = await count(t.database.db, 'consumption_orders');
    for (const request_id of [undefined, 'x', 'has space 123']) {
      const r = await agent.post('/api/v1/agent_netbar_extension', {
        netbar_id: third,
        months: 1,
        product_id: productId,
        request_id,
      });
      expect([r.status, r.msg]).toEqual([40000, '请求标识无效，请刷新页面后重试']);
    }
    expect(await count(t.database.db, 'consumption_orders')).toBe(n);
  });
});
