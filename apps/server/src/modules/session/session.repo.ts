import type { EndReason, RateRules, SessionSource } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import type { TenantScope } from '../../tenant/index.ts';

/** Writes and locks of online sessions (lists are in session-list.repo.ts). */

/** A session row as billing reads it (instants as epoch ms). */
export interface OpenSession {
  id: number;
  netbar_id: number;
  member_id: number;
  machine_id: number;
  rules: RateRules;
  started_ms: number;
  checkpoint_seq: number;
  charged_fen: number;
  billed_minutes: number;
  /** Billed minutes free minutes paid for (decision 109). */
  free_minutes: number;
  warned: boolean;
}

const openCols = sql`id::int as id, netbar_id, member_id, machine_id, rules,
  (extract(epoch from started_at) * 1000)::float8 as started_ms, checkpoint_seq, billed_minutes, free_minutes,
  charged_fen::float8 as charged_fen, warned_at is not null as warned`;

export interface NewSession {
  memberId: number;
  machineId: number;
  areaId: number;
  planId: number;
  planName: string;
  rules: RateRules;
  source: SessionSource;
  startedMs: number;
  by: string;
}

export async function insertSession(tx: Conn, s: TenantScope, v: NewSession): Promise<number> {
  const at = new Date(v.startedMs).toISOString();
  const r = await rows<{ id: number }>(
    tx,
    sql`insert into online_sessions (netbar_id, member_id, machine_id, area_id, plan_id, plan_name, rules, source,
          started_at, last_checkpoint_at, started_by)
        values (${s.netbarId}, ${v.memberId}, ${v.machineId}, ${v.areaId}, ${v.planId}, ${v.planName},
          ${JSON.stringify(v.rules)}::jsonb, ${v.source}, ${at}, ${at}, ${v.by})
        returning id::int as id`,
  );
  return r[0]!.id;
}

/** The open session holding a member or a machine (the unique indexes allow one of each). */
export async function openHolder(tx: Conn, by: { memberId?: number; machineId?: number }) {
  const r = await rows<{ id: number; machine_name: string; member_name: string }>(
    tx,
    sql`select s.id::int as id, m.name as machine_name, b.name as member_name from online_sessions s
        join machines m on m.id = s.machine_id join members b on b.id = s.member_id
        where s.ended_at is null and ${by.memberId ? sql`s.member_id = ${by.memberId}` : sql`s.machine_id = ${by.machineId ?? 0}`}`,
  );
  return r[0];
}

/**
 * Locks an open session. With a scope: only that store's (staff, terminal); without: any store's
 * (the checkpoint job), skipping a row another process holds.
 */
export async function lockOpen(
  tx: Conn,
  s: TenantScope | null,
  id: number,
): Promise<OpenSession | undefined> {
  const store = s ? sql`and netbar_id = ${s.netbarId}` : sql``;
  const r = await rows<OpenSession>(
    tx,
    sql`select ${openCols} from online_sessions where id = ${id} and ended_at is null ${store}
        for update ${s ? sql`` : sql`skip locked`}`,
  );
  return r[0];
}

/** The open session on a machine or of a member in a store (for logoff by machine or card). */
export async function openIdOf(db: Conn, s: TenantScope, by: { memberId?: number; machineId?: number }) {
  const r = await rows<{ id: number }>(
    db,
    sql`select id::int as id from online_sessions where netbar_id = ${s.netbarId} and ended_at is null
          and ${by.memberId ? sql`member_id = ${by.memberId}` : sql`machine_id = ${by.machineId ?? 0}`}`,
  );
  return r[0]?.id;
}

/** Is the session the store's at all (open or ended)? */
export async function sessionExists(db: Conn, s: TenantScope, id: number): Promise<boolean> {
  const r = await rows(db, sql`select 1 from online_sessions where id = ${id} and netbar_id = ${s.netbarId}`);
  return r.length > 0;
}

export interface Progress {
  chargedFen: number;
  seq: number;
  minutes: number;
  /** Of those minutes, how many free minutes paid for. */
  free: number;
  atMs: number;
}

export async function writeCheckpoint(tx: Conn, id: number, p: Progress, warned: boolean | undefined) {
  await rows(
    tx,
    sql`update online_sessions set charged_fen = ${p.chargedFen}, checkpoint_seq = ${p.seq},
          billed_minutes = ${p.minutes}, free_minutes = ${p.free}, last_checkpoint_at = ${new Date(p.atMs).toISOString()}
          ${warned === undefined ? sql`` : warned ? sql`, warned_at = coalesce(warned_at, now())` : sql`, warned_at = null`}
        where id = ${id}`,
  );
}

