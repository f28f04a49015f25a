import type { MachineListQuery, MachineRow, MachineSaveBody, MachineState } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { pageSql } from '../../lib/paging.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import type { TenantScope } from '../../tenant/index.ts';

/** Machines of the caller's store. */

const like = (k: string) => `%${k.replace(/[%_\\]/g, '\\$&')}%`;
const idList = (ids: number[]) =>
  sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );

const machineSelect = sql`select m.id, m.name, m.area_id, a.name as area_name, m.ip, m.mac, m.hardware_note,
    m.state, ${fmtTs('m.state_at')} as state_at, ${fmtTs('m.created_at')} as created_at
  from machines m join venue_areas a on a.id = m.area_id`;

function machineWhere(s: TenantScope, q: Partial<MachineListQuery>): SQL {
  const parts: SQL[] = [sql`m.netbar_id = ${s.netbarId}`];
  if (q.area_id) parts.push(sql`m.area_id = ${q.area_id}`);
  if (q.state) parts.push(sql`m.state = ${q.state}`);
  if (q.keyword)
    parts.push(
      sql`(m.name ilike ${like(q.keyword)} or m.ip ilike ${like(q.keyword)} or m.mac ilike ${like(q.keyword)})`,
    );
  return sql.join(parts, sql` and `);
}

export async function listMachines(db: Conn, s: TenantScope, q: MachineListQuery) {
  const where = machineWhere(s, q);
  const list = await rows<MachineRow>(
    db,
    sql`${machineSelect} where ${where} order by a.sort, a.id, m.name ${pageSql(q)}`,
  );
  const c = await rows<{ n: number }>(db, sql`select count(*)::int as n from machines m where ${where}`);
  return { list, count: c[0]?.n ?? 0 };
}

/** A machine of the store (null for another store's id, as for a missing one). */
export async function findMachine(db: Conn, s: TenantScope, id: number): Promise<MachineRow | null> {
  const r = await rows<MachineRow>(
    db,
    sql`${machineSelect} where m.id = ${id} and m.netbar_id = ${s.netbarId}`,
  );
  return r[0] ?? null;
}

/** Locks the machine row for a state change; null when it is not the store's. */
export async function lockMachine(tx: Conn, s: TenantScope, id: number) {
  const r = await rows<{ id: number; name: string; state: MachineState }>(
    tx,
    sql`select id, name, state from machines where id = ${id} and netbar_id = ${s.netbarId} for update`,
  );
  return r[0] ?? null;
}

