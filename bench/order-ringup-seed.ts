// The stores of bench/order-ringup.ts, seeded with set-based SQL in its scratch database: per store a
// netbar of the demo agent, its owner (type 3) and `cashiers` cashiers (type 5, 收银员, granted 收银台 2640
// and 商品列表 64 as a store's cashier is), all with the demo password. The goods and their stock come
// afterwards through the API (order-bench-kit.ts benchGoods), each store its own five.
import { PERM } from '@netbar/contract';
import type pg from 'pg';

export interface RingupStore {
  id: number;
  owner: string;
  cashiers: string[];
}

export async function seedRingupStores(
  c: pg.Client,
  prefix: string,
  stores: number,
  cashiers: number,
): Promise<RingupStore[]> {
  const base = (
    await c.query(
      `select (select agent_id from users where user_name = 'demo_agent') as agent,
              (select password_hash from users where user_name = 'demo_netbar') as hash`,
    )
  ).rows[0] as { agent: number; hash: string };
  const ids = (
    await c.query(
      `insert into netbars (name, agent_id, machine_count, expire_at, province, city)
       select $3::text || g, $1, 100, now() + interval '1 year', '上海市', '上海市' from generate_series(1, $2) g
       returning id`,
      [base.agent, stores, prefix === 'hot' ? '收银热点店' : '收银压测店'],
    )
  ).rows.map((r) => Number(r.id));
  await c.query('update netbars set pid = id where id = any($1)', [ids]);
  const out = ids.map((id, i) => ({
    id,
    owner: `${prefix}_store_${i + 1}`,
    cashiers: Array.from({ length: cashiers }, (_, j) => `${prefix}_cashier_${i + 1}_${j + 1}`),
  }));
  await c.query(
    `with u as (
       insert into users (user_name, password_hash, type, true_name, netbar_id)
       select s.u, $1, 3, '压测店长', s.id from unnest($2::text[], $3::int[]) s(u, id) returning id, netbar_id)
     update netbars n set owner_user_id = u.id from u where n.id = u.netbar_id`,
    [base.hash, out.map((s) => s.owner), ids],
  );
  const names = out.flatMap((s) => s.cashiers);
  const stores_ = out.flatMap((s) => s.cashiers.map(() => s.id));
  await c.query(
    `with u as (
       insert into users (user_name, password_hash, type, true_name, netbar_id)
       select s.u, $1, 5, '收银员' || s.u, s.id from unnest($2::text[], $3::int[]) s(u, id) returning id, netbar_id),
     st as (insert into staff (user_id, netbar_id, position) select id, netbar_id, '收银员' from u)
     insert into grants (user_id, perm_id, granted_by)
     select u.id, p, n.owner_user_id from u join netbars n on n.id = u.netbar_id, unnest($4::int[]) p`,
    [base.hash, names, stores_, [PERM.CASHIER, PERM.GOODS_LIST]],
  );
  return out;
}
