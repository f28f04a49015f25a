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

  it('every goods redemption left the counter through the stock ledger (decision 118)', async () => {
    const db = t.database.db;
    const stores = await rows<{ id: number; name: string }>(
      db,
      sql`select id, name from netbars where name in ('星际网咖旗舰店', '极速网吧') order by id`,
    );
    expect(stores).toHaveLength(2);
    for (const st of stores) {
      // each redemption: its sale (request redeem:<request id>), one counter row of its item and quantity
      const [f] = await rows<{ goods: number; unlinked: number; mismatched: number; short: number }>(
        db,
        sql`select count(*)::int as goods,
              count(*) filter (where s.id is null)::int as unlinked,
              count(*) filter (where s.id is not null and (s.request_id <> 'redeem:' || ml.request_id or x.n <> 1 or x.item_id <> r.sku_id
                or x.delta <> -r.qty or x.at <> r.at or x.ref_no <> s.sale_no or x.loc <> 'counter' or x.ref_type <> 'sale'))::int as mismatched,
              count(*) filter (where x.qty_before < r.qty)::int as short
            from member_redemptions r
            join member_ledger ml on ml.id = r.ledger_id
            left join stock_sales s on s.id = r.sale_id and s.netbar_id = r.netbar_id
            left join lateral (select count(*)::int as n, min(item_id) as item_id, sum(delta)::int as delta, min(at) as at,
                                 min(ref_no) as ref_no, min(location) as loc, min(ref_type) as ref_type, min(qty_before)::int as qty_before
                               from stock_ledger l where l.sale_id = s.id) x on true
            where r.netbar_id = ${st.id} and r.kind = 'goods'`,
      );
      expect(f!.goods, st.name).toBeGreaterThan(3);
      expect({ ...f, goods: 0 }, st.name).toEqual({ goods: 0, unlinked: 0, mismatched: 0, short: 0 });
      // levels are ledger sums, and the counter's 变动前/变动后 chain in time order never goes below 0
      const [g] = await rows<{ levels: number; off: number; breaks: number; negative: number }>(
        db,
        sql`select (select count(*)::int from stock_levels where netbar_id = ${st.id}) as levels,
              (select count(*)::int from stock_levels v left join lateral (select coalesce(sum(delta), 0) as q, coalesce(sum(value_fen), 0) as val
                 from stock_ledger l where l.netbar_id = v.netbar_id and l.item_kind = v.item_kind and l.item_id = v.item_id and l.location = v.location) s on true
               where v.netbar_id = ${st.id} and (v.qty <> s.q or v.value_fen <> s.val)) as off,
              (select count(*)::int from (select qty_before, lag(qty_after) over (partition by item_kind, item_id, location order by at, id) as prev
                 from stock_ledger where netbar_id = ${st.id}) c where c.prev is distinct from c.qty_before and not (c.prev is null and c.qty_before = 0)) as breaks,
              (select count(*)::int from stock_ledger where netbar_id = ${st.id} and qty_after < 0) as negative`,
      );
      expect(g!.levels, st.name).toBeGreaterThan(5);
      expect({ ...g, levels: 0 }, st.name).toEqual({ levels: 0, off: 0, breaks: 0, negative: 0 });
    }
    // the stock report's 销售出库 counts them with the till's sales; the records show their 出库单号
    const c = await t.as(DEMO.netbar);
    const day = (d: number) => new Date(Date.now() + 8 * 3600_000 - d * 86400_000).toISOString().slice(0, 10);
    const report = await c.get<{ list: { item_kind: string; item_id: number; sale_qty: number }[] }>(
      '/api/v1/stock_report',
      { start: day(92), end: day(0), location: 'counter', item_kind: 'goods', page: 1, page_size: 100 },
    );
    expect(report.status).toBe(200);
    // 销售 counts the orders' goods returned (sale_refund) against their sales (decision 137)
    const sold = await rows<{ sku: number; qty: number; redeemed: number }>(
      t.database.db,
      sql`select (x->>'sku_id')::int as sku, sum((x->>'qty')::int * s.sign)::int as qty,
            coalesce(sum((x->>'qty')::int) filter (where s.request_id like 'redeem:%'), 0)::int as redeemed
          from (select netbar_id, request_id, lines, 1 as sign from stock_sales
                union all select netbar_id, request_id, lines, -1 from stock_sale_refunds) s cross join jsonb_array_elements(s.lines) x
          join goods_skus k on k.id = (x->>'sku_id')::int join goods g on g.id = k.goods_id
          where s.netbar_id = (select id from netbars where name = '星际网咖旗舰店') and g.track_stock
            and not exists (select 1 from goods_recipes r where r.goods_id = g.id)
          group by 1`,
    );
    expect(sold.some((x) => x.redeemed > 0)).toBe(true);
    for (const x of sold)
      expect(report.data.list.find((r) => r.item_id === x.sku)?.sale_qty, String(x.sku)).toBe(-x.qty);
    const rec = await c.get<{ list: { kind: string; sale_no: string }[] }>('/api/v1/redemption_list', {
      kind: 'goods',
      page: 1,
      page_size: 100,
    });
    expect(rec.data.list.length).toBeGreaterThan(3);
    for (const r of rec.data.list) expect(r.sale_no).toMatch(/^XS\d{20}$/);
  });
});
