import type { NetbarStaffListQuery, NetbarStaffRow } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { pageSql } from '../../lib/paging.ts';
import { fmtTs } from '../../lib/sql-dates.ts';

/**
 * The owner acting on its staff: a netbar account (type 3) and the store it logged in through. It
 * manages the staff of every store it may switch to (its store, its sub-stores, its chain as brand
 * administrator): the same reach as the store switch.
 */
export interface OwnerScope {
  userId: number;
  loginNid: number;
}

/** Ids of the live stores the owner may manage (a subquery). */
export const ownerStores = (o: OwnerScope): SQL =>
  sql`(select n.id from netbars n join netbars l on l.id = ${o.loginNid}
      where n.status <> 0 and l.status <> 0 and (n.id = l.id or n.pid = l.id
        or (l.brand_admin_user_id = ${o.userId} and l.chain_id <> 0 and n.chain_id = l.chain_id)))`;

type Filter = Omit<NetbarStaffListQuery, 'page' | 'page_size'>;
const like = (v: string) => `%${v.replace(/[%_\\]/g, '\\$&')}%`;

function staffWhere(o: OwnerScope, q: Filter): SQL {
  const w: SQL[] = [sql`u.type = 5`, sql`st.netbar_id in ${ownerStores(o)}`];
  if (q.true_name) w.push(sql`u.true_name ilike ${like(q.true_name)}`);
  if (q.mobile) w.push(sql`u.mobile ilike ${like(q.mobile)}`);
  if (q.role) w.push(sql`st.position = ${q.role}`);
  if (q.status !== undefined) w.push(sql`u.status = ${q.status}`);
  if (q.netbar_id)
    w.push(sql`(st.netbar_id = ${q.netbar_id} or exists (select 1 from netbar_staff_stores g
      where g.user_id = u.id and g.netbar_id = ${q.netbar_id}))`);
  return sql.join(w, sql` and `);
}

/** The stores a staff member works in: the home store first, then the granted ones by id. */
const workStores = sql`(select x.id, x.name from netbars x where x.id = st.netbar_id
    or x.id in (select g.netbar_id from netbar_staff_stores g where g.user_id = u.id)
    order by x.id <> st.netbar_id, x.id)`;
const SELECT = sql`select u.id, u.user_name, u.true_name, u.mobile, st.position as role, u.status,
    st.netbar_id, hn.name as netbar_name,
    array(select w.id from ${workStores} w) as netbar_ids,
    array(select w.name from ${workStores} w) as netbar_names,
    coalesce((select array_agg(p.perm_id order by p.perm_id) from grants p where p.user_id = u.id), '{}') as perm_ids,
    u.must_change_password, ${fmtTs('u.created_at')} as created_at,
    coalesce((select json_agg(json_build_object('from_day', h.from_day::text, 'role', h.position) order by h.from_day)
      from netbar_staff_positions h where h.user_id = u.id), '[]'::json) as role_history
  from users u join staff st on st.user_id = u.id join netbars hn on hn.id = st.netbar_id`;

const toRow = (r: NetbarStaffRow): NetbarStaffRow => ({
  ...r,
  id: Number(r.id),
  netbar_id: Number(r.netbar_id),
  netbar_ids: (r.netbar_ids ?? []).map(Number),
  perm_ids: (r.perm_ids ?? []).map(Number),
});

/** A page of the owner's staff (every row when `page` is undefined: the export) and the count. */
export async function listStaff(
  db: Conn,
  o: OwnerScope,
  q: Filter,
  page?: { page: number; page_size: number },
) {
  const where = staffWhere(o, q);
  const [list, tot] = await Promise.all([
    rows<NetbarStaffRow>(db, sql`${SELECT} where ${where} order by u.id asc ${pageSql(page)}`),
    rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from users u join staff st on st.user_id = u.id where ${where}`,
    ),
  ]);
  return { list: list.map(toRow), count: Number(tot[0]?.n ?? 0) };
}

/** One of the owner's staff, or undefined (also another netbar's staff, or not a netbar staff id). */
export async function findStaff(db: Conn, o: OwnerScope, id: number): Promise<NetbarStaffRow | undefined> {
  const r = await rows<NetbarStaffRow>(
    db,
    sql`${SELECT} where u.id = ${id} and u.type = 5 and st.netbar_id in ${ownerStores(o)}`,
  );
  return r[0] && toRow(r[0]);
}

/** Which of `ids` are stores the owner may manage. */
export async function storesInScope(db: Conn, o: OwnerScope, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const r = await rows<{ id: number }>(
    db,
    sql`select id from netbars where id in ${ownerStores(o)} and id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  return r.map((x) => Number(x.id));
}

export interface StaffProfile {
  true_name: string;
  mobile: string;
  role: string;
  netbar_id: number;
  status: number;
}

/** A type-5 account with its staff row; returns the new user id. */
export async function insertStaff(
  tx: Conn,
  b: StaffProfile & { user_name: string },
  hash: string,
): Promise<number> {
  const [u] = await rows<{ id: number }>(
    tx,
    sql`insert into users (user_name, password_hash, type, true_name, mobile, netbar_id, status)
      values (${b.user_name}, ${hash}, 5, ${b.true_name}, ${b.mobile}, ${b.netbar_id}, ${b.status}) returning id`,
  );
  const id = Number(u!.id);
  await tx.execute(
    sql`insert into staff (user_id, netbar_id, position) values (${id}, ${b.netbar_id}, ${b.role})`,
  );
  return id;
}

export async function updateStaff(tx: Conn, id: number, b: StaffProfile) {
  await tx.execute(sql`update users set true_name = ${b.true_name}, mobile = ${b.mobile}, status = ${b.status},
    netbar_id = ${b.netbar_id}, updated_at = now() where id = ${id}`);
  await tx.execute(
    sql`update staff set position = ${b.role}, netbar_id = ${b.netbar_id} where user_id = ${id}`,
  );
}

/** Replaces the stores a staff member works in (the home store included). */
export async function saveStores(tx: Conn, id: number, netbarIds: number[]) {
  await tx.execute(sql`delete from netbar_staff_stores where user_id = ${id}`);
  if (netbarIds.length)
    await tx.execute(sql`insert into netbar_staff_stores (user_id, netbar_id)
      select ${id}, x from unnest(${`{${netbarIds.join(',')}}`}::int[]) x`);
}

/** Replaces a staff member's menu grants. */
export async function saveGrants(tx: Conn, id: number, by: number, permIds: number[]) {
  await tx.execute(sql`delete from grants where user_id = ${id}`);
  if (permIds.length)
    await tx.execute(sql`insert into grants (user_id, perm_id, granted_by)
      select ${id}, p, ${by} from unnest(${`{${permIds.join(',')}}`}::int[]) p`);
}

export const setStatus = (db: Conn, id: number, status: number) =>
  db.execute(sql`update users set status = ${status}, updated_at = now() where id = ${id}`);

/** A new password; `mustChange` makes the next login ask for the staff member's own first. */
export const setPassword = (db: Conn, id: number, hash: string, mustChange: boolean) =>
  db.execute(sql`update users set password_hash = ${hash}, must_change_password = ${mustChange},
    updated_at = now() where id = ${id}`);

/** A netbar staff account by login name, for the first-password change. */
export async function staffByName(db: Conn, userName: string) {
  const r = await rows<{ id: number; password_hash: string; must_change_password: boolean; status: number }>(
    db,
    sql`select id, password_hash, must_change_password, status from users
      where lower(user_name) = lower(${userName}) and type = 5`,
  );
  return r[0];
}
