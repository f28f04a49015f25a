import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.ts';

/**
 * The chain 星际网咖's commission rules (issue 14 item 2, decision 147), in each of its stores, from before
 * the demo's 90 days: 收银员 5% of goods sales, ¥1 per member top-up, ¥2 per new member and 2% of leases;
 * 店长 1% of goods and 3% of table and room bills; 网管 and 服务员 ¥0.50 per seat order delivered. The
 * flagship's cashier 小陈 (demo_netbar_staff) has earned 6% of goods in person for the last 30 days. One
 * statement; idempotent per store.
 */
export async function commissionDemo(db: Db): Promise<void> {
  await rows(
    db,
    sql`with stores as (
          select n.id from netbars n where n.chain_name = '星际网咖'
            and not exists (select 1 from commission_rules r where r.netbar_id = n.id)),
        start as (select (now() at time zone 'Asia/Shanghai')::date - 120 as day),
        roles (role, kind, rate_bp, amount_fen) as (values
          ('收银员', 'goods_pct', 500, 0), ('收银员', 'topup_fixed', 0, 100), ('收银员', 'new_member_fixed', 0, 200),
          ('收银员', 'lease_pct', 200, 0), ('店长', 'goods_pct', 100, 0), ('店长', 'desk_pct', 300, 0),
          ('网管', 'seat_delivery_fixed', 0, 50), ('服务员', 'seat_delivery_fixed', 0, 50))
        insert into commission_rules (netbar_id, target_type, role, user_id, kind, rate_bp, amount_fen, start_day, remark, updated_by)
        select s.id, 'role', r.role, null, r.kind, r.rate_bp, r.amount_fen, start.day, '', '张老板'
          from stores s cross join roles r cross join start
        union all
        select st.netbar_id, 'person', null, u.id, 'goods_pct', 600, 0,
               (now() at time zone 'Asia/Shanghai')::date - 30, '金牌收银员', '张老板'
          from users u join staff st on st.user_id = u.id join stores s on s.id = st.netbar_id
          where u.user_name = 'demo_netbar_staff'`,
  );
}
