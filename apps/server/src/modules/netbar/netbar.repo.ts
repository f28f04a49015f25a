import {
  type AgentStatics,
  HEARTBEAT_ONLINE_SECONDS,
  type NetbarListQuery,
  type NetbarRow,
} from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { countUpTo, idPages, pageSql } from '../../lib/paging.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import { netbarWhere, type TenantScope } from '../../tenant/index.ts';

const online = sql.raw(`(h.last_seen > now() - interval '${HEARTBEAT_ONLINE_SECONDS} seconds')`);

const SELECT = sql`select n.id, n.name, coalesce(u.user_name, '') as account_name, n.agent_id, coalesce(a.name, '') as agent_name,
  n.pid, n.chain_id, n.chain_name, n.chain_type, n.contact, n.mobile, n.province, n.city, n.district, n.address,
  n.machine_count, ${fmtTs('n.expire_at')} as expire_at, coalesce(i.delay_days, 0) as delay_days, n.status,
  i.person_user_id as person_id, coalesce(p.true_name, '') as person_name,
  coalesce(h.server_version, '') as server_version, coalesce(h.ip, '') as ip,
  case when ${online} then 1 else 0 end as online, coalesce(h.online_count, 0) as online_count,
  ${fmtTs('h.last_seen')} as last_seen, ${fmtTs('n.created_at')} as created_at`;

const FROM = sql`from netbars n
  left join agents a on a.id = n.agent_id
  left join users u on u.id = n.owner_user_id
  left join netbar_agent_info i on i.netbar_id = n.id
  left join users p on p.id = i.person_user_id
  left join netbar_server_status h on h.netbar_id = n.id`;

const like = (s: string) => `%${s.replace(/[%_\\]/g, '\\$&')}%`;

function filters(s: TenantScope, q: Partial<NetbarListQuery>): SQL {
  const w: SQL[] = [netbarWhere(s)];
  if (q.keyword) w.push(sql`(n.name ilike ${like(q.keyword)} or u.user_name ilike ${like(q.keyword)})`);
  if (q.status) w.push(sql`n.status = ${q.status}`);
  if (q.province) w.push(sql`n.province = ${q.province}`);
  if (q.city) w.push(sql`n.city = ${q.city}`);
  if (q.district) w.push(sql`n.district = ${q.district}`);
  if (q.expire_from)
    w.push(sql`n.expire_at >= (${q.expire_from}::date)::timestamp at time zone 'Asia/Shanghai'`);
  if (q.expire_to)
    w.push(sql`n.expire_at < ((${q.expire_to}::date + 1)::timestamp at time zone 'Asia/Shanghai')`);
  if (q.person_id) w.push(sql`i.person_user_id = ${q.person_id}`);
  if (q.server_version) w.push(sql`h.server_version = ${q.server_version}`);
  if (q.ip) w.push(sql`h.ip = ${q.ip}`);
  if (q.contact) w.push(sql`n.contact = ${q.contact}`);
  if (q.mobile) w.push(sql`n.mobile = ${q.mobile}`);
  if (q.online === 1) w.push(sql`coalesce(${online}, false)`);
  if (q.online === 0) w.push(sql`not coalesce(${online}, false)`);
  if (q.agent_id && s.agentId === null) w.push(sql`n.agent_id = ${q.agent_id}`);
  return sql.join(w, sql` and `);
}

const toRow = (r: NetbarRow): NetbarRow => ({
  ...r,
  machine_count: Number(r.machine_count),
  online: Number(r.online) === 1 ? 1 : 0,
  online_count: Number(r.online_count),
  delay_days: Number(r.delay_days),
});

export async function listNetbars(db: Conn, s: TenantScope, q: NetbarListQuery, all = false) {
  const where = filters(s, q);
  const page = pageSql(all ? undefined : q);
  const [list, totals] = await Promise.all([
    rows<NetbarRow>(db, sql`${SELECT} ${FROM} where ${where} order by n.id desc ${page}`),
    rows<{ count: number; machines: number }>(
      db,
      sql`select count(*)::int as count, coalesce(sum(n.machine_count), 0)::int as machines ${FROM} where ${where}`,
    ),
  ]);
  return {
    list: list.map(toRow),
    count: Number(totals[0]?.count ?? 0),
    total_machines: Number(totals[0]?.machines ?? 0),
  };
}

