import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.ts';
import { PRINCIPAL_TTL_MS } from '../tenant/principal-cache.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../test/harness.ts';

/** Decision 063: principals are cached briefly, and no grant or status change outlives the cache. */

let t: TestApp;
let agent: Client;
let staffId: number;
beforeAll(async () => {
  t = await createTestApp();
  agent = await t.as(DEMO.agent);
  staffId = (
    await rows<{ id: number }>(t.database.db, sql`select id from users where user_name = 'demo_agent_staff'`)
  )[0]!.id;
});
afterAll(() => t.close());

const grant = (perm_ids: string) =>
  agent.post('/api/v1/agent_auth_area', { user_id: staffId, perm_ids, netbar_ids: '', regions: '' });

describe('principal cache', () => {
  it('applies a grant change to the staff member’s very next call', async () => {
    expect((await grant('3,4,15,16')).status).toBe(200);
    const staff = await t.as(DEMO.agentStaff);
    expect((await staff.get('/api/v1/agent_balance')).status).toBe(200);
    expect((await staff.get('/api/v1/agent_balance')).status).toBe(200); // now cached
    expect((await grant('3,4')).status).toBe(200);
    expect((await staff.get('/api/v1/agent_balance')).status).toBe(40003);
    expect((await grant('3,4,15,16')).status).toBe(200);
    expect((await staff.get('/api/v1/agent_balance')).status).toBe(200);
  });

  it('refuses a disabled staff member on the next call, and a change made outside HTTP within the TTL', async () => {
    const staff = await t.as(DEMO.agentStaff);
    expect((await staff.get('/api/v1/agent_balance')).status).toBe(200);
    // disabled by hand in the database (a job, another process): no request here clears the cache
    await rows(t.database.db, sql`update users set status = 0 where id = ${staffId}`);
    await new Promise((r) => setTimeout(r, PRINCIPAL_TTL_MS + 100));
    expect((await staff.get('/api/v1/agent_balance')).status).toBe(40005);
    await rows(t.database.db, sql`update users set status = 1 where id = ${staffId}`);
    const again = await t.as(DEMO.agentStaff);
    expect((await again.get('/api/v1/agent_balance')).status).toBe(200);
    const edit = await agent.post('/api/v1/agent_person_edit', {
      id: staffId,
      true_name: '测试员工',
      mobile: '13622224444',
      position: '',
      password: '',
      status: 0,
    });
    expect(edit.status, edit.msg).toBe(200);
    expect((await again.get('/api/v1/agent_balance')).status).toBe(40005);
  });

  it('forgets a cached session at logout, and one deleted outside HTTP within the TTL (decision 066)', async () => {
    const page = '/api/v1/stock_ledger_list?page_size=5';
    const owner = await t.as(DEMO.netbar);
    expect((await owner.get(page)).status).toBe(200);
    expect((await owner.get(page)).status).toBe(200); // session and store check now cached
    expect((await owner.get('/api/v1/logout')).status).toBe(200);
    expect((await owner.get(page)).status).toBe(40005);

    const again = await t.as(DEMO.netbar);
    expect((await again.get(page)).status).toBe(200);
    // ended behind the server's back (the session store: the sessions table, or Redis with REDIS_URL)
    const ownerId = (
      await rows<{ id: number }>(t.database.db, sql`select id from users where user_name = 'demo_netbar'`)
    )[0]!.id;
    expect(await t.app.deps.sessions.destroyUser(ownerId)).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, PRINCIPAL_TTL_MS + 100));
    expect((await again.get(page)).status).toBe(40005);
  });
});
