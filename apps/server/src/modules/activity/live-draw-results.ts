import type { DrawResult } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { visibleTo } from './activity.repo.ts';
import { drawWinners } from './promotion.repo.ts';

/** A winner's name as a PC shows it to the room: the first character, the rest masked. */
export const maskName = (n: string) =>
  n.length <= 1 ? n : `${n.slice(0, 1)}${'*'.repeat(Math.min(n.length - 1, 3))}`;

/**
 * The store's live draws drawn in the last 24 hours, newest first, with their winners (names masked):
 * what the PC client shows through the terminal API (decision 178).
 */
export async function recentDrawResults(db: Conn, s: TenantScope): Promise<DrawResult[]> {
  const list = await rows<{ id: number; name: string; drawn_at: string }>(
    db,
    sql`select a.id, a.name, to_char(st.drawn_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as drawn_at
        from activities a join activity_settings st on st.activity_id = a.id
        where ${visibleTo(s.netbarId)} and a.kind = 'live_draw' and st.drawn_at > now() - interval '24 hours'
        order by st.drawn_at desc limit 5`,
  );
  const out: DrawResult[] = [];
  for (const a of list) {
    const w = await drawWinners(db, s.netbarId, a.id);
    out.push({
      activity_id: a.id,
      name: a.name,
      drawn_at: a.drawn_at,
      candidates: w.candidates,
      winners: w.winners.map((x) => ({ ...x, member_name: maskName(x.member_name) })),
    });
  }
  return out;
}