/** Every netbar of the list's filters, newest first, read 2,000 at a time along the id (the export). */
export const netbarRows = (db: Conn, s: TenantScope, q: NetbarListQuery) =>
  idPages<NetbarRow>(db, {
    select: sql`${SELECT} ${FROM}`,
    where: filters(s, q),
    id: sql`n.id`,
    order: 'desc',
    map: toRow,
  });

/** Netbars of the list's filters, counted at most up to `cap + 1`. */
export const netbarCountUpTo = (db: Conn, s: TenantScope, q: NetbarListQuery, cap: number) =>
  countUpTo(db, FROM, filters(s, q), cap);

export async function findNetbarInScope(
  db: Conn,
  s: TenantScope,
  id: number,
): Promise<NetbarRow | undefined> {
  const r = await rows<NetbarRow>(db, sql`${SELECT} ${FROM} where ${netbarWhere(s)} and n.id = ${id}`);
  return r[0] ? toRow(r[0]) : undefined;
}

/** Ids among `ids` that the scope may touch (to refuse a batch with any foreign id). */
export async function idsInScope(db: Conn, s: TenantScope, ids: number[]): Promise<number[]> {
  const r = await rows<{ id: number }>(
    db,
    sql`select n.id from netbars n where ${netbarWhere(s)} and n.id in ${sql`(${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`}`,
  );
  return r.map((x) => Number(x.id));
}

export async function statics(db: Conn, s: TenantScope): Promise<AgentStatics> {
  const r = await rows<AgentStatics>(
    db,
    sql`select count(*)::int as netbars, coalesce(sum(n.machine_count), 0)::int as machines,
    count(*) filter (where n.expire_at >= now() and n.expire_at < now() + interval '30 days')::int as expiring,
    count(*) filter (where n.expire_at < now())::int as expired,
    count(*) filter (where n.created_at >= date_trunc('month', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai')::int as new_this_month
    from netbars n where ${netbarWhere(s)}`,
  );
  const x = r[0];
  return {
    netbars: Number(x?.netbars ?? 0),
    machines: Number(x?.machines ?? 0),
    expiring: Number(x?.expiring ?? 0),
    expired: Number(x?.expired ?? 0),
    new_this_month: Number(x?.new_this_month ?? 0),
  };
}

/** Extra conditions of the table-header filter lists. */
export interface DistinctFilter {
  /** Only chain heads (a netbar is its own head). */
  hostOnly?: boolean;
  mobile?: string;
  contact?: string;
}

/** Distinct values of a column over the scope's netbars (the table-header filter lists). */
export async function distinctValues(
  db: Conn,
  s: TenantScope,
  col: 'server_version' | 'ip' | 'contact' | 'mobile',
  f: DistinctFilter = {},
) {
  const expr = col === 'server_version' || col === 'ip' ? sql.raw(`h.${col}`) : sql.raw(`n.${col}`);
  const w: SQL[] = [];
  if (f.hostOnly) w.push(sql`n.pid = n.id`);
  if (f.mobile) w.push(sql`n.mobile = ${f.mobile}`);
  if (f.contact) w.push(sql`n.contact = ${f.contact}`);
  const extra = w.length ? sql` and ${sql.join(w, sql` and `)}` : sql``;
  const r = await rows<{ v: string }>(
    db,
    sql`select distinct ${expr} as v from netbars n
    left join netbar_server_status h on h.netbar_id = n.id
    where ${netbarWhere(s)} and ${expr} is not null and ${expr} <> ''${extra} order by 1 limit 1000`,
  );
  return r.map((x) => x.v);
}

/** The live netbar whose owner account this user is (a netbar's main account), if any. */
export async function ownNetbarOf(db: Conn, userId: number): Promise<number | undefined> {
  const own = await rows<{ id: number }>(
    db,
    sql`select n.id from netbars n join users u on u.netbar_id = n.id and n.owner_user_id = u.id
      where u.id = ${userId} and n.status <> 0`,
  );
  return own[0] ? Number(own[0].id) : undefined;
}

/** Netbars with games waiting for an update, and how many, over the scope (from heartbeats). */
export async function gameUpdateCount(db: Conn, s: TenantScope) {
  const x = await rows<{ netbars: number; games: number }>(
    db,
    sql`select count(*) filter (where h.game_update_count > 0)::int as netbars,
      coalesce(sum(h.game_update_count), 0)::int as games from netbars n join netbar_server_status h on h.netbar_id = n.id where ${netbarWhere(s)}`,
  );
  return { netbars: Number(x[0]?.netbars ?? 0), games: Number(x[0]?.games ?? 0) };
}
