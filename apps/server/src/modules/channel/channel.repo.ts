import type { SubAgentRow, SubStaticsRow } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { dayRange } from '../../lib/day-bounds.ts';
import { countUpTo, idPages, pageSql } from '../../lib/paging.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import { ownAgent, type TenantScope } from '../../tenant/index.ts';

/** SQL of the sub-channel module (agents whose parent is the caller's agent). */

const SELECT = sql`select a.id, a.name, coalesce(u.user_name, '') as user_name, a.contact, a.mobile, a.province, a.city, a.district, a.address, a.status,
  (select count(*)::int from netbars n where n.agent_id = a.id and n.status <> 0) as netbar_count, ${fmtTs('a.created_at')} as created_at
  from agents a left join users u on u.id = a.owner_user_id`;

function period(col: string, from?: string, to?: string): SQL {
  return sql.join([sql`true`, ...dayRange(sql.raw(col), from, to)], sql` and `);
}

export async function findSub(db: Conn, s: TenantScope, id: number): Promise<SubAgentRow | undefined> {
  const parent = ownAgent(s);
  return (await rows<SubAgentRow>(db, sql`${SELECT} where a.id = ${id} and a.parent_id = ${parent}`))[0];
}

function subsWhere(s: TenantScope, q: { keyword?: string }): SQL {
  const w = [sql`a.parent_id = ${ownAgent(s)}`];
  if (q.keyword) {
    const k = `%${q.keyword.replace(/[%_\\]/g, '\\$&')}%`;
    w.push(sql`(a.name ilike ${k} or a.contact ilike ${k})`);
  }
  return sql.join(w, sql` and `);
}

/** Every sub-channel of the list's filters, newest first, read 2,000 at a time along the id (the export). */
export const subRows = (db: Conn, s: TenantScope, q: { keyword?: string }) =>
  idPages<SubAgentRow>(db, { select: SELECT, where: subsWhere(s, q), id: sql`a.id`, order: 'desc' });

/** Sub-channels of the list's filters, counted at most up to `cap + 1`. */
export const subCountUpTo = (db: Conn, s: TenantScope, q: { keyword?: string }, cap: number) =>
  countUpTo(db, sql`from agents a`, subsWhere(s, q), cap);

/** One page of the list, or every matching row (for the export), and their count. */
export async function listSubs(
  db: Conn,
  s: TenantScope,
  q: { page: number; page_size: number; keyword?: string },
  all = false,
) {
  const where = subsWhere(s, q);
  const page = pageSql(all ? undefined : q);
  const [list, tot] = await Promise.all([
    rows<SubAgentRow>(db, sql`${SELECT} where ${where} order by a.id desc ${page}`),
    rows<{ n: number }>(db, sql`select count(*)::int as n from agents a where ${where}`),
  ]);
  return { list, count: Number(tot[0]?.n ?? 0) };
}

export const subOptions = (db: Conn, s: TenantScope) =>
  rows<{ id: number; name: string }>(
    db,
    sql`select id, name from agents where parent_id = ${ownAgent(s)} order by id`,
  );

/** The caller's own agent (id and name). */
export async function agentName(db: Conn, s: TenantScope) {
  const id = ownAgent(s);
  return (await rows<{ id: number; name: string }>(db, sql`select id, name from agents where id = ${id}`))[0];
}

export interface SubAgentFields {
  name: string;
  contact: string;
  mobile: string;
  province: string;
  city: string;
  district: string;
  address: string;
}

/** The sub-agent and its owner account (type 1), in one transaction. */
export async function insertSub(
  db: Conn,
  s: TenantScope,
  b: SubAgentFields & { user_name: string },
  hash: string,
) {
  const parent = ownAgent(s);
  return db.transaction(async (tx) => {
    const [a] = await rows<{ id: number }>(
      tx,
      sql`insert into agents (name, parent_id, contact, mobile, province, city, district, address)
      values (${b.name}, ${parent}, ${b.contact}, ${b.mobile}, ${b.province}, ${b.city}, ${b.district}, ${b.address}) returning id`,
    );
    const [u] = await rows<{ id: number }>(
      tx,
      sql`insert into users (user_name, password_hash, type, true_name, mobile, province, city, district, address, agent_id)
      values (${b.user_name}, ${hash}, 1, ${b.contact}, ${b.mobile}, ${b.province}, ${b.city}, ${b.district}, ${b.address}, ${a!.id}) returning id`,
    );
    await tx.execute(sql`update agents set owner_user_id = ${u!.id} where id = ${a!.id}`);
    return Number(a!.id);
  });
}

/** Edits the sub-agent; its owner account follows its status. */
export async function updateSub(db: Conn, id: number, b: SubAgentFields & { status: number }) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`update agents set name = ${b.name}, contact = ${b.contact}, mobile = ${b.mobile}, province = ${b.province}, city = ${b.city},
      district = ${b.district}, address = ${b.address}, status = ${b.status} where id = ${id}`);
    await tx.execute(
      sql`update users set status = ${b.status === 1 ? 1 : 0} where agent_id = ${id} and type = 1`,
    );
  });
}

/** The owner and the staff accounts of an agent. */
export const peopleOf = (db: Conn, agentId: number) =>
  rows<{ id: number }>(
    db,
    sql`select u.id from users u left join staff st on st.user_id = u.id
    where (u.agent_id = ${agentId} or st.agent_id = ${agentId}) and u.type in (1, 2)`,
  );

/** Netbars, new netbars and paid extensions per sub-agent over a period. */
export async function subStatics(
  db: Conn,
  s: TenantScope,
  from?: string,
  to?: string,
): Promise<SubStaticsRow[]> {
  const parent = ownAgent(s);
  const list = await rows<SubStaticsRow>(
    db,
    sql`select a.id as agent_id, a.name,
    (select count(*)::int from netbars n where n.agent_id = a.id and n.status <> 0) as netbars,
    (select count(*)::int from netbars n where n.agent_id = a.id and n.status <> 0 and ${period('n.created_at', from, to)}) as new_netbars,
    (select coalesce(sum(o.amount_fen), 0)::float8 from consumption_orders o where o.agent_id = a.id and o.status = 1 and ${period('o.paid_at', from, to)}) as spend_fen
    from agents a where a.parent_id = ${parent} order by a.id`,
  );
  return list.map((x) => ({
    ...x,
    agent_id: Number(x.agent_id),
    netbars: Number(x.netbars),
    new_netbars: Number(x.new_netbars),
    spend_fen: Number(x.spend_fen),
  }));
}
