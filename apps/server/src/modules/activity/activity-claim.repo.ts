import type {
  ActivityStatus,
  Audience,
  ClaimResult,
  DailyWindow,
  PriceKind,
  PrizeKind,
} from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { visibleTo } from './activity.repo.ts';
import type { Draw } from './activity-draw.ts';

export interface LockedActivity {
  id: number;
  netbar_id: number;
  kind: string;
  name: string;
  status: ActivityStatus;
  starts_at: Date;
  ends_at: Date;
  windows: DailyWindow[];
  audience: Audience;
  per_day_limit: number;
  per_member_limit: number;
  budget_fen: number;
  spent_fen: number;
  price_kind: PriceKind;
  price_amount: number;
}

export interface LivePrize {
  id: number;
  name: string;
  kind: PrizeKind;
  amount: number;
  goods_id: number | null;
  coupon_template_id: number | null;
  cost_fen: number;
  quantity: number;
  issued: number;
  odds_bp: number | null;
  streak_day: number | null;
  amount_max: number | null;
}

/** The activity the store sees, locked: every claim on it queues here, so limits and budget hold. */
export async function lockActivity(tx: Conn, nid: number, id: number): Promise<LockedActivity | undefined> {
  const r = await rows<LockedActivity>(
    tx,
    sql`select a.id, a.netbar_id, a.kind, a.name, a.status, a.starts_at, a.ends_at, a.windows, a.audience, a.per_day_limit,
          a.per_member_limit, a.budget_fen::float8 as budget_fen, a.spent_fen::float8 as spent_fen, a.price_kind,
          a.price_amount::float8 as price_amount
        from activities a where a.id = ${id} and ${visibleTo(nid)} for update of a`,
  );
  const a = r[0];
  return a && { ...a, starts_at: new Date(a.starts_at), ends_at: new Date(a.ends_at) };
}

export async function livePrizes(tx: Conn, activityId: number): Promise<LivePrize[]> {
  return rows<LivePrize>(
    tx,
    sql`select id, name, kind, amount::float8 as amount, goods_id, coupon_template_id, cost_fen::float8 as cost_fen, quantity, issued,
          odds_bp, streak_day, amount_max::float8 as amount_max
        from activity_prizes where activity_id = ${activityId} order by seq`,
  );
}

export async function claimant(tx: Conn, pool: number, memberId: number) {
  const r = await rows<{ id: number; level_id: number; created_at: Date; status: number }>(
    tx,
    sql`select id, level_id, created_at, status from members where id = ${memberId} and pool_id = ${pool}`,
  );
  return r[0] && { ...r[0], created_at: new Date(r[0].created_at) };
}

export async function memberAt(tx: Conn, nid: number, machineId: number) {
  const r = await rows<{ member_id: number | null }>(
    tx,
    sql`select (select o.member_id from online_sessions o where o.netbar_id = ${nid} and o.machine_id = mc.id and o.ended_at is null limit 1) as member_id
        from machines mc where mc.id = ${machineId} and mc.netbar_id = ${nid}`,
  );
  return r[0];
}

/** The member's claims on the activity: today's, all, and the last sign-in's day and streak. */
export async function claimCounts(tx: Conn, activityId: number, memberId: number, day: string) {
  const r = await rows<{ today: number; total: number; last_day: string | null; last_streak: number | null }>(
    tx,
    sql`select count(*) filter (where day = ${day}::date)::int as today, count(*)::int as total,
          (select to_char(day, 'YYYY-MM-DD') from activity_claims where activity_id = ${activityId} and member_id = ${memberId} order by id desc limit 1) as last_day,
          (select streak from activity_claims where activity_id = ${activityId} and member_id = ${memberId} order by id desc limit 1) as last_streak
        from activity_claims where activity_id = ${activityId} and member_id = ${memberId}`,
  );
  return r[0]!;
}

export async function insertClaim(
  tx: Conn,
  c: {
    activity_id: number;
    netbar_id: number;
    pool_id: number;
    member_id: number;
    machine_id: number | null;
    day: string;
    prize: LivePrize | undefined;
    paid_kind: PriceKind;
    paid_amount: number;
    streak: number;
    member_ledger_id: number | null;
    request_id: string;
  },
): Promise<number> {
  const p = c.prize;
  const r = await rows<{ id: string }>(
    tx,
    sql`insert into activity_claims (activity_id, netbar_id, pool_id, member_id, machine_id, day, prize_id, prize_kind, amount, cost_fen,
          paid_kind, paid_amount, streak, member_ledger_id, request_id)
        values (${c.activity_id}, ${c.netbar_id}, ${c.pool_id}, ${c.member_id}, ${c.machine_id}, ${c.day}::date, ${p?.id ?? null},
          ${p?.kind ?? ''}, ${p?.amount ?? 0}, ${p?.cost_fen ?? 0}, ${c.paid_kind}, ${c.paid_amount}, ${c.streak},
          ${c.member_ledger_id}, ${c.request_id})
        returning id`,
  );
  return Number(r[0]!.id);
}

export async function insertDraw(tx: Conn, claimId: number, activityId: number, d: Draw) {
  await rows(
    tx,
    sql`insert into activity_draws (claim_id, activity_id, candidates, total, roll, prize_id)
        values (${claimId}, ${activityId}, ${JSON.stringify(d.candidates)}::jsonb, ${d.total}, ${d.roll}, ${d.prize_id})`,
  );
}

/** The prize's issued count and the activity's spent budget and claim count, under the activity's lock. */
export async function bookClaim(tx: Conn, activityId: number, prize: LivePrize | undefined) {
  if (prize)
    await rows(
      tx,
      sql`update activity_prizes set issued = issued + 1 where id = ${prize.id} and issued < quantity`,
    );
  await rows(
    tx,
    sql`update activities set spent_fen = spent_fen + ${prize?.cost_fen ?? 0}, claims = claims + 1 where id = ${activityId}`,
  );
}

export async function claimByRequest(db: Conn, nid: number, requestId: string) {
  const r = await rows<
    { id: number; activity_id: number; prize_name: string | null } & Omit<
      ClaimResult,
      'claim_id' | 'replay' | 'prize_name'
    >
  >(
    db,
    sql`select c.id, c.activity_id, p.name as prize_name, c.prize_kind, c.amount::float8 as amount, c.streak
        from activity_claims c left join activity_prizes p on p.id = c.prize_id
        where c.netbar_id = ${nid} and c.request_id = ${requestId}`,
  );
  return r[0];
}
