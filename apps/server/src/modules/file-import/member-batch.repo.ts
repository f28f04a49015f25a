import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { type Conn, rows } from '../../db/client.ts';

/**
 * The SQL of a member import batch (decision 190): one lookup of the batch's cards in the pool, and one
 * statement that inserts the new members with their balances and their 'import' ledger rows (ids drawn
 * first, so each member points at its row and the ledger sums equal the figures). Rows travel as one
 * JSON parameter per statement (multi-row, never row by row).
 */

export interface Existing {
  card_hmac: string;
  id: number;
  name: string;
  mobile: string;
  level_id: number;
}

export async function existingCards(db: Conn, pool: number, hmacs: string[]): Promise<Existing[]> {
  if (!hmacs.length) return [];
  const r = await rows<Existing>(
    db,
    sql`select card_hmac, id, name, mobile, level_id from members
        where pool_id = ${pool} and status <> 4
          and card_hmac = any(string_to_array(${hmacs.join(',')}, ','))`,
  );
  return r.map((x) => ({ ...x, id: Number(x.id), level_id: Number(x.level_id) }));
}

export async function poolLevels(db: Conn, pool: number): Promise<{ id: number; name: string }[]> {
  const r = await rows<{ id: number; name: string }>(
    db,
    sql`select id, name from member_levels where pool_id = ${pool} order by threshold_fen, id`,
  );
  return r.map((x) => ({ id: Number(x.id), name: x.name }));
}

export interface NewMember {
  row: number;
  card_kind: number;
  card_enc: string;
  card_hmac: string;
  card_mask: string;
  name: string;
  mobile: string;
  level_id: number;
  principal: number;
  bonus: number;
  points: number;
  remark: string;
  status: number;
}

export interface BatchWho {
  job: number;
  pool: number;
  store: number;
  userId: number;
  userName: string;
}

const STAGE_COLS = [
  'row integer',
  'card_kind smallint',
  'card_enc text',
  'card_hmac text',
  'card_mask text',
  'name text',
  'mobile text',
  'level_id integer',
  'principal bigint',
  'bonus bigint',
  'points bigint',
  'remark text',
  'status smallint',
] as const;
const colNames = STAGE_COLS.map((c) => c.split(' ')[0]).join(', ');

/** The batch's rows as COPY text: tab-separated, with backslash, tab and line breaks escaped. */
export function copyText(list: NewMember[]): string {
  const esc = (v: string | number) =>
    String(v).replace(/[\\\t\n\r]/g, (c) =>
      c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
    );
  let out = '';
  for (const m of list)
    out += `${[m.row, m.card_kind, m.card_enc, m.card_hmac, m.card_mask, m.name, m.mobile, m.level_id, m.principal, m.bonus, m.points, m.remark, m.status].map(esc).join('\t')}\n`;
  return out;
}

/** The node-postgres connection under `tx` (PostgreSQL); PGlite has no COPY FROM STDIN through its driver. */
function pgClient(tx: Conn): pg.ClientBase | undefined {
  const c = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  return c instanceof pg.Client ? c : undefined;
}

/**
 * The batch as a relation: on PostgreSQL COPY into a temporary staging table (one per connection, emptied
 * at each commit), elsewhere one JSON parameter. Both give the same columns to the same insert.
 */
async function batchSource(tx: Conn, list: NewMember[]): Promise<SQL> {
  const client = pgClient(tx);
  if (!client) {
    return sql`jsonb_to_recordset(${JSON.stringify(list)}::jsonb) as x(${sql.raw(STAGE_COLS.join(', '))})`;
  }
  // for this transaction only: the CTE's rows stay in memory, and the commit does not wait for the WAL flush
  // (a database crash may lose the last batches, with the job's counter that says they were done: resumable)
  await client.query(`set local client_min_messages = warning; set local work_mem = '64MB';
    set local synchronous_commit = off;
    create temp table if not exists file_import_stage (${STAGE_COLS.join(', ')}) on commit delete rows`);
  await pipeline(
    Readable.from([copyText(list)]),
    client.query(copyFrom(`copy file_import_stage (${colNames}) from stdin`)),
  );
  return sql`file_import_stage x`;
}

