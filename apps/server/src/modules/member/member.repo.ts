import type { MemberListQuery, MemberRow, MemberStatusValue } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { dayRange } from '../../lib/day-bounds.ts';
import { pageSql } from '../../lib/paging.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import type { MemberPool } from './member-pool.ts';

/** Members of a pool: list, one, insert, edit, status. Every query is confined to the caller's pool. */

const COLS = sql`m.id, m.card_kind, m.card_mask, m.name, m.mobile, m.level_id, coalesce(l.name, '') as level_name,
  coalesce(l.member_price, false) as member_price,
  m.principal_fen::float8 as principal_fen, m.bonus_fen::float8 as bonus_fen, m.points::float8 as points,
  m.free_minutes, m.topup_total_fen::float8 as topup_total_fen, m.status, m.netbar_id, coalesce(n.name, '') as netbar_name,
  m.created_by_name, m.remark, coalesce(to_char(mb.born_on, 'YYYY-MM-DD'), '') as birthday,
  ${fmtTs('m.created_at')} as created_at,
  coalesce(${fmtTs('m.last_visit_at')}, '') as last_visit_at,
  (m.password_hash is not null) as has_password`;
const FROM = sql`from members m left join member_levels l on l.id = m.level_id left join netbars n on n.id = m.netbar_id
  left join member_birthdays mb on mb.member_id = m.id`;

function listWhere(p: MemberPool, q: Partial<MemberListQuery>): SQL[] {
  const w: SQL[] = [sql`m.pool_id = ${p.pool}`];
  if (q.keyword) {
    const k = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    w.push(sql`(m.name ilike ${k} or m.mobile like ${k} or m.card_mask like ${k})`);
  }
  if (q.level_id) w.push(sql`m.level_id = ${q.level_id}`);
  if (q.status) w.push(sql`m.status = ${q.status}`);
  if (q.store_id) w.push(sql`m.netbar_id = ${q.store_id}`);
  if (q.balance_min_fen !== undefined) w.push(sql`m.principal_fen + m.bonus_fen >= ${q.balance_min_fen}`);
  if (q.balance_max_fen !== undefined) w.push(sql`m.principal_fen + m.bonus_fen <= ${q.balance_max_fen}`);
  w.push(...dayRange(sql`m.last_visit_at`, q.visit_from, q.visit_to));
  return w;
}

export async function listMembers(db: Conn, p: MemberPool, q: MemberListQuery, all = false) {
  const w = sql.join(listWhere(p, q), sql` and `);
  const [list, tot] = await Promise.all([
    rows<MemberRow>(
      db,
      sql`select ${COLS} ${FROM} where ${w} order by m.id desc ${all ? sql`limit 200000` : pageSql(q)}`,
    ),
    rows<{ n: number; principal: number; bonus: number }>(
      db,
      sql`select count(*)::int as n, coalesce(sum(m.principal_fen), 0)::float8 as principal, coalesce(sum(m.bonus_fen), 0)::float8 as bonus
          from members m where ${w}`,
    ),
  ]);
  const t = tot[0]!;
  return {
    list: list.map(fix),
    count: Number(t.n),
    totals: { principal_fen: Number(t.principal), bonus_fen: Number(t.bonus) },
  };
}

const fix = (r: MemberRow): MemberRow => ({ ...r, status: Number(r.status) as MemberStatusValue });

export async function memberById(db: Conn, p: MemberPool, id: number): Promise<MemberRow | undefined> {
  const r = await rows<MemberRow>(
    db,
    sql`select ${COLS} ${FROM} where m.id = ${id} and m.pool_id = ${p.pool}`,
  );
  return r[0] ? fix(r[0]) : undefined;
}

export async function cardEncOf(db: Conn, p: MemberPool, id: number) {
  const r = await rows<{ card_enc: string; name: string }>(
    db,
    sql`select card_enc, name from members where id = ${id} and pool_id = ${p.pool}`,
  );
  return r[0];
}

export async function insertMember(
  tx: Conn,
  p: MemberPool,
  v: {
    card_kind: number;
    card_enc: string;
    card_hmac: string;
    card_mask: string;
    name: string;
    mobile: string;
    level_id: number;
    remark: string;
    user: { id: number; name: string };
    /** argon2id of the member's password, or null (decision 104). */
    password_hash: string | null;
  },
): Promise<number> {
  const r = await rows<{ id: number }>(
    tx,
    sql`insert into members (pool_id, netbar_id, card_kind, card_enc, card_hmac, card_mask, name, mobile, level_id, remark, created_by, created_by_name, password_hash)
        values (${p.pool}, ${p.store}, ${v.card_kind}, ${v.card_enc}, ${v.card_hmac}, ${v.card_mask}, ${v.name}, ${v.mobile},
                ${v.level_id}, ${v.remark}, ${v.user.id}, ${v.user.name}, ${v.password_hash})
        returning id`,
  );
  return Number(r[0]!.id);
}

/** Edits what is not money: name, mobile, level (a manual change, never by itself), remark, card. */
export async function updateMember(
  tx: Conn,
  p: MemberPool,
  id: number,
  v: {
    name: string;
    mobile: string;
    level_id?: number;
    remark: string;
    card?: { kind: number; enc: string; hmac: string; mask: string };
  },
): Promise<boolean> {
  const r = await rows<{ id: number }>(
    tx,
    sql`update members set name = ${v.name}, mobile = ${v.mobile}, remark = ${v.remark}, updated_at = now()
          ${v.level_id ? sql`, level_id = ${v.level_id}` : sql``}
          ${v.card ? sql`, card_kind = ${v.card.kind}, card_enc = ${v.card.enc}, card_hmac = ${v.card.hmac}, card_mask = ${v.card.mask}` : sql``}
        where id = ${id} and pool_id = ${p.pool} returning id`,
  );
  return r.length > 0;
}

export async function setStatus(
  tx: Conn,
  p: MemberPool,
  id: number,
  from: number[],
  to: number,
): Promise<boolean> {
  const r = await rows<{ id: number }>(
    tx,
    sql`update members set status = ${to}, updated_at = now()
        where id = ${id} and pool_id = ${p.pool} and status in (${sql.join(
          from.map((f) => sql`${f}`),
          sql`, `,
        )}) returning id`,
  );
  return r.length > 0;
}

export async function statusOf(db: Conn, p: MemberPool, id: number): Promise<number | undefined> {
  const r = await rows<{ status: number }>(
    db,
    sql`select status from members where id = ${id} and pool_id = ${p.pool}`,
  );
  return r[0] ? Number(r[0].status) : undefined;
}

export async function liveIdByHmac(db: Conn, p: MemberPool, hmac: string): Promise<number | undefined> {
  const r = await rows<{ id: number }>(
    db,
    sql`select id from members where pool_id = ${p.pool} and card_hmac = ${hmac} and status <> 4`,
  );
  return r[0] ? Number(r[0].id) : undefined;
}

/** Sets (upsert, with the month-day the 生日奖励 reads) or clears a member's 生日 (decision 183). */
export async function setBirthday(tx: Conn, memberId: number, birthday: string | undefined) {
  if (!birthday) {
    await rows(tx, sql`delete from member_birthdays where member_id = ${memberId}`);
    return;
  }
  await rows(
    tx,
    sql`insert into member_birthdays (member_id, md, born_on) values (${memberId}, ${birthday.slice(5)}, ${birthday}::date)
        on conflict (member_id) do update set md = excluded.md, born_on = excluded.born_on`,
  );
}
