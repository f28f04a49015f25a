import type { LedgerRow, WalletListQuery } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import {
  afterInt,
  type Cursor,
  countOf,
  decodeCursor,
  EXACT_COUNT_CAP,
  encodeCursor,
  pageOffset,
} from '../../lib/paging.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import { ownAgent, type TenantScope } from '../../tenant/index.ts';
import { dateWhere } from './wallet.repo.ts';

/** An agent's wallet ledger (资金流水) as a keyset list (decision 060): id desc, after the last id seen. */

type Filter = Pick<WalletListQuery, 'date_from' | 'date_to'>;
const whereOf = (agentId: number, q: Filter): SQL =>
  sql.join([sql`l.agent_id = ${agentId}`, ...dateWhere('l.created_at', q.date_from, q.date_to)], sql` and `);

export async function walletLedgerPage(
  db: Conn,
  agentId: number,
  q: Filter,
  limit: number,
  cursor?: Cursor,
  offset = 0,
): Promise<{ list: LedgerRow[]; next: string | null }> {
  const keyset = cursor ? sql` and ${afterInt(sql`l.id`, sql`l.id`, cursor)}` : sql``;
  const list = await rows<LedgerRow>(
    db,
    sql`select l.id::float8 as id, l.kind, l.amount_fen::float8 as amount_fen, l.balance_after_fen::float8 as balance_after_fen, l.reason, l.ref,
          ${fmtTs('l.created_at')} as created_at
        from wallet_ledger l where ${whereOf(agentId, q)}${keyset} order by l.id desc limit ${limit}${cursor ? sql`` : sql` offset ${offset}`}`,
  );
  const last = list[list.length - 1];
  return { list, next: list.length === limit && last ? encodeCursor(last.id, last.id) : null };
}

export async function listWalletLedger(db: Conn, s: TenantScope, q: WalletListQuery) {
  const agentId = ownAgent(s);
  const where = whereOf(agentId, q);
  const run = async (from: SQL) =>
    (
      await rows<{ n: number; total: string }>(
        db,
        sql`select count(*)::int as n, coalesce(sum(amount_fen), 0) as total from ${from}`,
      )
    )[0]!;
  const [page, c] = await Promise.all([
    walletLedgerPage(db, agentId, q, q.page_size, decodeCursor(q.after), pageOffset(q)),
    countOf(
      `wallet_ledger:${agentId}:${q.date_from ?? ''}:${q.date_to ?? ''}`,
      () =>
        run(sql`(select l.amount_fen from wallet_ledger l where ${where} limit ${EXACT_COUNT_CAP + 1}) x`),
      () => run(sql`wallet_ledger l where ${where}`),
    ),
  ]);
  return { ...page, count: c.n, estimated: c.estimated, total_fen: Number(c.total) };
}

export async function* walletLedgerRows(db: Conn, s: TenantScope, q: Filter, pageSize = 2000) {
  const agentId = ownAgent(s);
  let cursor: Cursor | undefined;
  for (;;) {
    const p = await walletLedgerPage(db, agentId, q, pageSize, cursor);
    yield* p.list;
    if (!p.next) return;
    cursor = decodeCursor(p.next);
  }
}

export async function walletLedgerCountUpTo(db: Conn, s: TenantScope, q: Filter, cap: number) {
  const agentId = ownAgent(s);
  const r = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from wallet_ledger l where ${whereOf(agentId, q)} limit ${cap + 1}) x`,
  );
  return r[0]?.n ?? 0;
}
