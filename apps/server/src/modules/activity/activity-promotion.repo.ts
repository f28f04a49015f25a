import {
  type Audience,
  type DailyWindow,
  type PromoMode,
  shanghaiDate,
  type TopUpPromotion,
} from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { visibleTo } from './activity.repo.ts';
import type { LivePrize } from './activity-claim.repo.ts';

export interface RunningPromotion {
  id: number;
  name: string;
  windows: DailyWindow[];
  audience: Audience;
  per_day_limit: number;
  per_member_limit: number;
  budget_fen: number;
  spent_fen: number;
  promo_mode: PromoMode;
}

/**
 * The store's running top-up promotions, locked in id order: parallel top-ups queue on them (decision 178).
 * The preview reads them without the lock (`lock` false).
 */
export async function lockRunningPromotions(
  tx: Conn,
  nid: number,
  now: Date,
  lock = true,
): Promise<RunningPromotion[]> {
  return rows<RunningPromotion>(
    tx,
    sql`select a.id, a.name, a.windows, a.audience, a.per_day_limit, a.per_member_limit, a.budget_fen::float8 as budget_fen,
          a.spent_fen::float8 as spent_fen, s.promo_mode
        from activities a join activity_settings s on s.activity_id = a.id
        where ${visibleTo(nid)} and a.kind = 'topup_promo' and a.status = 'published'
          and a.starts_at <= ${now.toISOString()}::timestamptz and a.ends_at > ${now.toISOString()}::timestamptz
        order by a.id ${lock ? sql`for update of a` : sql``}`,
  );
}

/** The tiers (prizes with their top-up threshold) of the given promotions. */
export async function tieredPrizes(tx: Conn, ids: number[]) {
  return rows<LivePrize & { activity_id: number; min_topup_fen: number }>(
    tx,
    sql`select p.id, p.activity_id, p.name, p.kind, p.amount::float8 as amount, p.goods_id, p.cost_fen::float8 as cost_fen,
          p.quantity, p.issued, p.odds_bp, p.streak_day, t.min_topup_fen::float8 as min_topup_fen
        from activity_prizes p join activity_prize_tiers t on t.prize_id = p.id
        where p.activity_id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )}) order by p.activity_id, p.seq`,
  );
}

/** No other top-up of the member in the pool before this one. */
export async function isFirstTopUp(tx: Conn, pool: number, memberId: number, ledgerId: number) {
  const r = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from member_ledger
        where pool_id = ${pool} and member_id = ${memberId} and kind = 'topup' and id <> ${ledgerId}`,
  );
  return Number(r[0]!.n) === 0;
}

export async function isBirthday(tx: Conn, memberId: number, now: Date) {
  const r = await rows<{ md: string }>(
    tx,
    sql`select md from member_birthdays where member_id = ${memberId}`,
  );
  return r[0]?.md === shanghaiDate(now).slice(5);
}

/** A birthday bonus already paid to the member this (Beijing) year, by any birthday promotion. */
export async function birthdayTaken(tx: Conn, memberId: number, now: Date) {
  const year = shanghaiDate(now).slice(0, 4);
  const r = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from activity_claims c join activity_settings s on s.activity_id = c.activity_id
        where c.member_id = ${memberId} and s.promo_mode = 'birthday' and c.day >= ${`${year}-01-01`}::date`,
  );
  return Number(r[0]!.n) > 0;
}

/** The promotion a top-up joined, by its claim's request id (a replay names it again). */
export async function promotionByRequest(
  conn: Conn,
  nid: number,
  requestId: string,
): Promise<TopUpPromotion | undefined> {
  const r = await rows<TopUpPromotion>(
    conn,
    sql`select c.activity_id, a.name as activity_name, s.promo_mode as mode, p.name as prize_name, c.amount::float8 as bonus_fen
        from activity_claims c join activities a on a.id = c.activity_id join activity_settings s on s.activity_id = a.id
          join activity_prizes p on p.id = c.prize_id
        where c.netbar_id = ${nid} and c.request_id = ${requestId}`,
  );
  return r[0];
}
