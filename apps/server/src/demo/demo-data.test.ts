import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.ts';
import { createTestApp, DEMO, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo data on a fresh start', () => {
  it('seeded document numbers carry the Beijing day of their document', async () => {
    const docs = await rows<{ doc_no: string; day: string }>(
      t.database.db,
      sql`select doc_no, to_char(created_at at time zone 'Asia/Shanghai', 'YYYYMMDD') as day from stock_docs`,
    );
    expect(docs.length).toBeGreaterThan(3);
    for (const d of docs) expect(d.doc_no.slice(-14, -6), d.doc_no).toBe(d.day);
  });

  it('groups, sales plans and promotions are filled in both demo stores', async () => {
    for (const who of [DEMO.netbar, DEMO.netbar2]) {
      const c = await t.as(who);
      for (const list of ['goods_group_list', 'goods_sales_plan_list', 'commodity_promotion_list']) {
        const r = await c.get<{ count: number }>(`/api/v1/${list}`, { page: 1, page_size: 10 });
        expect(r.status, `${who.user_name} ${list}`).toBe(200);
        expect(r.data.count, `${who.user_name} ${list}`).toBeGreaterThan(0);
      }
    }
  });

  it('the administrator outbox has past, masked messages', async () => {
    const admin = await t.as(DEMO.admin);
    const r = await admin.get<{ count: number; list: { content: string }[] }>('/api/v1/outbox_list');
    expect(r.data.count).toBeGreaterThan(0);
    expect(r.data.list.some((o) => /\d{6}/.test(o.content))).toBe(false);
  });

  it('the flagship has an issue note and a count sheet in progress', async () => {
    const c = await t.as(DEMO.netbar);
    for (const doc_type of ['goods_out', 'check']) {
      const r = await c.get<{ count: number }>('/api/v1/stock_doc_list', {
        doc_type,
        page: 1,
        page_size: 10,
      });
      expect(r.data.count, doc_type).toBeGreaterThan(0);
    }
  });
});
