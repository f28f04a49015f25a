import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Conn, rows } from '../db/client.ts';
import { testCodeKey, testHooksOn } from '../modules/outbox/test-codes.ts';
import { type Client, DEMO, type TestApp } from './harness.ts';

/**
 * The server test kit: helpers every module's tests share (decision 081). A module's tests import from
 * here, never from another module's folder.
 */

/** Rows in a table, on a test app or a connection. */
export async function count(on: TestApp | Conn, table: string): Promise<number> {
  const db = 'database' in on ? on.database.db : on;
  const r = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
  return Number(r[0]?.n ?? 0);
}

/** Rows in a table matching a trusted SQL condition written by the test. */
export async function countOf(t: TestApp, table: string, where = 'true'): Promise<number> {
  const r = await rows<{ n: number }>(
    t.database.db,
    sql.raw(`select count(*)::int as n from ${table} where ${where}`),
  );
  return Number(r[0]?.n ?? 0);
}

/**
 * The code of the newest message to an address (tests read what a user would receive): the outbox
 * holds only the masked text, so this reads what the test hook keeps (the app needs E2E_TEST_HOOKS=1).
 */
export async function latestCode(t: TestApp, to: string): Promise<string> {
  if (!testHooksOn(t.config)) throw new Error('latestCode needs createTestApp({ E2E_TEST_HOOKS: "1" })');
  const code = (await t.app.deps.kv.get<{ code: string }>(testCodeKey(to)))?.code;
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

/** Downloads an xlsx export as the client and returns the first sheet's rows as arrays of cell values. */
export async function xlsxRows(c: Pick<Client, 'app' | 'cookies'>, url: string) {
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await c.app.inject({ method: 'GET', url, headers: { cookie } });
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return { contentType: String(res.headers['content-type']), rows: out };
}

/** Agents whose running balance differs from the sum of their wallet ledger (should be none, always). */
export async function walletLedgerMismatches(db: Conn) {
  return rows<{ agent_id: number; balance: string; ledger: string }>(
    db,
    sql`select w.agent_id, w.balance_fen as balance, coalesce(l.s, 0) as ledger
    from wallets w full join (select agent_id, sum(amount_fen) as s from wallet_ledger group by agent_id) l on l.agent_id = w.agent_id
    where coalesce(w.balance_fen, 0) <> coalesce(l.s, 0)`,
  );
}

/** Every stock level equals the sum of its ledger, in quantity and in value. */
export async function expectStockLedgerMatches(t: TestApp) {
  const bad = await rows<{ item_kind: string; item_id: number }>(
    t.database.db,
    sql`select s.item_kind, s.item_id from stock_levels s
        left join (select netbar_id, item_kind, item_id, location, sum(delta) as q, sum(value_fen) as v from stock_ledger group by 1, 2, 3, 4) l
          using (netbar_id, item_kind, item_id, location)
        where s.qty <> coalesce(l.q, 0) or s.value_fen <> coalesce(l.v, 0)`,
  );
  expect(bad).toEqual([]);
}

let seq = 0;
/** A fresh idempotency key. */
export const rid = () => `t${Date.now()}${++seq}x`;

/** Creates a category and a good with the given SKUs in the caller's store; returns the SKU ids. */
export async function makeGoods(
  c: Client,
  name: string,
  skus: { spec: string; cost_fen?: number; price_fen?: number; member_price_fen?: number }[] = [{ spec: '' }],
  extra: Record<string, unknown> = {},
) {
  const cat = await c.post<{ id: number }>('/api/v1/goods_class_save', { name: `分类${name}`.slice(0, 20) });
  expect(cat.status).toBe(200);
  const g = await c.request<{ id: number }>(
    'POST',
    '/api/v1/goods_save',
    {
      name,
      category_id: cat.data.id,
      unit: '瓶',
      skus: skus.map((s) => ({
        spec: s.spec,
        cost_fen: s.cost_fen ?? 100,
        price_fen: s.price_fen ?? 300,
        member_price_fen: s.member_price_fen ?? s.price_fen ?? 300,
      })),
      ...extra,
    },
    { json: true },
  );
  expect(g.status, g.msg).toBe(200);
  const d = await c.get<{ skus: { id: number }[] }>('/api/v1/goods_detail', { id: g.data.id });
  return { goodsId: g.data.id, categoryId: cat.data.id, skuIds: d.data.skus.map((s) => s.id) };
}

/** Saves and posts a stock document in one call. */
export async function postStockDoc(
  c: Client,
  doc_type: string,
  lines: { item_kind: string; item_id: number; qty: number; cost_fen?: number }[],
  extra: Record<string, unknown> = {},
) {
  return c.request<{ id: number; doc_no: string; status: string; warnings: string[] }>(
    'POST',
    '/api/v1/stock_doc_save',
    { doc_type, lines, post: '1', request_id: rid(), ...extra },
    { json: true },
  );
}

/**
 * Every member's 本金, 奖励, points and free minutes equal the sums of its member ledger, and each ledger row starts
 * where the member's previous row ended (no lost or doubled fen, even under concurrency).
 */
export async function expectMemberLedgerMatches(on: TestApp | Conn) {
  const db = 'database' in on ? on.database.db : on;
  const bad = await rows<{ id: number }>(
    db,
    sql`select m.id from members m
        left join (select member_id, sum(principal_delta) as p, sum(bonus_delta) as b, sum(points_delta) as pt,
                     sum(minutes_delta) as mi
                   from member_ledger group by member_id) l on l.member_id = m.id
        where m.principal_fen <> coalesce(l.p, 0) or m.bonus_fen <> coalesce(l.b, 0) or m.points <> coalesce(l.pt, 0)
          or m.free_minutes <> coalesce(l.mi, 0)`,
  );
  expect(bad, 'members whose balances differ from their ledger').toEqual([]);
  const broken = await rows<{ id: number }>(
    db,
    sql`select id from (
          select id, principal_before, bonus_before, points_before, minutes_before,
                 lag(principal_after) over w as pa, lag(bonus_after) over w as ba, lag(points_after) over w as pta,
                 lag(minutes_after) over w as ma
          from member_ledger window w as (partition by member_id order by id)) x
        where pa is not null and (pa <> principal_before or ba <> bonus_before or pta <> points_before or ma <> minutes_before)`,
  );
  expect(broken, 'ledger rows that do not continue the previous row').toEqual([]);
}

/**
 * Takes grants away from the demo cashier (demo_netbar_staff, who holds the counter's grants) and
 * logs in afresh, so a test can prove the refusal a staff member without them meets.
 */
export async function staffWithout(t: TestApp, ...perms: number[]): Promise<Client> {
  for (const p of perms)
    await rows(
      t.database.db,
      sql`delete from grants where perm_id = ${p} and user_id = (select id from users where user_name = 'demo_netbar_staff')`,
    );
  return t.as(DEMO.netbarStaff);
}

/**
 * Ends the demo's running top-up promotions (营销活动 充100送20, decision 180), for a file whose figures are
 * the level's own top-up rule: with them running, every top-up of 100 yuan at the flagship gets 20 more 奖励.
 */
export async function endDemoPromotions(t: TestApp) {
  await rows(
    t.database.db,
    sql`update activities set status = 'ended' where kind = 'topup_promo' and status = 'published'`,
  );
}
