import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';

/** Agents whose running balance differs from the sum of their ledger (should be none, always). */
export async function ledgerMismatches(db: Conn) {
  return rows<{ agent_id: number; balance: string; ledger: string }>(
    db,
    sql`select w.agent_id, w.balance_fen as balance, coalesce(l.s, 0) as ledger
    from wallets w full join (select agent_id, sum(amount_fen) as s from wallet_ledger group by agent_id) l on l.agent_id = w.agent_id
    where coalesce(w.balance_fen, 0) <> coalesce(l.s, 0)`,
  );
}

export async function count(db: Conn, table: string): Promise<number> {
  const r = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.raw(table)}`);
  return Number(r[0]?.n ?? 0);
}

/** Downloads an xlsx export as the client and returns the first sheet's rows as arrays of cell values. */
export async function xlsxRows(
  c: { app: import('fastify').FastifyInstance; cookies: Map<string, string> },
  url: string,
) {
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await c.app.inject({ method: 'GET', url, headers: { cookie } });
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return { contentType: String(res.headers['content-type']), rows: out };
}
