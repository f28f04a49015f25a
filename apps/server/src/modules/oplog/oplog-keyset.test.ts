import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { walkKeyset } from '../../test/keyset-walk.ts';
import { xlsxRows } from '../../test/kit.ts';

/** Decision 060: the operation log pages by keyset; its export counts the rows it wrote. */

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as(DEMO.admin);
  for (let i = 0; i < 6; i++) await t.as(DEMO.agent);
});
afterAll(() => t.close());

describe('operation log at scale', () => {
  it('keyset pages neither skip nor repeat rows under concurrent inserts', async () => {
    const before = await rows<{ id: number }>(
      t.database.db,
      sql`select id from operation_log order by at desc, id desc`,
    );
    const seen = await walkKeyset(admin, '/api/v1/get_admin_log', { page_size: 7 }, async () => {
      await t.as(DEMO.agent); // a login writes a row
    });
    expect(seen).toEqual(before.map((r) => Number(r.id)));
  });

  it('the export’s 合计 counts the rows written', async () => {
    const x = await xlsxRows(admin, '/api/v1/admin_log_export?user_name=demo_agent');
    const body = x.rows.slice(1, -1);
    expect(x.rows[x.rows.length - 1]![0]).toBe(`合计 ${body.length} 条`);
    expect(body.length).toBeGreaterThan(5);
  });
});
