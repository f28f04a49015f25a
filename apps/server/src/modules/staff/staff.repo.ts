import type { StaffRow } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { countUpTo, idPages, pageSql } from '../../lib/paging.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import { ownAgent, type TenantScope } from '../../tenant/index.ts';

/** users.status 9: deleted staff (kept for the history that names them). */
export const DELETED = 9;

type StaffFilter = { keyword?: string; status?: number };

function staffWhere(s: TenantScope, q: StaffFilter): SQL {
  const w: SQL[] = [sql`st.agent_id = ${ownAgent(s)}`, sql`u.type = 2`, sql`u.status <> ${DELETED}`];
  // Agent staff see themselves only, never colleagues (their grants cannot include 员工管理).
  if (s.staffUserId !== null) w.push(sql`u.id = ${s.staffUserId}`);
  if (q.keyword) {
    const k = `%${q.keyword.replace(/[%_\\]/g, '\\$&')}%`;
    w.push(sql`(u.true_name ilike ${k} or u.user_name ilike ${k} or u.mobile ilike ${k})`);
  }
  if (q.status !== undefined) w.push(sql`u.status = ${q.status}`);
  return sql.join(w, sql` and `);
}

const STAFF_SELECT = sql`select u.id, u.user_name, u.true_name, u.mobile, st.position, u.status,
      coalesce((select array_agg(g.perm_id order by g.perm_id) from grants g where g.user_id = u.id), '{}') as perm_ids,
      (select count(*)::int from netbar_agent_info i join netbars n on n.id = i.netbar_id where i.person_user_id = u.id and n.status <> 0) as netbar_count,
      ${fmtTs('u.created_at')} as created_at
      from users u join staff st on st.user_id = u.id`;
const toStaffRow = (r: StaffRow): StaffRow => ({ ...r, perm_ids: (r.perm_ids ?? []).map(Number) });

export async function listStaff(
  db: Conn,
  s: TenantScope,
  q: { page: number; page_size: number } & StaffFilter,
  all = false,
) {
  const where = staffWhere(s, q);
  const page = pageSql(all ? undefined : q);
  const [list, tot] = await Promise.all([
    rows<StaffRow>(db, sql`${STAFF_SELECT} where ${where} order by u.id asc ${page}`),
    rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from users u join staff st on st.user_id = u.id where ${where}`,
    ),
  ]);
  return { list: list.map(toStaffRow), count: Number(tot[0]?.n ?? 0) };
}

/** Every staff member of the list's filters, by id, read 2,000 at a time along the id (the export). */
export const staffRows = (db: Conn, s: TenantScope, q: StaffFilter) =>
  idPages<StaffRow>(db, {
    select: STAFF_SELECT,
    where: staffWhere(s, q),
    id: sql`u.id`,
    order: 'asc',
    map: toStaffRow,
  });

/** Staff of the list's filters, counted at most up to `cap + 1`. */
export const staffCountUpTo = (db: Conn, s: TenantScope, q: StaffFilter, cap: number) =>
  countUpTo(db, sql`from users u join staff st on st.user_id = u.id`, staffWhere(s, q), cap);

/** A live staff member of this agent, or undefined (also for another agent's staff). */
export async function findStaff(db: Conn, s: TenantScope, id: number) {
  const agentId = ownAgent(s);
  const r = await rows<{
    id: number;
    user_name: string;
    true_name: string;
    mobile: string;
    position: string;
    status: number;
    created_at: string;
  }>(
    db,
    sql`select u.id, u.user_name, u.true_name, u.mobile, st.position, u.status, ${fmtTs('u.created_at')} as created_at
      from users u join staff st on st.user_id = u.id where u.id = ${id} and u.type = 2 and st.agent_id = ${agentId} and u.status <> ${DELETED}`,
  );
  return r[0];
}

export async function areaOf(db: Conn, userId: number) {
  const [perms, nets, regions] = await Promise.all([
    rows<{ perm_id: number }>(db, sql`select perm_id from grants where user_id = ${userId} order by perm_id`),
    rows<{ netbar_id: number }>(
      db,
      sql`select a.netbar_id from staff_area_netbars a join netbars n on n.id = a.netbar_id where a.user_id = ${userId} and n.status <> 0 order by a.netbar_id`,
    ),
    rows<{ province: string; city: string; district: string }>(
      db,
      sql`select province, city, district from staff_area_regions where user_id = ${userId} order by 1, 2, 3`,
    ),
  ]);
  return {
    user_id: userId,
    perm_ids: perms.map((p) => Number(p.perm_id)),
    netbar_ids: nets.map((n) => Number(n.netbar_id)),
    regions: regions.map((r) => [r.province, r.city, r.district].filter(Boolean).join('/')),
  };
}

export async function saveArea(
  tx: Conn,
  userId: number,
  by: number,
  permIds: number[],
  netbarIds: number[],
  regions: string[],
) {
  await tx.execute(sql`delete from grants where user_id = ${userId}`);
  for (const p of permIds)
    await tx.execute(sql`insert into grants (user_id, perm_id, granted_by) values (${userId}, ${p}, ${by})`);
  await tx.execute(sql`delete from staff_area_netbars where user_id = ${userId}`);
  for (const n of netbarIds)
    await tx.execute(sql`insert into staff_area_netbars (user_id, netbar_id) values (${userId}, ${n})`);
  await tx.execute(sql`delete from staff_area_regions where user_id = ${userId}`);
  for (const r of regions) {
    const [province, city, district = ''] = r.split('/');
    await tx.execute(
      sql`insert into staff_area_regions (user_id, province, city, district) values (${userId}, ${province}, ${city}, ${district}) on conflict do nothing`,
    );
  }
}

export async function installStats(db: Conn, s: TenantScope, from?: string, to?: string) {
  const agentId = ownAgent(s);
  const period: SQL[] = [];
  if (from) period.push(sql`n.created_at >= (${from}::date)::timestamp at time zone 'Asia/Shanghai'`);
  if (to) period.push(sql`n.created_at < ((${to}::date + 1)::timestamp at time zone 'Asia/Shanghai')`);
  const p = period.length ? sql` and ${sql.join(period, sql` and `)}` : sql``;
  return rows<{ id: number; true_name: string; registered: number; assigned: number; machines: number }>(
    db,
    sql`select u.id, u.true_name,
    (select count(*)::int from netbars n join netbar_agent_info i on i.netbar_id = n.id where i.registered_by = u.id and n.agent_id = ${agentId} and n.status <> 0${p}) as registered,
    (select count(*)::int from netbars n join netbar_agent_info i on i.netbar_id = n.id where i.person_user_id = u.id and n.agent_id = ${agentId} and n.status <> 0${p}) as assigned,
    (select coalesce(sum(n.machine_count), 0)::int from netbars n join netbar_agent_info i on i.netbar_id = n.id where i.person_user_id = u.id and n.agent_id = ${agentId} and n.status <> 0${p}) as machines
    from users u join staff st on st.user_id = u.id where st.agent_id = ${agentId} and u.type = 2 and u.status <> ${DELETED} order by u.id`,
  );
}
