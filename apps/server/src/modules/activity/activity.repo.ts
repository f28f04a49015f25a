import {
  type ActivityListQuery,
  type ActivityRow,
  type ActivitySaveBody,
  type ActivityStatus,
  type Audience,
  activityState,
  type ClaimRow,
  fromShanghai,
  NEW_MEMBER_DAYS,
  type PrizeRow,
} from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { paged } from '../../lib/paging.ts';
import { fmtTs } from '../../lib/sql-dates.ts';

/** Activities a store sees: its own, and its chain head's chain-wide ones (decision 173). */
export const visibleTo = (nid: number): SQL =>
  sql`(a.netbar_id = ${nid} or (a.scope = 'chain' and a.netbar_id = (select nullif(n.chain_id, 0) from netbars n where n.id = ${nid})))`;

type Raw = Omit<ActivityRow, 'state' | 'prizes' | 'members'> & { starts: Date; ends: Date; members: string };

const COLS = sql`a.id, a.netbar_id, a.kind, a.name, a.scope, a.status, ${fmtTs('a.starts_at')} as starts_at, ${fmtTs('a.ends_at')} as ends_at,
  a.starts_at as starts, a.ends_at as ends, a.windows, a.audience, a.per_day_limit, a.per_member_limit,
  a.budget_fen::float8 as budget_fen, a.spent_fen::float8 as spent_fen, a.claims, a.price_kind, a.price_amount::float8 as price_amount,
  a.threshold_fen::float8 as threshold_fen, (select count(distinct c.member_id) from activity_claims c where c.activity_id = a.id) as members,
  ${fmtTs('a.created_at')} as created_at`;

async function withPrizes(db: Conn, list: Raw[]): Promise<ActivityRow[]> {
  if (!list.length) return [];
  const ids = sql.join(
    list.map((a) => sql`${a.id}`),
    sql`, `,
  );
  const ps = await rows<
    PrizeRow & { activity_id: number; amount_max: number | null; coupon_template_id: number | null }
  >(
    db,
    sql`select id, activity_id, name, kind, amount::float8 as amount, goods_id, coupon_template_id, cost_fen::float8 as cost_fen, quantity, issued,
          odds_bp, streak_day, amount_max::float8 as amount_max
        from activity_prizes where activity_id in (${ids}) order by activity_id, seq`,
  );
  const now = new Date();
  return list.map(({ starts, ends, members, ...a }) => ({
    ...a,
    members: Number(members),
    state: activityState(a.status, new Date(starts), new Date(ends), now),
    prizes: ps
      .filter((p) => p.activity_id === a.id)
      .map(({ activity_id: _, goods_id, coupon_template_id, odds_bp, streak_day, amount_max, ...p }) => ({
        ...p,
        ...(coupon_template_id ? { coupon_template_id } : {}),
        ...(amount_max ? { amount_max } : {}),
        ...(goods_id ? { goods_id } : {}),
        ...(odds_bp !== null ? { odds_bp } : {}),
        ...(streak_day !== null ? { streak_day } : {}),
      })),
  }));
}

export async function activityById(
  db: Conn,
  nid: number,
  id: number,
  own = false,
): Promise<ActivityRow | undefined> {
  const where = own ? sql`a.netbar_id = ${nid}` : visibleTo(nid);
  const r = await rows<Raw>(db, sql`select ${COLS} from activities a where a.id = ${id} and ${where}`);
  return (await withPrizes(db, r))[0];
}

/** State filters in SQL, the same rule as activityState. */
const STATE_SQL: Record<string, SQL> = {
  draft: sql`a.status = 'draft'`,
  ended: sql`(a.status = 'ended' or (a.status <> 'draft' and a.ends_at <= now()))`,
  paused: sql`(a.status = 'paused' and a.ends_at > now())`,
  pending: sql`(a.status = 'published' and a.starts_at > now())`,
  running: sql`(a.status = 'published' and a.starts_at <= now() and a.ends_at > now())`,
};

