import { shanghaiDate } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';

/** The wallet's date filters are Beijing calendar days (lib/day-bounds.ts), both bounds inclusive. */

let t: TestApp;
let agent: Client;
beforeAll(async () => {
  t = await createTestApp();
  agent = await t.as(DEMO.agent);
  const admin = await t.as(DEMO.admin);
  const [a] = await rows<{ agent_id: number }>(
    t.database.db,
    sql`select agent_id from users where user_name = 'demo_agent'`,
  );
  const r = await admin.post('/api/v1/admin_wallet_adjust', {
    agent_id: a!.agent_id,
    amount_fen: 1234,
    reason: '日期筛选测试',
    request_id: `date-filter-${Date.now()}`,
  });
  expect(r.status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const ledger = (q: Record<string, string>) =>
  agent.get<{ count: number }>('/api/v1/agent_wallet_ledger', { page: '1', page_size: '10', ...q });

describe('wallet date filters', () => {
  it('a day far ahead finds nothing; a range ending today (Beijing) finds every row', async () => {
    const all = await ledger({});
    expect(all.data.count).toBeGreaterThan(0);
    expect((await ledger({ date_from: '2099-01-01' })).data.count).toBe(0);
    expect((await ledger({ date_from: '2000-01-01', date_to: shanghaiDate() })).data.count).toBe(
      all.data.count,
    );
  });

  it('recharge and order lists take the same bounds', async () => {
    for (const url of ['/api/v1/agent_recharge_log', '/api/v1/agent_consumption_order']) {
      const r = await agent.get<{ count: number }>(url, {
        page: '1',
        page_size: '10',
        date_from: '2099-01-01',
      });
      expect(r.status, url).toBe(200);
      expect(r.data.count, url).toBe(0);
    }
  });
});
