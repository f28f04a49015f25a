import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import { ownAgent, type TenantScope } from '../../tenant/index.ts';
import { DELETED } from './staff.repo.ts';

/** Writes of the agent-staff module, and its remarks. */

export async function insertStaff(
  db: Conn,
  s: TenantScope,
  b: { user_name: string; true_name: string; mobile: string; position?: string },
  hash: string,
): Promise<number> {
  const agentId = ownAgent(s);
  return db.transaction(async (tx) => {
    const [u] = await rows<{ id: number }>(
      tx,
      sql`insert into users (user_name, password_hash, type, true_name, mobile, agent_id)
      values (${b.user_name}, ${hash}, 2, ${b.true_name}, ${b.mobile}, ${agentId}) returning id`,
    );
    await tx.execute(
      sql`insert into staff (user_id, agent_id, position) values (${u!.id}, ${agentId}, ${b.position ?? ''})`,
    );
    return Number(u!.id);
  });
}

export async function updateStaff(
  db: Conn,
  b: { id: number; true_name: string; mobile: string; status: number; position?: string },
  hash: string | null,
) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`update users set true_name = ${b.true_name}, mobile = ${b.mobile}, status = ${b.status}, updated_at = now()
      ${hash ? sql`, password_hash = ${hash}` : sql``} where id = ${b.id}`);
    await tx.execute(sql`update staff set position = ${b.position ?? ''} where user_id = ${b.id}`);
  });
}

/** Marks the staff account deleted and frees the netbars it looked after. */
export async function deleteStaff(db: Conn, id: number) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`update users set status = ${DELETED}, updated_at = now() where id = ${id}`);
    await tx.execute(sql`update netbar_agent_info set person_user_id = null where person_user_id = ${id}`);
  });
}

export const listRemarks = (db: Conn, staffId: number) =>
  rows(
    db,
    sql`select r.id, r.content, coalesce(u.true_name, '') as created_by_name, ${fmtTs('r.created_at')} as created_at
    from staff_remarks r left join users u on u.id = r.created_by where r.staff_user_id = ${staffId} order by r.id desc`,
  );

export async function addRemark(db: Conn, staffId: number, content: string, by: number): Promise<number> {
  const [x] = await rows<{ id: number }>(
    db,
    sql`insert into staff_remarks (staff_user_id, content, created_by) values (${staffId}, ${content}, ${by}) returning id`,
  );
  return Number(x!.id);
}

/** A remark on one of the agent's staff; another agent's remark is not found. */
export async function remarkOfAgent(db: Conn, s: TenantScope, id: number): Promise<boolean> {
  const agentId = ownAgent(s);
  const x = await rows<{ id: number }>(
    db,
    sql`select r.id from staff_remarks r join staff st on st.user_id = r.staff_user_id where r.id = ${id} and st.agent_id = ${agentId}`,
  );
  return !!x[0];
}

export const editRemark = (db: Conn, id: number, content: string) =>
  db.execute(sql`update staff_remarks set content = ${content} where id = ${id}`);

export const deleteRemark = (db: Conn, id: number) =>
  db.execute(sql`delete from staff_remarks where id = ${id}`);
