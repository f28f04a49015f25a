import type { AgentRegisterNetbarBody, EditNetbarBody } from '@netbar/contract';
import { MSG } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { BadInputError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';

export async function userNameTaken(db: Conn, userName: string): Promise<boolean> {
  const r = await rows<{ id: number }>(
    db,
    sql`select id from users where lower(user_name) = lower(${userName})`,
  );
  return r.length > 0;
}

/**
 * Runs an insert of a new login name; a concurrent request that took the same name first (unique index
 * on lower(user_name)) answers like the check before it: 40000 账号已存在, never 500.
 */
export async function uniqueName<T>(insert: () => Promise<T>): Promise<T> {
  try {
    return await insert();
  } catch (e) {
    if (isUniqueViolation(e)) throw new BadInputError(MSG.passportExists);
    throw e;
  }
}

/** A netbar row (its own head), its type-3 owner account, and the agent's record of it. */
export async function insertNetbar(
  tx: Conn,
  agentId: number,
  b: AgentRegisterNetbarBody,
  passwordHash: string,
  by: number,
) {
  const [nb] = await rows<{ id: number }>(
    tx,
    sql`insert into netbars (name, agent_id, contact, mobile, province, city, district, address, machine_count, expire_at)
    values (${b.name}, ${agentId}, ${b.contact}, ${b.mobile}, ${b.province}, ${b.city}, ${b.district}, ${b.address}, ${b.machine_count}, now() + interval '7 days')
    returning id`,
  );
  const id = Number(nb!.id);
  const [u] = await rows<{ id: number }>(
    tx,
    sql`insert into users (user_name, password_hash, type, true_name, mobile, province, city, district, address, netbar_id)
    values (${b.user_name}, ${passwordHash}, 3, ${b.contact}, ${b.mobile}, ${b.province}, ${b.city}, ${b.district}, ${b.address}, ${id}) returning id`,
  );
  await tx.execute(sql`update netbars set pid = ${id}, owner_user_id = ${u!.id} where id = ${id}`);
  await tx.execute(
    sql`insert into netbar_agent_info (netbar_id, person_user_id, registered_by) values (${id}, ${b.person_id ?? null}, ${by})`,
  );
  return id;
}

export async function updateNetbar(db: Conn, b: EditNetbarBody) {
  await db.execute(sql`update netbars set name = ${b.name}, contact = ${b.contact}, mobile = ${b.mobile}, province = ${b.province},
    city = ${b.city}, district = ${b.district}, address = ${b.address}, machine_count = ${b.machine_count}, status = ${b.status}
    where id = ${b.netbar_id}`);
}

/** Live sub-stores of a head that are not in `ids`. */
export async function otherSubStores(db: Conn, ids: number[]): Promise<number> {
  const list = sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
  const r = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from netbars where pid in (${list}) and pid <> id and status <> 0 and id not in (${list})`,
  );
  return Number(r[0]?.n ?? 0);
}

/** Soft delete: the netbar leaves every list and its accounts can no longer log in. */
export async function deleteNetbars(tx: Conn, ids: number[]) {
  const list = sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
  await tx.execute(sql`update netbars set status = 0 where id in (${list})`);
  await tx.execute(sql`update users set status = 0 where netbar_id in (${list})`);
  await tx.execute(sql`delete from staff_area_netbars where netbar_id in (${list})`);
}

export async function ensureInfo(db: Conn, netbarId: number) {
  await db.execute(
    sql`insert into netbar_agent_info (netbar_id) values (${netbarId}) on conflict do nothing`,
  );
}

export async function setPerson(tx: Conn, ids: number[], personId: number | null) {
  for (const id of ids) {
    await ensureInfo(tx, id);
    await tx.execute(sql`update netbar_agent_info set person_user_id = ${personId} where netbar_id = ${id}`);
  }
}

export async function setDelay(tx: Conn, ids: number[], days: number) {
  for (const id of ids) {
    await ensureInfo(tx, id);
    await tx.execute(sql`update netbar_agent_info set delay_days = ${days} where netbar_id = ${id}`);
  }
}

/** Takes an unbound netbar for an agent; false when another agent holds it already. */
export async function claimNetbar(tx: Conn, netbarId: number, agentId: number): Promise<boolean> {
  const r = await rows<{ id: number }>(
    tx,
    sql`update netbars set agent_id = ${agentId} where id = ${netbarId} and agent_id is null returning id`,
  );
  return r.length > 0;
}

export async function setAgent(tx: Conn, netbarId: number, agentId: number | null) {
  await tx.execute(sql`update netbars set agent_id = ${agentId} where id = ${netbarId}`);
  await tx.execute(sql`delete from staff_area_netbars where netbar_id = ${netbarId}`);
  await ensureInfo(tx, netbarId);
  await tx.execute(sql`update netbar_agent_info set person_user_id = null where netbar_id = ${netbarId}`);
}

/** A netbar account (type 3, owner of its netbar) by login name. */
export async function netbarByAccount(db: Conn, userName: string) {
  const r = await rows<{ netbar_id: number; agent_id: number | null; user_id: number }>(
    db,
    sql`select n.id as netbar_id, n.agent_id, u.id as user_id
    from users u join netbars n on n.id = u.netbar_id and n.owner_user_id = u.id
    where lower(u.user_name) = lower(${userName}) and u.type = 3 and u.status = 1 and n.status <> 0`,
  );
  return r[0];
}

export async function linkChain(tx: Conn, headId: number, ids: number[], name: string, type: number) {
  await tx.execute(sql`update netbars set pid = ${headId}, chain_id = ${headId}, chain_name = ${name}, chain_type = ${type}, brand_admin_user_id = coalesce(brand_admin_user_id, owner_user_id)
    where id = ${headId}`);
  for (const id of ids) {
    if (id === headId) continue;
    await tx.execute(
      sql`update netbars set pid = ${headId}, chain_id = ${headId}, chain_name = ${name}, chain_type = ${type} where id = ${id}`,
    );
  }
}
