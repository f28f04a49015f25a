import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import { type OwnerScope, ownerStores } from './netbar-staff.repo.ts';

/** Remarks on netbar staff: the same staff_remarks table as agent staff, scoped to the owner's stores. */

export const listRemarks = (db: Conn, staffId: number) =>
  rows<{ id: number; content: string; created_by_name: string; created_at: string }>(
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

/** A remark on one of the owner's netbar staff; another netbar's remark is not found. */
export async function remarkInScope(db: Conn, o: OwnerScope, id: number): Promise<boolean> {
  const x = await rows<{ id: number }>(
    db,
    sql`select r.id from staff_remarks r join users u on u.id = r.staff_user_id and u.type = 5
      join staff st on st.user_id = r.staff_user_id
      where r.id = ${id} and st.netbar_id in ${ownerStores(o)}`,
  );
  return !!x[0];
}

export const editRemark = (db: Conn, id: number, content: string) =>
  db.execute(sql`update staff_remarks set content = ${content} where id = ${id}`);

export const deleteRemark = (db: Conn, id: number) =>
  db.execute(sql`delete from staff_remarks where id = ${id}`);