export async function machineCount(db: Conn, s: TenantScope): Promise<number> {
  const r = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from machines where netbar_id = ${s.netbarId}`,
  );
  return r[0]?.n ?? 0;
}

/** Names among `names` already used in the store. */
export async function takenNames(db: Conn, s: TenantScope, names: string[], exceptId = 0): Promise<string[]> {
  if (!names.length) return [];
  const r = await rows<{ name: string }>(
    db,
    sql`select name from machines where netbar_id = ${s.netbarId} and id <> ${exceptId}
        and name in (${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )}) order by name`,
  );
  return r.map((x) => x.name);
}

/** The machine already holding this IP or MAC in the store, if any. */
export async function addressOwner(db: Conn, s: TenantScope, col: 'ip' | 'mac', value: string, exceptId = 0) {
  const r = await rows<{ name: string }>(
    db,
    sql`select name from machines where netbar_id = ${s.netbarId} and ${sql.identifier(col)} = ${value} and id <> ${exceptId} limit 1`,
  );
  return r[0]?.name;
}

export async function insertMachines(db: Conn, s: TenantScope, areaId: number, names: string[]) {
  const values = sql.join(
    names.map((n) => sql`(${s.netbarId}, ${areaId}, ${n})`),
    sql`, `,
  );
  const r = await rows<{ id: number }>(
    db,
    sql`insert into machines (netbar_id, area_id, name) values ${values} returning id`,
  );
  return r.map((x) => x.id);
}

export async function insertMachine(db: Conn, s: TenantScope, v: MachineSaveBody): Promise<number> {
  const r = await rows<{ id: number }>(
    db,
    sql`insert into machines (netbar_id, area_id, name, ip, mac, hardware_note)
        values (${s.netbarId}, ${v.area_id}, ${v.name}, ${v.ip ?? ''}, ${v.mac ?? ''}, ${v.hardware_note ?? ''}) returning id`,
  );
  return r[0]!.id;
}

export async function updateMachine(db: Conn, s: TenantScope, v: MachineSaveBody & { id: number }) {
  const r = await rows<{ id: number }>(
    db,
    sql`update machines set name = ${v.name}, area_id = ${v.area_id}, ip = ${v.ip ?? ''}, mac = ${v.mac ?? ''},
          hardware_note = ${v.hardware_note ?? ''}, updated_at = now()
        where id = ${v.id} and netbar_id = ${s.netbarId} returning id`,
  );
  return r.length > 0;
}

/** Moves machines to an area; the count moved (an id outside the store is not moved). */
export async function moveMachines(db: Conn, s: TenantScope, ids: number[], areaId: number) {
  const r = await rows<{ id: number }>(
    db,
    sql`update machines set area_id = ${areaId}, updated_at = now()
        where netbar_id = ${s.netbarId} and id in (${idList(ids)}) returning id`,
  );
  return r.length;
}

/** Locks the machines named by `ids` in the store, in id order (no deadlock between two batches). */
export async function lockMachines(tx: Conn, s: TenantScope, ids: number[]) {
  return rows<{ id: number; name: string; state: MachineState }>(
    tx,
    sql`select id, name, state from machines where netbar_id = ${s.netbarId} and id in (${idList(ids)})
        order by id for update`,
  );
}

export async function writeState(tx: Conn, s: TenantScope, ids: number[], state: MachineState) {
  const r = await rows<{ id: number }>(
    tx,
    sql`update machines set state = ${state}, state_at = now()
        where netbar_id = ${s.netbarId} and id in (${idList(ids)}) and state <> ${state} returning id`,
  );
  return r.length;
}

export async function deleteMachine(tx: Conn, s: TenantScope, id: number): Promise<boolean> {
  await rows(
    tx,
    sql`delete from seat_reservations where machine_id = ${id} and netbar_id = ${s.netbarId} and status <> 'holding'`,
  );
  const r = await rows<{ id: number }>(
    tx,
    sql`delete from machines where id = ${id} and netbar_id = ${s.netbarId} returning id`,
  );
  return r.length > 0;
}

/**
 * A report of many machines' states in one statement (decision 121): locks the store's reported machines
 * in id order, works out each one's next state as setMachineState does with `from` (a machine in another
 * state keeps it; a held reservation keeps a machine reported 空闲/离线 预订), writes those that move and
 * answers every one of the store's reported machines, by id. Another store's ids are simply absent.
 */
export async function reportStates(
  tx: Conn,
  s: TenantScope,
  reports: readonly { id: number; state: MachineState }[],
  from: readonly MachineState[],
) {
  const fromList = sql.join(
    from.map((x) => sql`${x}`),
    sql`, `,
  );
  return rows<{ id: number; state: MachineState; changed: boolean }>(
    tx,
    sql`with v as (select * from jsonb_to_recordset(${JSON.stringify(reports)}::jsonb) as v(id int, state text)),
        cur as (select m.id, m.state from machines m join v on v.id = m.id
                where m.netbar_id = ${s.netbarId} order by m.id for update of m),
        nxt as (select c.id, c.state as old, case
                  when c.state not in (${fromList}) then c.state
                  when v.state in ('空闲', '离线') and exists (select 1 from seat_reservations r
                    where r.netbar_id = ${s.netbarId} and r.machine_id = c.id and r.status = 'holding') then '预订'
                  else v.state end as state
                from cur c join v on v.id = c.id),
        upd as (update machines m set state = x.state, state_at = now() from nxt x
                where m.id = x.id and x.state <> x.old returning m.id)
        select x.id, x.state, (u.id is not null) as changed from nxt x left join upd u on u.id = x.id order by x.id`,
  );
}
