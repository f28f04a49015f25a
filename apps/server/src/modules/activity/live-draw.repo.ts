import type { Audience, DrawFrom } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';

/** Live draws whose time has come and that were never drawn (decision 178). */
export async function dueDraws(conn: Conn, now: Date) {
  return rows<{ id: number; netbar_id: number }>(
    conn,
    sql`select a.id, a.netbar_id from activities a join activity_settings s on s.activity_id = a.id
        where a.kind = 'live_draw' and a.status = 'published' and s.drawn_at is null
          and a.starts_at <= ${now.toISOString()}::timestamptz
        order by a.starts_at, a.id`,
  );
}

/** The draw locked, if it is still due: published and not drawn. */
export async function lockDue(tx: Conn, nid: number, id: number) {
  const r = await rows<{
    id: number;
    name: string;
    audience: Audience;
    budget_fen: number;
    spent_fen: number;
    draw_from: DrawFrom;
    draw_at: Date;
  }>(
    tx,
    sql`select a.id, a.name, a.audience, a.budget_fen::float8 as budget_fen, a.spent_fen::float8 as spent_fen, s.draw_from,
          a.starts_at as draw_at
        from activities a join activity_settings s on s.activity_id = a.id
        where a.id = ${id} and a.netbar_id = ${nid} and a.kind = 'live_draw' and a.status = 'published' and s.drawn_at is null
        for update of a, s`,
  );
  return r[0] && { ...r[0], draw_at: new Date(r[0].draw_at) };
}

/**
 * The eligible members at the draw, by id: members of the pool (正常) online in the store now, or who
 * checked in (a 签到 claim) in the store that Beijing day.
 */
export async function drawPool(tx: Conn, nid: number, pool: number, from: DrawFrom, day: string) {
  const source =
    from === 'online'
      ? sql`select o.member_id from online_sessions o where o.netbar_id = ${nid} and o.ended_at is null and o.member_id is not null`
      : sql`select c.member_id from activity_claims c join activities a2 on a2.id = c.activity_id
            where c.netbar_id = ${nid} and a2.kind = 'sign' and c.day = ${day}::date`;
  const r = await rows<{ id: number; level_id: number; created_at: Date }>(
    tx,
    sql`select m.id, m.level_id, m.created_at from members m
        where m.pool_id = ${pool} and m.status = 1 and m.id in (${source}) order by m.id`,
  );
  return r.map((m) => ({ ...m, id: Number(m.id), created_at: new Date(m.created_at) }));
}

export async function insertMemberDraw(
  tx: Conn,
  claimId: number,
  activityId: number,
  d: { candidates: number[]; roll: number; prize_id: number },
) {
  await rows(
    tx,
    sql`insert into activity_draws (claim_id, activity_id, candidates, total, roll, prize_id)
        values (${claimId}, ${activityId}, ${JSON.stringify(d.candidates.map((member_id) => ({ member_id })))}::jsonb,
          ${d.candidates.length}, ${d.roll}, ${d.prize_id})`,
  );
}

export async function markDrawn(tx: Conn, id: number, now: Date) {
  await rows(
    tx,
    sql`update activity_settings set drawn_at = ${now.toISOString()}::timestamptz where activity_id = ${id}`,
  );
  await rows(tx, sql`update activities set status = 'ended', updated_at = now() where id = ${id}`);
}
