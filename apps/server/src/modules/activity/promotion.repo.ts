import { type Audience, type DrawWinner, fromShanghai } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { fmtTs } from '../../lib/sql-dates.ts';

/** What a 营销活动 or 直播抽奖 writes besides the engine's columns (decision 178). */
export interface KindActivity {
  kind: 'topup_promo' | 'live_draw';
  name: string;
  starts: Date;
  ends: Date;
  audience: Audience;
  per_member_limit: number;
  budget_fen: number;
  promo_mode: string;
  draw_from: string;
  prizes: {
    name: string;
    kind: string;
    amount: number;
    cost_fen: number;
    quantity: number;
    min_topup_fen?: number;
  }[];
}

async function writePrizes(tx: Conn, id: number, a: KindActivity) {
  let seq = 0;
  for (const p of a.prizes) {
    const r = await rows<{ id: number }>(
      tx,
      sql`insert into activity_prizes (activity_id, seq, name, kind, amount, cost_fen, quantity)
          values (${id}, ${++seq}, ${p.name}, ${p.kind}, ${p.amount}, ${p.cost_fen}, ${p.quantity}) returning id`,
    );
    if (p.min_topup_fen)
      await rows(
        tx,
        sql`insert into activity_prize_tiers (prize_id, min_topup_fen) values (${r[0]!.id}, ${p.min_topup_fen})`,
      );
  }
}

export async function insertKindActivity(tx: Conn, nid: number, userId: number, a: KindActivity) {
  const r = await rows<{ id: number }>(
    tx,
    sql`insert into activities (netbar_id, kind, name, starts_at, ends_at, audience, per_member_limit, budget_fen, created_by)
        values (${nid}, ${a.kind}, ${a.name}, ${a.starts.toISOString()}::timestamptz, ${a.ends.toISOString()}::timestamptz,
          ${JSON.stringify(a.audience)}::jsonb, ${a.per_member_limit}, ${a.budget_fen}, ${userId})
        returning id`,
  );
  const id = Number(r[0]!.id);
  await rows(
    tx,
    sql`insert into activity_settings (activity_id, promo_mode, draw_from) values (${id}, ${a.promo_mode}, ${a.draw_from})`,
  );
  await writePrizes(tx, id, a);
  return id;
}

/** A draft of this store and kind rewritten; false when there is none. */
export async function updateKindDraft(tx: Conn, nid: number, id: number, a: KindActivity) {
  const r = await rows<{ id: number }>(
    tx,
    sql`update activities set name = ${a.name}, starts_at = ${a.starts.toISOString()}::timestamptz,
          ends_at = ${a.ends.toISOString()}::timestamptz, audience = ${JSON.stringify(a.audience)}::jsonb,
          per_member_limit = ${a.per_member_limit}, budget_fen = ${a.budget_fen}, updated_at = now()
        where id = ${id} and netbar_id = ${nid} and kind = ${a.kind} and status = 'draft' returning id`,
  );
  if (!r[0]) return false;
  await rows(
    tx,
    sql`update activity_settings set promo_mode = ${a.promo_mode}, draw_from = ${a.draw_from} where activity_id = ${id}`,
  );
  await rows(
    tx,
    sql`delete from activity_prize_tiers where prize_id in (select id from activity_prizes where activity_id = ${id})`,
  );
  await rows(tx, sql`delete from activity_prizes where activity_id = ${id}`);
  await writePrizes(tx, id, a);
  return true;
}

export async function ownKind(conn: Conn, nid: number, id: number) {
  const r = await rows<{ kind: string }>(
    conn,
    sql`select kind from activities where id = ${id} and netbar_id = ${nid}`,
  );
  return r[0]?.kind;
}

export const toInstant = (local: string) => new Date(fromShanghai(local));

/** Each activity's settings and tier thresholds, by id. */
export async function kindExtras(conn: Conn, ids: number[]) {
  if (!ids.length) return { settings: [], tiers: [] };
  const list = sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
  const [settings, tiers] = await Promise.all([
    rows<{ activity_id: number; promo_mode: string; draw_from: string; drawn_at: string | null }>(
      conn,
      sql`select activity_id, promo_mode, draw_from, ${fmtTs('drawn_at')} as drawn_at from activity_settings where activity_id in (${list})`,
    ),
    rows<{ prize_id: number; min_topup_fen: number }>(
      conn,
      sql`select t.prize_id, t.min_topup_fen::float8 as min_topup_fen from activity_prize_tiers t
          join activity_prizes p on p.id = t.prize_id where p.activity_id in (${list})`,
    ),
  ]);
  return { settings, tiers };
}

/** A live draw's winners in draw order, with how many candidates the first roll had. */
export async function drawWinners(conn: Conn, nid: number, activityId: number) {
  const [w, c] = await Promise.all([
    rows<DrawWinner>(
      conn,
      sql`select c.member_id, m.name as member_name, p.name as prize_name
          from activity_claims c join members m on m.id = c.member_id join activity_prizes p on p.id = c.prize_id
          where c.activity_id = ${activityId} and c.netbar_id = ${nid} order by c.id`,
    ),
    rows<{ total: number }>(
      conn,
      sql`select d.total from activity_draws d join activity_claims c on c.id = d.claim_id
          where d.activity_id = ${activityId} and c.netbar_id = ${nid} order by d.id limit 1`,
    ),
  ]);
  return { winners: w, candidates: Number(c[0]?.total ?? 0) };
}