export async function listActivities(db: Conn, nid: number, q: ActivityListQuery, kinds?: readonly string[]) {
  const where = [visibleTo(nid)];
  if (q.kind) where.push(sql`a.kind = ${q.kind}`);
  else if (kinds)
    where.push(
      sql`a.kind in (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    );
  if (q.state) where.push(STATE_SQL[q.state]!);
  const r = await paged<Raw>(db, sql`select ${COLS}`, sql`from activities a`, where, sql`a.id desc`, q);
  return { list: await withPrizes(db, r.list), count: r.count };
}

function values(b: ActivitySaveBody) {
  return {
    starts: fromShanghai(b.starts_at),
    ends: fromShanghai(b.ends_at),
    windows: JSON.stringify(b.windows),
    audience: JSON.stringify(b.audience),
  };
}

async function insertPrizes(tx: Conn, activityId: number, b: ActivitySaveBody) {
  let seq = 0;
  for (const p of b.prizes)
    await rows(
      tx,
      sql`insert into activity_prizes (activity_id, seq, name, kind, amount, goods_id, coupon_template_id, cost_fen, quantity, odds_bp, streak_day, amount_max)
          values (${activityId}, ${++seq}, ${p.name}, ${p.kind}, ${p.amount}, ${p.goods_id ?? null},
                  ${p.kind === 'coupon' ? (p.coupon_template_id ?? null) : null}, ${p.cost_fen}, ${p.quantity},
                  ${p.odds_bp ?? null}, ${p.streak_day ?? null}, ${p.amount_max ?? null})`,
    );
}

export async function insertActivity(
  tx: Conn,
  nid: number,
  userId: number,
  b: ActivitySaveBody,
): Promise<number> {
  const v = values(b);
  const r = await rows<{ id: number }>(
    tx,
    sql`insert into activities (netbar_id, kind, name, scope, starts_at, ends_at, windows, audience, per_day_limit, per_member_limit,
          budget_fen, price_kind, price_amount, threshold_fen, created_by)
        values (${nid}, ${b.kind}, ${b.name}, ${b.scope}, ${v.starts}, ${v.ends}, ${v.windows}::jsonb, ${v.audience}::jsonb,
          ${b.per_day_limit}, ${b.per_member_limit}, ${b.budget_fen}, ${b.price_kind}, ${b.price_amount}, ${b.threshold_fen}, ${userId})
        returning id`,
  );
  const id = Number(r[0]!.id);
  await insertPrizes(tx, id, b);
  return id;
}

/** A draft rewritten (its prizes replaced); false when it is not this store's draft. */
export async function updateDraft(tx: Conn, nid: number, id: number, b: ActivitySaveBody): Promise<boolean> {
  const v = values(b);
  const r = await rows<{ id: number }>(
    tx,
    sql`update activities set kind = ${b.kind}, name = ${b.name}, scope = ${b.scope}, starts_at = ${v.starts}, ends_at = ${v.ends},
          windows = ${v.windows}::jsonb, audience = ${v.audience}::jsonb, per_day_limit = ${b.per_day_limit},
          per_member_limit = ${b.per_member_limit}, budget_fen = ${b.budget_fen}, price_kind = ${b.price_kind},
          price_amount = ${b.price_amount}, threshold_fen = ${b.threshold_fen}, updated_at = now()
        where id = ${id} and netbar_id = ${nid} and status = 'draft' returning id`,
  );
  if (!r[0]) return false;
  await rows(tx, sql`delete from activity_prizes where activity_id = ${id}`);
  await insertPrizes(tx, id, b);
  return true;
}

/** The activity row locked (own store), for a state change. */
export async function lockOwn(tx: Conn, nid: number, id: number) {
  const r = await rows<{ id: number; status: ActivityStatus; starts_at: Date; ends_at: Date; kind: string }>(
    tx,
    sql`select id, status, starts_at, ends_at, kind from activities where id = ${id} and netbar_id = ${nid} for update`,
  );
  return r[0] && { ...r[0], starts_at: new Date(r[0].starts_at), ends_at: new Date(r[0].ends_at) };
}

export async function setStatus(tx: Conn, id: number, status: ActivityStatus) {
  await rows(
    tx,
    sql`update activities set status = ${status}, paused_by_app = false, updated_at = now() where id = ${id}`,
  );
}

/** How many members of the pool the audience reaches (machine lists cannot be counted: any machine counts). */
export async function audienceCount(db: Conn, pool: number, a: Audience): Promise<number> {
  const where = [sql`m.pool_id = ${pool}`, sql`m.status = 1`];
  if (a.levels.length)
    where.push(
      sql`m.level_id in (${sql.join(
        a.levels.map((l) => sql`${l}`),
        sql`, `,
      )})`,
    );
  const since = sql`now() - make_interval(days => ${NEW_MEMBER_DAYS})`;
  if (a.visitor === 'new') where.push(sql`m.created_at >= ${since}`);
  if (a.visitor === 'returning') where.push(sql`m.created_at < ${since}`);
  const ids = a.members.length
    ? sql.join(
        a.members.map((l) => sql`${l}`),
        sql`, `,
      )
    : undefined;
  if (a.list_mode === 'exclude' && ids) where.push(sql`m.id not in (${ids})`);
  if (a.list_mode === 'apply') {
    if (a.machines.length) return 1;
    where.push(ids ? sql`m.id in (${ids})` : sql`false`);
  }
  const r = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from members m where ${sql.join(where, sql` and `)}`,
  );
  return Number(r[0]!.n);
}

export async function claimList(
  db: Conn,
  nid: number,
  activityId: number,
  q: { page: number; page_size: number },
) {
  return paged<ClaimRow>(
    db,
    sql`select c.id, c.member_id, m.name as member_name, coalesce(p.name, '') as prize_name, c.prize_kind, c.amount::float8 as amount,
          c.cost_fen::float8 as cost_fen, c.paid_kind, c.paid_amount::float8 as paid_amount, c.streak, d.roll, ${fmtTs('c.at')} as at`,
    sql`from activity_claims c join members m on m.id = c.member_id left join activity_prizes p on p.id = c.prize_id
        left join activity_draws d on d.claim_id = c.id`,
    [sql`c.activity_id = ${activityId}`, sql`c.netbar_id = ${nid}`],
    sql`c.at desc, c.id desc`,
    q,
    'c.cost_fen',
  );
}