/** Inserts the members and their ledger rows; a card taken meanwhile is left out. Returns the rows written. */
export async function insertMembers(tx: Conn, w: BatchWho, list: NewMember[]): Promise<number[]> {
  if (!list.length) return [];
  const source = await batchSource(tx, list);
  const r = await rows<{ row: number }>(
    tx,
    sql`with v as (
          select x.*, nextval(pg_get_serial_sequence('members', 'id')) as mid,
                 nextval(pg_get_serial_sequence('member_ledger', 'id')) as lid
          from ${source}
        ), m as (
          insert into members (id, pool_id, netbar_id, card_kind, card_enc, card_hmac, card_mask, name, mobile, level_id,
            principal_fen, bonus_fen, points, remark, status, created_by, created_by_name, last_ledger_id)
          select mid, ${w.pool}, ${w.store}, card_kind, card_enc, card_hmac, card_mask, name, mobile, level_id,
            principal, bonus, points, remark, status, ${w.userId}, ${w.userName}, lid from v
          on conflict (pool_id, card_hmac) where status <> 4 do nothing
          returning id
        ), l as (
          insert into member_ledger (id, pool_id, netbar_id, member_id, kind, principal_delta, principal_before,
            principal_after, bonus_delta, bonus_before, bonus_after, points_delta, points_before, points_after,
            ref_no, remark, user_id, user_name, request_id, seq)
          select lid, ${w.pool}, ${w.store}, mid::integer, 'import', principal, 0, principal, bonus, 0, bonus, points, 0, points,
            'M' || lpad(lid::text, 10, '0'), '文件导入 #' || ${w.job} || ' 第' || row || '行', ${w.userId}, ${w.userName},
            'import:' || ${w.job} || ':' || row, 1
          from v where mid in (select id from m)
          returning member_id
        )
        select v.row from v join l on l.member_id = v.mid`,
  );
  return r.map((x) => Number(x.row));
}

/** Profile fields of existing members (balances are never imported twice). */
export async function updateMembers(
  tx: Conn,
  pool: number,
  list: { id: number; name: string; mobile: string; level_id: number }[],
): Promise<void> {
  if (!list.length) return;
  await rows(
    tx,
    sql`update members m set name = v.name, mobile = v.mobile, level_id = v.level_id, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(list)}::jsonb) as v(id integer, name text, mobile text, level_id integer)
        where m.id = v.id and m.pool_id = ${pool}`,
  );
}

/** What the job's ledger rows hold: the members it created and the money they brought. */
export async function landedTotals(db: Conn, store: number, job: number) {
  const r = await rows<{ n: string; p: string; b: string; pt: string; bal: string }>(
    db,
    sql`select count(*) as n, coalesce(sum(l.principal_delta), 0) as p, coalesce(sum(l.bonus_delta), 0) as b,
          coalesce(sum(l.points_delta), 0) as pt,
          count(*) filter (where m.principal_fen + m.bonus_fen <> l.principal_after + l.bonus_after) as bal
        from member_ledger l join members m on m.id = l.member_id
        where l.netbar_id = ${store} and l.kind = 'import' and l.request_id like ${`import:${job}:%`}`,
  );
  const x = r[0]!;
  return {
    members: Number(x.n),
    principal_fen: Number(x.p),
    bonus_fen: Number(x.b),
    points: Number(x.pt),
    /** Members whose balance moved since (spent or topped up after the import): informative. */
    moved: Number(x.bal),
  };
}

/** The entry level a member without one starts at: a pool without levels gets 普通会员 (decision 108). */
export async function ensureEntryLevel(tx: Conn, pool: number): Promise<void> {
  await rows(
    tx,
    sql`insert into member_levels (pool_id, name) select ${pool}, '普通会员'
        where not exists (select 1 from member_levels where pool_id = ${pool}) on conflict do nothing`,
  );
}
