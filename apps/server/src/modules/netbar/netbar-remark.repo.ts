import type { RemarkRow } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { fmtDate, fmtTs } from '../../lib/sql-dates.ts';
import { netbarWhere, type TenantScope } from '../../tenant/index.ts';

export async function listRemarks(db: Conn, netbarId: number): Promise<RemarkRow[]> {
  return rows<RemarkRow>(
    db,
    sql`select r.id, r.content, ${fmtDate('r.follow_date')} as follow_date, coalesce(u.true_name, u.user_name, '') as created_by_name,
    ${fmtTs('r.created_at')} as created_at from netbar_remarks r left join users u on u.id = r.created_by
    where r.netbar_id = ${netbarId} order by r.follow_date desc, r.id desc`,
  );
}

export async function addRemark(db: Conn, netbarId: number, content: string, followDate: string, by: number) {
  const [r] = await rows<{ id: number }>(
    db,
    sql`insert into netbar_remarks (netbar_id, content, follow_date, created_by)
    values (${netbarId}, ${content}, ${followDate}, ${by}) returning id`,
  );
  return Number(r!.id);
}

/** A remark whose netbar the scope may see. */
export async function remarkInScope(db: Conn, s: TenantScope, id: number) {
  const r = await rows<{ id: number; netbar_id: number }>(
    db,
    sql`select r.id, r.netbar_id from netbar_remarks r
    join netbars n on n.id = r.netbar_id where r.id = ${id} and ${netbarWhere(s)}`,
  );
  return r[0];
}

export async function editRemark(db: Conn, id: number, content: string, followDate: string) {
  await db.execute(
    sql`update netbar_remarks set content = ${content}, follow_date = ${followDate} where id = ${id}`,
  );
}

export async function deleteRemark(db: Conn, id: number) {
  await db.execute(sql`delete from netbar_remarks where id = ${id}`);
}
