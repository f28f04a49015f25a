import type { CommissionRuleQuery, CommissionRuleRow, CommissionRuleSaveBody } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { pageSql } from '../../lib/paging.ts';
import { fmtTs } from '../../lib/sql-dates.ts';

/** Commission rules of a store (246) and the store's staff they may name. */

/**
 * The type-5 users who work in store `nid`: their home store (staff.netbar_id) or one of the stores they
 * were given (netbar_staff_stores, decision 145). `u` is the users row.
 */
export const worksIn = (nid: number) =>
  sql`u.type = 5 and (exists (select 1 from staff st where st.user_id = u.id and st.netbar_id = ${nid})
      or exists (select 1 from netbar_staff_stores x where x.user_id = u.id and x.netbar_id = ${nid}))`;

export async function staffMember(db: Conn, nid: number, userId: number) {
  const r = await rows<{ id: number; name: string; role: string }>(
    db,
    sql`select u.id, coalesce(nullif(u.true_name, ''), u.user_name) as name, coalesce(st.position, '') as role
        from users u left join staff st on st.user_id = u.id where u.id = ${userId} and ${worksIn(nid)}`,
  );
  return r[0];
}

/** The store's staff, for the person picker of a rule. */
export async function storeStaff(db: Conn, nid: number) {
  return rows<{ id: number; name: string; role: string }>(
    db,
    sql`select u.id, coalesce(nullif(u.true_name, ''), u.user_name) as name, coalesce(st.position, '') as role
        from users u left join staff st on st.user_id = u.id where ${worksIn(nid)} order by u.id`,
  );
}

const COLS = sql`r.id, r.target_type, r.role, r.user_id,
  coalesce(nullif(u.true_name, ''), u.user_name, '') as user_name, r.kind, r.rate_bp, r.amount_fen,
  to_char(r.start_day, 'YYYY-MM-DD') as start_day, to_char(r.end_day, 'YYYY-MM-DD') as end_day,
  r.remark, r.updated_by, ${fmtTs('r.updated_at')} as updated_at`;
const FROM = sql`from commission_rules r left join users u on u.id = r.user_id`;

/** `only`: a staff member reads only the rules that pay them (their person or their role). */
export async function listRules(
  db: Conn,
  nid: number,
  q: CommissionRuleQuery,
  only?: { userId: number; role: string },
) {
  const w: SQL[] = [sql`r.netbar_id = ${nid}`];
  if (q.kind) w.push(sql`r.kind = ${q.kind}`);
  if (q.target_type) w.push(sql`r.target_type = ${q.target_type}`);
  if (only) w.push(sql`(r.user_id = ${only.userId} or r.role = ${only.role})`);
  const where = sql.join(w, sql` and `);
  const [list, tot] = await Promise.all([
    rows<CommissionRuleRow>(
      db,
      sql`select ${COLS} ${FROM} where ${where}
          order by r.kind, r.target_type, r.role nulls last, r.user_id, r.start_day desc, r.id desc ${pageSql(q)}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n ${FROM} where ${where}`),
  ]);
  return { list, count: Number(tot[0]?.n ?? 0) };
}

export async function ruleById(db: Conn, nid: number, id: number): Promise<CommissionRuleRow | undefined> {
  const r = await rows<CommissionRuleRow>(
    db,
    sql`select ${COLS} ${FROM} where r.id = ${id} and r.netbar_id = ${nid}`,
  );
  return r[0];
}

/** Serializes the rule writers of one store (the same lock the overlap trigger of migration 0810 takes). */
export async function lockStoreRules(tx: Conn, nid: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(810, ${nid})`);
}

/** A rule of the same target and kind whose days meet [start, end] (end null: open), other than `id`. */
export async function overlapping(tx: Conn, nid: number, b: CommissionRuleSaveBody) {
  const r = await rows<{ id: number; start_day: string; end_day: string | null }>(
    tx,
    sql`select r.id, to_char(r.start_day, 'YYYY-MM-DD') as start_day, to_char(r.end_day, 'YYYY-MM-DD') as end_day
        from commission_rules r
        where r.netbar_id = ${nid} and r.kind = ${b.kind} and r.id <> ${b.id ?? 0}
          and r.target_type = ${b.target_type}
          and r.role is not distinct from ${targetRole(b)}::text
          and r.user_id is not distinct from ${targetUser(b)}::integer
          and r.start_day <= coalesce(${b.end_day ?? null}::date, 'infinity'::date)
          and ${b.start_day}::date <= coalesce(r.end_day, 'infinity'::date)
        order by r.start_day limit 1`,
  );
  return r[0];
}

const targetRole = (b: CommissionRuleSaveBody) => (b.target_type === 'role' ? (b.role ?? null) : null);
const targetUser = (b: CommissionRuleSaveBody) => (b.target_type === 'person' ? (b.user_id ?? null) : null);
const rateOf = (b: CommissionRuleSaveBody) => (b.kind.endsWith('_pct') ? (b.rate_bp ?? 0) : 0);
const amountOf = (b: CommissionRuleSaveBody) => (b.kind.endsWith('_fixed') ? (b.amount_fen ?? 0) : 0);

export async function insertRule(tx: Conn, nid: number, by: string, b: CommissionRuleSaveBody) {
  const r = await rows<{ id: number }>(
    tx,
    sql`insert into commission_rules (netbar_id, target_type, role, user_id, kind, rate_bp, amount_fen, start_day, end_day, remark, updated_by)
        values (${nid}, ${b.target_type}, ${targetRole(b)}, ${targetUser(b)}, ${b.kind}, ${rateOf(b)}, ${amountOf(b)},
          ${b.start_day}::date, ${b.end_day ?? null}::date, ${b.remark ?? ''}, ${by})
        returning id`,
  );
  return Number(r[0]!.id);
}

export async function updateRule(
  tx: Conn,
  nid: number,
  by: string,
  b: CommissionRuleSaveBody & { id: number },
) {
  const r = await rows<{ id: number }>(
    tx,
    sql`update commission_rules set target_type = ${b.target_type}, role = ${targetRole(b)}, user_id = ${targetUser(b)},
          kind = ${b.kind}, rate_bp = ${rateOf(b)}, amount_fen = ${amountOf(b)}, start_day = ${b.start_day}::date,
          end_day = ${b.end_day ?? null}::date, remark = ${b.remark ?? ''}, updated_by = ${by}, updated_at = now()
        where id = ${b.id} and netbar_id = ${nid} returning id`,
  );
  return r.length > 0;
}

export async function deleteRule(tx: Conn, nid: number, id: number): Promise<boolean> {
  const r = await rows(
    tx,
    sql`delete from commission_rules where id = ${id} and netbar_id = ${nid} returning id`,
  );
  return r.length > 0;
}