export async function writeEnd(tx: Conn, id: number, p: Progress, reason: EndReason, by: string) {
  await rows(
    tx,
    sql`update online_sessions set charged_fen = ${p.chargedFen}, checkpoint_seq = ${p.seq},
          billed_minutes = ${p.minutes}, free_minutes = ${p.free}, last_checkpoint_at = ${new Date(p.atMs).toISOString()},
          ended_at = greatest(started_at, ${new Date(p.atMs).toISOString()}::timestamptz), end_reason = ${reason}, ended_by = ${by}
        where id = ${id}`,
  );
}

/** Open sessions of every store after an id, in id order (the checkpoint job's batches). */
export async function openIdsAfter(db: Conn, afterId: number, limit: number): Promise<number[]> {
  const r = await rows<{ id: number }>(
    db,
    sql`select id::int as id from online_sessions where ended_at is null and id > ${afterId} order by id limit ${limit}`,
  );
  return r.map((x) => x.id);
}

/** What billing needs of the member: status, level, what it may still spend (本金 + 奖励 + overdraft), free minutes. */
export interface MemberForBilling {
  id: number;
  name: string;
  status: number;
  level_id: number;
  rate_discount: number;
  balance_fen: number;
  available_fen: number;
  /** Free online minutes the member holds. */
  free_minutes: number;
}
export async function memberForBilling(db: Conn, pool: number, memberId: number) {
  const r = await rows<MemberForBilling>(
    db,
    sql`select m.id, m.name, m.status::int as status, m.level_id, l.rate_discount,
          (m.principal_fen + m.bonus_fen)::float8 as balance_fen,
          (m.principal_fen + m.bonus_fen + l.overdraft_fen)::float8 as available_fen, m.free_minutes
        from members m join member_levels l on l.id = m.level_id where m.id = ${memberId} and m.pool_id = ${pool}`,
  );
  return r[0];
}

/** An open session as a checkpoint pass first reads it: with its member's billing facts (no lock). */
export interface PassSession extends OpenSession {
  member_status: number;
  /** The member's pool: a session whose member is no longer its store's pool's is settled (and ends). */
  member_pool: number;
  available_fen: number;
  member_free_minutes: number;
}

/**
 * One batch of a checkpoint pass in one statement (decision 121): the open sessions of every store after
 * an id, in id order, each with what billing needs of its member. Read without locks: it only sorts the
 * sessions; any that may move money is settled again under its lock.
 */
export async function openForPass(db: Conn, afterId: number, limit: number): Promise<PassSession[]> {
  return rows<PassSession>(
    db,
    sql`select s.id::int as id, s.netbar_id, s.member_id, s.machine_id, s.rules,
          (extract(epoch from s.started_at) * 1000)::float8 as started_ms, s.checkpoint_seq, s.billed_minutes,
          s.free_minutes, s.charged_fen::float8 as charged_fen, s.warned_at is not null as warned,
          coalesce(m.status, 0)::int as member_status, coalesce(m.pool_id, 0)::int as member_pool,
          coalesce(m.principal_fen + m.bonus_fen + l.overdraft_fen, 0)::float8 as available_fen,
          coalesce(m.free_minutes, 0)::int as member_free_minutes
        from online_sessions s
        left join members m on m.id = s.member_id left join member_levels l on l.id = m.level_id
        where s.ended_at is null and s.id > ${afterId} order by s.id limit ${limit}`,
  );
}

/**
 * The checkpoint of the sessions with nothing to charge, end or warn, in one statement: their billed
 * minutes and last checkpoint move on. A session another transaction holds is skipped, one charged or
 * ended since the batch was read (its checkpoint_seq moved) is left alone. Answers how many were written.
 */
export async function writeQuietCheckpoints(
  db: Conn,
  list: readonly { id: number; seq: number; minutes: number }[],
  atMs: number,
): Promise<number> {
  if (!list.length) return 0;
  const r = await rows<{ id: number }>(
    db,
    sql`with v as (select * from jsonb_to_recordset(${JSON.stringify(list)}::jsonb)
                     as v(id bigint, seq int, minutes int)),
        mine as (select s.id from online_sessions s join v on v.id = s.id
                 where s.ended_at is null and s.checkpoint_seq = v.seq order by s.id for update of s skip locked)
        update online_sessions s set billed_minutes = greatest(s.billed_minutes, v.minutes),
          last_checkpoint_at = greatest(s.last_checkpoint_at, ${new Date(atMs).toISOString()}::timestamptz)
        from v join mine on mine.id = v.id where s.id = v.id
        returning s.id`,
  );
  return r.length;
}
