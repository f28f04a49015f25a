import {
  ACTIVITY_MSG,
  type ActivitySaveBody,
  appDisabledMsg,
  GAME_TYPE_LABELS,
  GAME_TYPES,
  type GameCard,
  type GameLeaderboardQuery,
  type GameSaveBody,
  type GameType,
  gameSettingsPath,
  type MemberTaskProgress,
  STORE_APP_BY_KEY,
  shanghaiDate,
} from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, type Db, rows } from '../../db/client.ts';
import { BadInputError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { loadDisabledApps, type TenantScope } from '../../tenant/index.ts';
import { memberPool } from '../member/index.ts';
import { activityById, audienceCount, insertActivity, updateDraft } from './activity.repo.ts';
import { moveActivity } from './activity.service.ts';
import { memberAt } from './activity-claim.repo.ts';
import {
  dropDraftTasks,
  gameById,
  gameCards,
  gameList,
  insertGame,
  progressOf,
  resultList,
  tasksOf,
} from './game.repo.ts';
import { boardMetric, leaderboard } from './game-leaderboard.repo.ts';
import { maskName } from './live-draw-results.ts';

/**
 * 赛事活动's console and PC calls (decision 181): a game activity is saved as an engine activity of kind
 * `game` (a draft; its tasks' rewards are its prizes, so the engine's budget, quantity, state moves and
 * books hold), with its game type and tasks beside it.
 */
const GAME_APP = STORE_APP_BY_KEY.get('ActivityGameList')!;

export async function requireGameApp(db: Conn, nid: number) {
  if ((await loadDisabledApps(db, nid)).has(GAME_APP.perm))
    throw new ForbiddenError(appDisabledMsg(GAME_APP.title));
}

/** The engine's save body for a game activity: one prize per task (its reward), store scope, free. */
function engineBody(b: GameSaveBody): ActivitySaveBody {
  return {
    id: b.id,
    kind: 'game',
    name: b.name,
    scope: 'store',
    starts_at: b.starts_at,
    ends_at: b.ends_at,
    windows: [],
    audience: b.audience,
    per_day_limit: 0,
    per_member_limit: 0,
    budget_fen: b.budget_fen,
    price_kind: 'none',
    price_amount: 0,
    threshold_fen: 0,
    prizes: b.tasks.map((t) => ({
      name: t.name,
      kind: t.reward_kind,
      amount: t.amount,
      cost_fen: t.reward_kind === 'bonus' ? t.amount : t.cost_fen,
      quantity: t.quantity,
    })),
  };
}

export async function saveGame(db: Db, s: TenantScope, userId: number, b: GameSaveBody) {
  const nid = s.netbarId;
  await requireGameApp(db, nid);
  const pool = await memberPool(db, s);
  if ((await audienceCount(db, pool.pool, b.audience)) === 0)
    throw new BadInputError(ACTIVITY_MSG.audienceEmpty);
  const e = engineBody(b);
  const id = await db.transaction(async (tx) => {
    if (b.id === undefined) {
      const id = await insertActivity(tx, nid, userId, e);
      await insertGame(tx, id, b);
      return id;
    }
    const a = await activityById(tx, nid, b.id, true);
    if (a?.kind !== 'game') throw new NotFoundError(ACTIVITY_MSG.notFound);
    await dropDraftTasks(tx, nid, b.id);
    if (!(await updateDraft(tx, nid, b.id, e))) throw new BadInputError(ACTIVITY_MSG.notEditable);
    await insertGame(tx, b.id, b);
    return b.id;
  });
  return (await gameById(db, nid, id))!;
}

export async function gameDetail(db: Conn, s: TenantScope, id: number) {
  const g = await gameById(db, s.netbarId, id);
  if (!g) throw new NotFoundError(ACTIVITY_MSG.notFound);
  return g;
}

export async function moveGame(
  db: Db,
  s: TenantScope,
  b: { id: number; action: 'publish' | 'pause' | 'resume' | 'end' },
) {
  await gameDetail(db, s, b.id);
  await requireGameApp(db, s.netbarId);
  await moveActivity(db, s, b);
  return (await gameById(db, s.netbarId, b.id))!;
}

/** 赛事活动's cards: every game type with its current activity. */
export async function gameOverview(db: Conn, s: TenantScope): Promise<GameCard[]> {
  const cards = await gameCards(db, s.netbarId);
  return GAME_TYPES.map((t) => {
    const c = cards.find((x) => x.activity.game_type === t);
    return {
      game_type: t,
      title: GAME_TYPE_LABELS[t],
      path: gameSettingsPath(t),
      activity: c?.activity ?? null,
      activities: c?.count ?? 0,
    };
  });
}

export const games = (
  db: Conn,
  s: TenantScope,
  q: { game_type: GameType; page: number; page_size: number },
) => gameList(db, s.netbarId, q.game_type, q).then((r) => ({ ...r, page: q.page, page_size: q.page_size }));

export async function gameBoard(db: Conn, s: TenantScope, q: GameLeaderboardQuery, masked = false) {
  const g = await gameDetail(db, s, q.activity_id);
  const metric = q.metric ?? (await boardMetric(db, g.id));
  const day = q.period === 'day' ? shanghaiDate(new Date()) : undefined;
  const list = await leaderboard(db, s.netbarId, g.id, metric, day);
  return {
    activity_id: g.id,
    game_type: g.game_type,
    metric,
    period: q.period,
    list: masked ? list.map((r) => ({ ...r, member_name: maskName(r.member_name) })) : list,
  };
}

/** The store's results, newest first (待确认 first on the console's queue by filtering status). */
export async function gameResults(
  db: Conn,
  s: TenantScope,
  q: { page: number; page_size: number; activity_id?: number; status?: string },
) {
  if (q.activity_id) await gameDetail(db, s, q.activity_id);
  const r = await resultList(db, s.netbarId, q);
  return { list: r.list, count: r.count, page: q.page, page_size: q.page_size };
}

/** What a PC shows: the store's running game activities, each task with the member's progress at the machine. */
export async function terminalGames(db: Conn, s: TenantScope, machineId: number) {
  const nid = s.netbarId;
  if ((await loadDisabledApps(db, nid)).has(GAME_APP.perm)) return [];
  const at = await memberAt(db, nid, machineId);
  if (!at) throw new NotFoundError('机器不存在');
  const memberId = at.member_id ? Number(at.member_id) : undefined;
  const ids = await rows<{ id: number }>(
    db,
    sql`select a.id from activities a where a.netbar_id = ${nid} and a.kind = 'game' and a.status = 'published'
          and a.starts_at <= now() and a.ends_at > now() order by a.id`,
  );
  const day = shanghaiDate(new Date());
  const out = [];
  for (const { id } of ids) {
    const g = (await gameById(db, nid, id))!;
    const tasks: MemberTaskProgress[] = [];
    for (const t of await tasksOf(db, id)) {
      const row = g.tasks.find((x) => x.prize_id === t.prize_id)!;
      const progress = memberId
        ? await progressOf(db, id, memberId, t.metric, t.period === 'day' ? day : undefined)
        : 0;
      tasks.push({
        prize_id: t.prize_id,
        name: t.name,
        metric: t.metric,
        target: t.target,
        period: t.period,
        progress: Math.min(progress, t.target),
        done: progress >= t.target,
        reward_kind: row.reward_kind,
        amount: row.amount,
      });
    }
    out.push({
      id,
      game_type: g.game_type,
      title: GAME_TYPE_LABELS[g.game_type],
      name: g.name,
      ends_at: g.ends_at,
      tasks,
    });
  }
  return out;
}
