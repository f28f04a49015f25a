import type { RedemptionRow, redemptionQuery } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Conn, rows } from '../../db/client.ts';
import { dayRange } from '../../lib/day-bounds.ts';
import { pageSql } from '../../lib/paging.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import type { MemberPool } from './member-pool.ts';

/** Points redemption records (redemption_record 182) of a pool. */

export async function insertRedemption(
  tx: Conn,
  p: MemberPool,
  v: {
    member_id: number;
    ledger_id: number;
    kind: string;
    points: number;
    bonus_fen: number;
    minutes: number;
    sku_id: number | null;
    goods_name: string;
    qty: number;
    sale_id: number | null;
    remark: string;
    user: { id: number; name: string };
  },
): Promise<number> {
  const r = await rows<{ id: number }>(
    tx,
    sql`insert into member_redemptions (pool_id, netbar_id, member_id, ledger_id, kind, points, bonus_fen, minutes, sku_id, goods_name, qty, sale_id, remark, user_id, user_name)
        values (${p.pool}, ${p.store}, ${v.member_id}, ${v.ledger_id}, ${v.kind}, ${v.points}, ${v.bonus_fen}, ${v.minutes},
                ${v.sku_id}, ${v.goods_name}, ${v.qty}, ${v.sale_id}, ${v.remark}, ${v.user.id}, ${v.user.name}) returning id`,
  );
  return Number(r[0]!.id);
}

type Q = z.infer<typeof redemptionQuery>;

export async function listRedemptions(db: Conn, p: MemberPool, q: Q, all = false) {
  const w: SQL[] = [sql`r.pool_id = ${p.pool}`];
  if (q.kind) w.push(sql`r.kind = ${q.kind}`);
  if (q.keyword) {
    const k = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    w.push(sql`(m.name ilike ${k} or m.mobile like ${k} or m.card_mask like ${k})`);
  }
  w.push(...dayRange(sql`r.at`, q.date_from, q.date_to));
  const where = sql.join(w, sql` and `);
  const from = sql`from member_redemptions r join members m on m.id = r.member_id left join netbars n on n.id = r.netbar_id
  left join stock_sales ss on ss.id = r.sale_id`;
  const [list, tot] = await Promise.all([
    rows<RedemptionRow>(
      db,
      sql`select r.id, r.member_id, m.name as member_name, m.card_mask, r.kind, r.points::float8 as points,
            r.bonus_fen::float8 as bonus_fen, r.minutes, r.sku_id, r.goods_name, r.qty, coalesce(ss.sale_no, '') as sale_no, r.remark, r.user_name,
            coalesce(n.name, '') as netbar_name, ${fmtTs('r.at')} as at
          ${from} where ${where} order by r.at desc, r.id desc ${all ? sql`limit 200000` : pageSql(q)}`,
    ),
    rows<{ n: number; points: number }>(
      db,
      sql`select count(*)::int as n, coalesce(sum(r.points), 0)::float8 as points ${from} where ${where}`,
    ),
  ]);
  return { list, count: Number(tot[0]!.n), totals: { points: Number(tot[0]!.points) } };
}
