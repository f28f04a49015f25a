import { NETBAR_STAFF_ROLE_GRANTS, type NetbarStaffRole } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.ts';
import { hashPassword } from '../lib/password.ts';
import { DEMO_PASSWORD } from './seed.ts';

/** [login, name, mobile, role, home store, further stores] (password demo123456). */
const STAFF: [string, string, string, NetbarStaffRole, string, string[]][] = [
  ['demo_store_manager', '刘店长', '13800000011', '店长', '星际网咖旗舰店', ['星际网咖二店', '星际网咖三店']],
  ['demo_netadmin', '赵网管', '13800000012', '网管', '星际网咖旗舰店', ['星际网咖二店']],
  ['demo_waiter', '孙服务', '13800000013', '服务员', '星际网咖旗舰店', []],
  // the two cashiers also work the flagship's 晚班 on weekdays (demo/shift.ts)
  ['demo_cashier2', '周收银', '13800000014', '收银员', '星际网咖二店', ['星际网咖旗舰店']],
  ['demo_cashier3', '吴收银', '13800000015', '收银员', '星际网咖三店', ['星际网咖旗舰店']],
];

/** 刘店长 became 店长 this many days ago. */
export const PROMOTED_DAYS_AGO = 21;

/**
 * 星际网咖's staff (issue 14, decision 145): with 小陈 (demo_netbar_staff, 收银员 of the flagship, made by
 * seed.ts and left exactly as it is) six staff across its three stores, each with its role's grants and
 * the stores it works in, hired 90 days ago. 刘店长 was hired as 收银员 and made 店长 three weeks ago
 * (role history, decision 149: 员工提成 prices their earlier days at the 收银员 rules). Set-based: one
 * statement per table. Idempotent.
 */
export async function netbarStaffDemo(db: Db): Promise<void> {
  const found = await rows<{ id: number }>(
    db,
    sql`select id from users where user_name = 'demo_store_manager'`,
  );
  if (found[0]) return;
  const owner = await rows<{ id: number }>(db, sql`select id from users where user_name = 'demo_netbar'`);
  if (!owner[0]) return;
  const hash = await hashPassword(DEMO_PASSWORD);
  const list = sql.join(
    STAFF.map(
      ([login, name, mobile, role, home]) =>
        sql`(${login}, ${name}, ${mobile}, ${role}, ${home}, ${JSON.stringify(NETBAR_STAFF_ROLE_GRANTS[role])}::jsonb)`,
    ),
    sql`, `,
  );
  const stores = sql.join(
    STAFF.flatMap(([login, , , , home, more]) => [home, ...more].map((s) => sql`(${login}, ${s})`)),
    sql`, `,
  );
  await db.transaction(async (tx) => {
    await tx.execute(sql`with v(login, name, mobile, role, home, perms) as (values ${list}),
      u as (insert into users (user_name, password_hash, type, true_name, mobile, netbar_id, created_at, updated_at)
        select v.login, ${hash}, 5, v.name, v.mobile, n.id, now() - interval '90 days', now() - interval '90 days'
        from v join netbars n on n.name = v.home returning id, user_name, netbar_id)
      insert into staff (user_id, netbar_id, position, created_at)
        select u.id, u.netbar_id, v.role, now() - interval '90 days' from u join v on v.login = u.user_name`);
    await tx.execute(sql`with v(login, store) as (values ${stores})
      insert into netbar_staff_stores (user_id, netbar_id, created_at)
        select u.id, n.id, now() - interval '90 days' from v join users u on u.user_name = v.login
        join netbars n on n.name = v.store`);
    await tx.execute(sql`with v(login, name, mobile, role, home, perms) as (values ${list})
      insert into grants (user_id, perm_id, granted_by)
        select u.id, p::int, ${owner[0]!.id} from v join users u on u.user_name = v.login
        cross join jsonb_array_elements_text(v.perms) p`);
    // the staff trigger wrote each first role from the hire day; 刘店长's began as 收银员
    await tx.execute(sql`with u as (select id from users where user_name = 'demo_store_manager'),
      first as (update netbar_staff_positions p set position = '收银员' from u where p.user_id = u.id returning p.user_id)
      insert into netbar_staff_positions (user_id, from_day, position)
        select user_id, (now() at time zone 'Asia/Shanghai')::date - ${PROMOTED_DAYS_AGO}::int, '店长' from first`);
  });
}
