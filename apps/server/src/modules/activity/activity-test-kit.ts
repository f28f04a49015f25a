import { sql } from 'drizzle-orm';
import { rows } from '../../db/client.ts';
import type { Client, TestApp } from '../../test/harness.ts';

/** The activity tests' own builders: stores by name, members with points, an activity in one line. */

export async function storeId(t: TestApp, name: string): Promise<number> {
  return (await rows<{ id: number }>(t.database.db, sql`select id from netbars where name = ${name}`))[0]!.id;
}

let n = 0;
/** `count` members of the store's own pool, each with `points` booked through a ledger row ('correct'). */
export async function membersWithPoints(
  t: TestApp,
  nid: number,
  count: number,
  points: number,
): Promise<number[]> {
  const db = t.database.db;
  const lvl = (
    await rows<{ id: number }>(
      db,
      sql`select id from member_levels where pool_id = ${nid} order by threshold_fen, id limit 1`,
    )
  )[0]!.id;
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const k = `${Date.now().toString(36)}${++n}`;
    const m = await rows<{ id: number }>(
      db,
      sql`insert into members (pool_id, netbar_id, card_enc, card_hmac, card_mask, name, level_id, points)
          values (${nid}, ${nid}, 'x', ${`act-${k}`}, '****', ${`活动会员${n}`}, ${lvl}, ${points}) returning id`,
    );
    const id = m[0]!.id;
    await rows(
      db,
      sql`insert into member_ledger (pool_id, netbar_id, member_id, kind, principal_before, principal_after, bonus_before, bonus_after,
            points_delta, points_before, points_after, minutes_before, minutes_after, request_id)
          values (${nid}, ${nid}, ${id}, 'correct', 0, 0, 0, 0, ${points}, 0, ${points}, 0, 0, ${`seed-${k}`})`,
    );
    ids.push(id);
  }
  return ids;
}

const at = (ms: number) => {
  const d = new Date(Date.now() + ms + 8 * 3600_000);
  return d.toISOString().slice(0, 16).replace('T', ' ');
};
export const soon = (days: number) => at(days * 86_400_000);

/** A blind box running from an hour ago: two prizes (奖励 1元 ×60 at 50%, 10 积分 ×40 at 50%), 10 积分 a box. */
export function boxBody(over: Record<string, unknown> = {}) {
  return {
    kind: 'blind_box',
    name: '幸运盲盒',
    starts_at: at(-3600_000),
    ends_at: soon(7),
    budget_fen: 6200,
    price_kind: 'points',
    price_amount: 10,
    per_member_limit: 2,
    prizes: JSON.stringify([
      { name: '一元奖励', kind: 'bonus', amount: 100, cost_fen: 100, quantity: 60, odds_bp: 5000 },
      { name: '十积分', kind: 'points', amount: 10, cost_fen: 5, quantity: 40, odds_bp: 5000 },
    ]),
    ...over,
  };
}

export function signBody(over: Record<string, unknown> = {}) {
  return {
    kind: 'sign',
    name: '每日签到',
    starts_at: at(-3600_000),
    ends_at: soon(30),
    budget_fen: 100_000,
    prizes: JSON.stringify([
      { name: '签到积分', kind: 'points', amount: 5, cost_fen: 1, quantity: 1000, streak_day: 1 },
      { name: '连签七天奖励', kind: 'bonus', amount: 200, cost_fen: 200, quantity: 100, streak_day: 7 },
    ]),
    ...over,
  };
}

export async function enable(c: Client, key: string, enabled = true) {
  return c.post('/api/v1/store_app_switch', { key, enabled: enabled ? '1' : '0' });
}

/** Saves and publishes; the activity's id. */
export async function running(c: Client, body: Record<string, unknown>): Promise<number> {
  const s = await c.post<{ id: number }>('/api/v1/activity_save', body);
  if (s.status !== 200) throw new Error(s.msg);
  const p = await c.post('/api/v1/activity_move', { id: s.data.id, action: 'publish' });
  if (p.status !== 200) throw new Error(p.msg);
  return s.data.id;
}
