import type { PrizeStatisticsQuery, PrizeStatRow, PrizeStatTotals } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { pageSql } from '../../lib/paging.ts';
import { type ReportStore, storeIdsSql } from '../../tenant/index.ts';

/**
 * 奖品统计 (248, decision 178): the engine's claims that paid a prize, by Beijing day (the claim's day),
 * store, activity and kind — prizes issued, their cost to the store (the claims' cost_fen) and members
 * reached (distinct members). 合计 counts distinct members over the whole filter, so it is not the sum of
 * the rows' member counts; prizes and cost are. `all` reads every row (the export).
 */
export async function prizeStatistics(db: Conn, stores: ReportStore[], q: PrizeStatisticsQuery, all = false) {
  const where = sql`c.netbar_id in (${storeIdsSql(stores)}) and c.prize_id is not null
    and c.day between ${q.start}::date and ${q.end}::date ${q.kind ? sql`and a.kind = ${q.kind}` : sql``}`;
  const from = sql`from activity_claims c join activities a on a.id = c.activity_id join netbars n on n.id = c.netbar_id`;
  const [list, tot] = await Promise.all([
    rows<PrizeStatRow>(
      db,
      sql`select to_char(c.day, 'YYYY-MM-DD') as day, n.name as store_name, a.id as activity_id, a.name as activity_name, a.kind,
            count(*)::int as prizes, sum(c.cost_fen)::float8 as cost_fen, count(distinct c.member_id)::int as members
          ${from} where ${where}
          group by c.day, n.id, n.name, a.id, a.name, a.kind
          order by c.day desc, n.id, a.id ${all ? sql`` : pageSql(q)}`,
    ),
    rows<PrizeStatTotals & { rows: number }>(
      db,
      sql`select count(*)::int as prizes, coalesce(sum(c.cost_fen), 0)::float8 as cost_fen, count(distinct c.member_id)::int as members,
            count(distinct (c.day, c.netbar_id, c.activity_id))::int as rows
          ${from} where ${where}`,
    ),
  ]);
  const t = tot[0]!;
  return {
    list,
    count: Number(t.rows),
    totals: { prizes: Number(t.prizes), cost_fen: Number(t.cost_fen), members: Number(t.members) },
  };
}
