import { ENGINE_KIND_APP, type EngineKind, ODDS_TOTAL, STORE_APP_BY_KEY } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { loadDisabledApps, type TenantScope } from '../../tenant/index.ts';
import { visibleTo } from './activity.repo.ts';

/**
 * What a PC shows (decision 173): the store's activities running now of enabled apps, with their price
 * and every prize — a box's odds as percentages (公示概率), a sign-in's streak days.
 */
export async function terminalActivities(db: Conn, s: TenantScope) {
  const off = await loadDisabledApps(db, s.netbarId);
  const acts = await rows<{
    id: number;
    kind: string;
    name: string;
    price_kind: string;
    price_amount: number;
    ends_at: string;
  }>(
    db,
    sql`select a.id, a.kind, a.name, a.price_kind, a.price_amount::float8 as price_amount,
          to_char(a.ends_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') as ends_at
        from activities a where ${visibleTo(s.netbarId)} and a.status = 'published' and a.starts_at <= now() and a.ends_at > now()
        order by a.id`,
  );
  const live = acts.filter((a) => {
    const app = STORE_APP_BY_KEY.get(ENGINE_KIND_APP[a.kind as EngineKind]);
    return app && !off.has(app.perm);
  });
  if (!live.length) return [];
  const prizes = await rows<{
    activity_id: number;
    name: string;
    kind: string;
    amount: number;
    odds_bp: number | null;
    streak_day: number | null;
    left: number;
  }>(
    db,
    sql`select activity_id, name, kind, amount::float8 as amount, odds_bp, streak_day, quantity - issued as left
        from activity_prizes where activity_id in (${sql.join(
          live.map((a) => sql`${a.id}`),
          sql`, `,
        )}) order by activity_id, seq`,
  );
  return live.map((a) => ({
    ...a,
    prizes: prizes
      .filter((p) => p.activity_id === a.id)
      .map(({ activity_id: _, odds_bp, ...p }) => ({
        ...p,
        odds: odds_bp === null ? null : `${((odds_bp * 100) / ODDS_TOTAL).toFixed(2)}%`,
      })),
  }));
}
