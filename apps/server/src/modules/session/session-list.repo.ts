import type { OpenSessionQuery, RateRules, SessionHistoryQuery, SessionRow } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { dayRange } from '../../lib/day-bounds.ts';
import {
  afterTs,
  type Cursor,
  countOf,
  EXACT_COUNT_CAP,
  encodeCursor,
  microsOf,
  pageSql,
} from '../../lib/paging.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import type { TenantScope } from '../../tenant/index.ts';

/** Lists of online sessions: open ones, the history (keyset pages), the live map's hover. */

const like = (k: string) => `%${k.replace(/[%_\\]/g, '\\$&')}%`;

const rowSelect = sql`select s.id::int as id, s.member_id, b.name as member_name, b.card_mask, s.machine_id,
    m.name as machine_name, coalesce(a.name, '') as area_name, s.plan_name, s.source,
    ${fmtTs('s.started_at')} as started_at, ${fmtTs('s.ended_at')} as ended_at, s.end_reason,
    s.billed_minutes as minutes, s.charged_fen::float8 as charged_fen, s.started_by, s.ended_by`;
const rowFrom = sql`from online_sessions s join members b on b.id = s.member_id join machines m on m.id = s.machine_id
    left join venue_areas a on a.id = s.area_id`;

export interface OpenListRow extends SessionRow {
  balance_fen: number;
  available_fen: number;
  free_minutes: number;
  /** The session's free minutes used + the member's left: how far free minutes reach. */
  free_cap: number;
  rules: RateRules;
  started_ms: number;
}

export async function listOpen(db: Conn, s: TenantScope, q: OpenSessionQuery) {
  const parts: SQL[] = [sql`s.netbar_id = ${s.netbarId}`, sql`s.ended_at is null`];
  if (q.area_id) parts.push(sql`s.area_id = ${q.area_id}`);
  if (q.keyword)
    parts.push(
      sql`(b.name ilike ${like(q.keyword)} or m.name ilike ${like(q.keyword)} or b.mobile ilike ${like(q.keyword)})`,
    );
  const where = sql.join(parts, sql` and `);
  const list = await rows<OpenListRow>(
    db,
    sql`${rowSelect}, (b.principal_fen + b.bonus_fen)::float8 as balance_fen,
          (b.principal_fen + b.bonus_fen + l.overdraft_fen)::float8 as available_fen, s.rules,
          b.free_minutes, s.free_minutes + b.free_minutes as free_cap,
          (extract(epoch from s.started_at) * 1000)::float8 as started_ms
        ${rowFrom} join member_levels l on l.id = b.level_id
        where ${where} order by s.started_at desc, s.id desc ${pageSql(q)}`,
  );
  const c = await rows<{ n: number }>(db, sql`select count(*)::int as n ${rowFrom} where ${where}`);
  return { list, count: c[0]?.n ?? 0 };
}

type HistoryFilter = Omit<SessionHistoryQuery, 'page' | 'page_size' | 'after'>;
function historyWhere(s: TenantScope, q: HistoryFilter): SQL {
  const parts: SQL[] = [sql`s.netbar_id = ${s.netbarId}`];
  if (q.member_id) parts.push(sql`s.member_id = ${q.member_id}`);
  if (q.machine_id) parts.push(sql`s.machine_id = ${q.machine_id}`);
  if (q.end_reason) parts.push(sql`s.end_reason = ${q.end_reason}`);
  parts.push(...dayRange(sql`s.started_at`, q.start, q.end));
  return sql.join(parts, sql` and `);
}

/** One keyset page of the history, newest first (decision 060). */
export async function historyPage(
  db: Conn,
  s: TenantScope,
  q: HistoryFilter,
  limit: number,
  cursor?: Cursor,
  page = 1,
) {
  const where = historyWhere(s, q);
  const after = cursor ? sql`and ${afterTs(sql`s.started_at`, sql`s.id`, cursor)}` : sql``;
  const r = await rows<SessionRow & { key: string }>(
    db,
    sql`${rowSelect}, ${microsOf(sql`s.started_at`)} as key ${rowFrom}
        where ${where} ${after} order by s.started_at desc, s.id desc
        ${pageSql({ page: cursor ? 1 : page, page_size: limit })}`,
  );
  const last = r[r.length - 1];
  return {
    list: r.map(({ key: _k, ...x }) => x),
    next: r.length === limit && last ? encodeCursor(last.key, last.id) : null,
  };
}

/** The history's count: exact up to the cap, above it cached per filter (lib/paging countOf). */
export async function historyCount(db: Conn, s: TenantScope, q: HistoryFilter) {
  const where = historyWhere(s, q);
  const cnt = async (capped: boolean) => {
    const r = await rows<{ n: number; fen: string }>(
      db,
      sql`select count(*)::int as n, coalesce(sum(charged_fen), 0)::text as fen from (
            select s.charged_fen from online_sessions s where ${where} ${capped ? sql`limit ${EXACT_COUNT_CAP + 1}` : sql``}) x`,
    );
    return { n: Number(r[0]?.n ?? 0), fen: Number(r[0]?.fen ?? 0) };
  };
  return countOf(
    `session:${s.netbarId}:${JSON.stringify(q)}`,
    () => cnt(true),
    () => cnt(false),
  );
}

/** The open session of each listed machine of the store, for the live map's hover. */
export async function openOnMachines(db: Conn, s: TenantScope, machineIds: number[]) {
  return rows<{
    machine_id: number;
    member_name: string;
    started_at: string;
    started_ms: number;
    balance_fen: number;
    free_minutes: number;
  }>(
    db,
    sql`select s.machine_id, b.name as member_name, ${fmtTs('s.started_at')} as started_at,
          (extract(epoch from s.started_at) * 1000)::float8 as started_ms,
          (b.principal_fen + b.bonus_fen)::float8 as balance_fen, b.free_minutes
        from online_sessions s join members b on b.id = s.member_id
        where s.netbar_id = ${s.netbarId} and s.ended_at is null
          and s.machine_id in (${sql.join(
            machineIds.map((i) => sql`${i}`),
            sql`, `,
          )})`,
  );
}

/** One session of the store with its rules (the detail's breakdown). */
export async function sessionById(db: Conn, s: TenantScope, id: number) {
  const r = await rows<SessionRow & { rules: RateRules; started_ms: number; ended_ms: number | null }>(
    db,
    sql`${rowSelect}, s.rules, (extract(epoch from s.started_at) * 1000)::float8 as started_ms,
          (extract(epoch from s.ended_at) * 1000)::float8 as ended_ms
        ${rowFrom} where s.id = ${id} and s.netbar_id = ${s.netbarId}`,
  );
  return r[0];
}
