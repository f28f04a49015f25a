import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { rid } from '../../test/kit.ts';

/** Two cashiers at once on one table: one opening, one settlement, whatever the timing. */

let t: TestApp;
let c: Client;
let staff: Client;
let desk: number;
beforeAll(async () => {
  t = await createTestApp();
  c = await t.as(DEMO.netbar);
  staff = await t.as(DEMO.netbarStaff);
  desk = (
    await c.post<{ id: number }>('/api/v1/desk_save', {
      name: '并发厅',
      kind: 'room',
      capacity: 4,
      hourly_fen: 6000,
    })
  ).data.id;
});
afterAll(() => t.close());

const q = <T>(text: ReturnType<typeof sql>) => rows<T>(t.database.db, text);

describe('concurrent counter actions on one desk', () => {
  it('opens it once and settles it once', async () => {
    const opens = await Promise.all(
      [c, staff, c, staff].map((who) =>
        who.post<{ session_id: number }>('/api/v1/desk_open', { request_id: rid(), desk_id: desk }),
      ),
    );
    const won = opens.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    for (const r of opens.filter((x) => x.status !== 200))
      expect([r.status, r.msg]).toEqual([40009, '该包间/桌台正在使用中']);
    const id = won[0]!.data.session_id;
    await q(
      sql`update desk_sessions set opened_at = now() - interval '59 minutes 30 seconds' where id = ${id}`,
    );

    const settles = await Promise.all(
      [c, staff, c, staff].map((who) =>
        who.post('/api/v1/desk_settle', { request_id: rid(), session_id: id, method: 'cash' }),
      ),
    );
    expect(settles.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of settles.filter((x) => x.status !== 200))
      expect([r.status, r.msg]).toEqual([40009, '该桌台订单已结账']);
    const till = await q<{ n: number; fen: number }>(
      sql`select count(*)::int as n, sum(amount_fen)::int as fen from till_ledger t
          join desk_sessions x on t.ref_type = 'desk' and t.ref_no = x.session_no where x.id = ${id}`,
    );
    expect(till).toEqual([{ n: 1, fen: 6000 }]);
  });
});
