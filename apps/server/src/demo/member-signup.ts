import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.ts';

/**
 * Who registered the flagship's members (issue 14, decision 137): after the counter's 90 days, a member
 * registered in them is the netadmin 赵网管's (one in three: he signs up customers at the machines) or
 * else the cashier's of the shift on duty, so 员工提成 shows new members by staff. (Seat orders are
 * delivered by the 服务员 by day and the 网管 by night: demo/order-rows.ts.) Idempotent: the same rows
 * each run.
 */
export async function memberSignUpDemo(db: Db): Promise<void> {
  const [flagship] = await rows<{ id: number }>(
    db,
    sql`select id from netbars where name = '星际网咖旗舰店'`,
  );
  if (!flagship) return;
  const nid = Number(flagship.id);
  const who = (login: string) => sql`(select id from users where user_name = ${login})`;
  await rows(
    db,
    sql`update members m set created_by = x.id, created_by_name = x.name
          from (
            select mb.id as member_id, coalesce(net.id, s.cashier_id) as id, coalesce(net.name, s.cashier_name) as name
            from members mb
            join shifts s on s.netbar_id = mb.netbar_id and s.opened_at <= mb.created_at
              and (s.closed_at is null or mb.created_at < s.closed_at)
            left join (select u.id, coalesce(nullif(u.true_name, ''), u.user_name) as name from users u
                       where u.id = ${who('demo_netadmin')}) net on mb.id % 3 = 0
            where mb.netbar_id = ${nid}) x
          where m.id = x.member_id and m.netbar_id = ${nid}`,
  );
}
