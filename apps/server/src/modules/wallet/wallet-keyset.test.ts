import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { walkKeyset } from '../../test/keyset-walk.ts';
import { xlsxRows } from '../../test/kit.ts';

/** Decision 060: the wallet ledger pages by keyset; its export streams with a 合计 equal to its rows. */

let t: TestApp;
let admin: Client;
let agent: Client;
let agentId: number;
let seq = 0;
const credit = (amount_fen: number) =>
  admin.post('/api/v1/admin_wallet_adjust', {
    agent_id: agentId,
    amount_fen,
    reason: '分页测试',
    request_id: `keyset-${Date.now()}-${++seq}`,
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(DEMO.admin);
  agent = await t.as(DEMO.agent);
  agentId = (
    await rows<{ agent_id: number }>(
      t.database.db,
      sql`select agent_id from users where user_name = 'demo_agent'`,
    )
  )[0]!.agent_id;
  for (let i = 0; i < 25; i++) expect((await credit(100 + i)).status).toBe(200);
});
afterAll(() => t.close());

describe('wallet ledger at scale', () => {
  it('keyset pages neither skip nor repeat rows under concurrent inserts', async () => {
    const before = await rows<{ id: number }>(
      t.database.db,
      sql`select id from wallet_ledger where agent_id = ${agentId} order by id desc`,
    );
    const seen = await walkKeyset(agent, '/api/v1/agent_wallet_ledger', { page_size: 6 }, async () => {
      expect((await credit(7)).status).toBe(200);
    });
    expect(seen).toEqual(before.map((r) => Number(r.id)));
    expect(typeof seen[0]).toBe('number');
  });

  it('the export’s 合计 equals the sum of its rows', async () => {
    const x = await xlsxRows(agent, '/api/v1/agent_wallet_ledger_export');
    const body = x.rows.slice(1, -1);
    const last = x.rows[x.rows.length - 1]!;
    expect(last[0]).toBe('合计');
    const sum = body.reduce((s: number, r) => s + Number(r[2]), 0);
    expect(last[2]).toBe(Math.round(sum * 100) / 100);
    const n = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from wallet_ledger where agent_id = ${agentId}`,
    );
    expect(body.length).toBe(n[0]!.n);
  });
});
