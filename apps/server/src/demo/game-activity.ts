import { gameSaveBody } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.ts';
import { moveGame, saveGame } from '../modules/activity/game.service.ts';
import { reportResult } from '../modules/activity/game-result.ts';
import { systemStoreScope } from '../tenant/index.ts';
import { ClaimStamps } from './activity-stamps.ts';

/**
 * 星际网咖's 赛事活动 (decision 181): the app enabled and a 绝地求生 activity running since 4 days ago with three
 * tasks (今日吃鸡1次 奖励5元, 今日对局5局 50积分, 累计游戏2小时 200积分), saved and published through the module's
 * own calls; 6 members' results over the last 4 days (~25 reports, the seed's cost) reported **through the engine** (reportResult with `now`
 * at that moment, so the tasks they complete are paid through the member ledger and booked against the
 * budget as a PC's report would), and 3 screenshot results of today waiting for staff. Fixed seed;
 * idempotent (skipped when the store has a game activity).
 */
const DAY_MS = 86_400_000;
const CLIENT = { id: 0, name: '客户端' };

function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const local = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

export async function gameActivityDemo(db: Db): Promise<void> {
  const store = await rows<{ id: number }>(db, sql`select id from netbars where name = '星际网咖旗舰店'`);
  const nid = store[0]?.id;
  if (!nid) return;
  if (
    (await rows(db, sql`select 1 from activities where netbar_id = ${nid} and kind = 'game' limit 1`)).length
  )
    return;
  await rows(
    db,
    sql`insert into store_apps (netbar_id, app, enabled) values (${nid}, 'ActivityGameList', true)
        on conflict (netbar_id, app) do update set enabled = true`,
  );
  const s = systemStoreScope(nid);
  const now = Date.now();
  const today0 = Math.floor((now + 8 * 3600_000) / DAY_MS) * DAY_MS - 8 * 3600_000;
  const start = today0 - 4 * DAY_MS + 10 * 3600_000;
  const body = gameSaveBody.parse({
    game_type: 'PUBG',
    name: '绝地求生吃鸡周',
    starts_at: local(start),
    ends_at: local(today0 + 24 * DAY_MS),
    budget_fen: 300_000,
    tasks: JSON.stringify([
      {
        name: '今日吃鸡1次',
        metric: 'wins',
        target: 1,
        period: 'day',
        reward_kind: 'bonus',
        amount: 500,
        cost_fen: 500,
        quantity: 300,
      },
      {
        name: '今日对局5局',
        metric: 'matches',
        target: 5,
        period: 'day',
        reward_kind: 'points',
        amount: 50,
        cost_fen: 50,
        quantity: 500,
      },
      {
        name: '累计游戏2小时',
        metric: 'minutes',
        target: 120,
        period: 'activity',
        reward_kind: 'points',
        amount: 200,
        cost_fen: 200,
        quantity: 300,
      },
    ]),
  });
  const g = await saveGame(db, s, 0, body);
  await moveGame(db, s, { id: g.id, action: 'publish' });
  const members = await rows<{ id: number }>(
    db,
    sql`select id from members where netbar_id = ${nid} and status = 1 order by id limit 6`,
  );
  const rand = seeded(181);
  let n = 0;
  const stamps = new ClaimStamps();
  const send = async (
    memberId: number,
    at: number,
    metric: 'wins' | 'matches' | 'minutes',
    value: number,
    shot = false,
  ) => {
    const r = await reportResult(
      db,
      s,
      CLIENT,
      {
        machine_id: 1,
        activity_id: g.id,
        metric,
        value,
        request_id: `demo-game-${g.id}-${++n}`,
        ...(shot ? { screenshot: `/demo/pubg-${n}.png` } : {}),
      },
      new Date(at),
      memberId,
    );
    stamps.result(r.result_id, new Date(at));
  };
  const played = new Map<number, number>();
  for (let d = 3; d >= 0; d--) {
    for (const [i, m] of members.entries()) {
      if (rand() > 0.7 - i * 0.03) continue;
      const at = today0 - d * DAY_MS + (13 + Math.floor(rand() * 8)) * 3600_000;
      if (at > now - 60_000) continue;
      const matches = 3 + Math.floor(rand() * 4);
      await send(m.id, at, 'matches', matches);
      if (rand() < 0.7) await send(m.id, at + 60_000, 'wins', 1 + Math.floor(rand() * 3));
      played.set(m.id, (played.get(m.id) ?? 0) + matches * 25);
    }
  }
  // the minutes of the days above, as each member's PC reported them last: 累计游戏2小时 paid to those past 120
  for (const [id, minutes] of played) await send(id, now - 2 * 3600_000, 'minutes', Math.min(minutes, 1440));
  // today's screenshots waiting for 成绩审核
  for (const m of members.slice(0, 3)) await send(m.id, Math.max(start, now - 30 * 60_000), 'wins', 1, true);
  await stamps.apply(db, nid);
}
