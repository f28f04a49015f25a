import {
  ACTIVITY_MSG,
  activityState,
  appDisabledMsg,
  GAME_MSG,
  type GameMetric,
  type GamePayout,
  type GameResultAnswer,
  type GameResultEvent,
  type GameReviewBody,
  STORE_APP_BY_KEY,
  shanghaiDate,
  type TerminalGameResultBody,
} from '@netbar/contract';
import type { Conn, Db } from '../../db/client.ts';
import { BadInputError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import { loadDisabledApps, type TenantScope } from '../../tenant/index.ts';
import { type MemberPool, memberPool, prizeMove } from '../member/index.ts';
import { inAudience } from './activity-audience.ts';
import {
  bookClaim,
  claimant,
  insertClaim,
  type LockedActivity,
  livePrizes,
  lockActivity,
  memberAt,
} from './activity-claim.repo.ts';
import {
  insertPayout,
  insertResult,
  lockResult,
  payoutExists,
  payoutsOf,
  progressOf,
  resultByRequest,
  setResultStatus,
  tasksOf,
} from './game.repo.ts';

/**
 * 赛事活动's results (decision 181). A PC reports a member's result; without a screenshot it is accepted at
 * once, with one it waits for staff (确认 / 驳回). An accepted result may complete tasks: each task whose
 * period total (today, or the whole activity) reaches its target is paid its reward through the member
 * ledger, booked against the activity's budget and the reward's quantity, once per member and period
 * (game_task_payouts' key) — all under the activity's row lock, in the result's transaction.
 */
type Actor = { id: number; name: string };

/**
 * Told after a result's transaction commits (a new result, a 确认 or 驳回; never a replay): the terminal
 * plugin publishes GAME (106) to the store's consoles, which reload 赛事活动 (decision 187).
 */
export type GameListener = (netbarId: number, e: GameResultEvent) => void;
let listener: GameListener | undefined;
export function setGameListener(l: GameListener | undefined) {
  const before = listener;
  listener = l;
  return before;
}
export const gameListener = () => listener;
function told(nid: number, activityId: number, r: GameResultAnswer) {
  if (r.replay) return r;
  const e = { activity_id: activityId, result_id: r.result_id, status: r.status, paid: r.paid.length };
  try {
    listener?.(nid, e);
  } catch {
    // the result is committed: a console notice that failed never turns it into an error
  }
  return r;
}

const GAME_APP = STORE_APP_BY_KEY.get('ActivityGameList')!;

async function runningGame(tx: Conn, nid: number, activityId: number, now: Date) {
  const a = await lockActivity(tx, nid, activityId);
  if (!a || a.netbar_id !== nid) throw new NotFoundError(ACTIVITY_MSG.notFound);
  if (a.kind !== 'game') throw new BadInputError(GAME_MSG.notGame);
  if ((await loadDisabledApps(tx, nid)).has(GAME_APP.perm))
    throw new ForbiddenError(appDisabledMsg(GAME_APP.title));
  if (activityState(a.status, a.starts_at, a.ends_at, now) !== 'running')
    throw new BadInputError(ACTIVITY_MSG.notRunning);
  return a;
}

/** Pays every task of the metric the member's accepted results now complete (not yet paid this period). */
async function payTasks(
  tx: Conn,
  a: LockedActivity,
  pool: MemberPool,
  actor: Actor,
  x: { member_id: number; metric: GameMetric; day: string; result_id: number; machine_id: number | null },
): Promise<GamePayout[]> {
  const paid: GamePayout[] = [];
  const prizes = await livePrizes(tx, a.id);
  for (const t of await tasksOf(tx, a.id, x.metric)) {
    const key = t.period === 'day' ? x.day : 'all';
    if (await payoutExists(tx, t.prize_id, x.member_id, key)) continue;
    const total = await progressOf(tx, a.id, x.member_id, x.metric, t.period === 'day' ? x.day : undefined);
    if (total < t.target) continue;
    const p = prizes.find((q) => q.id === t.prize_id);
    // the reward ran out (quantity or budget): the task is done, but nothing is left to pay
    if (!p || p.issued >= p.quantity || a.spent_fen + p.cost_fen > a.budget_fen) continue;
    const rid = `gt-${t.prize_id}-${x.member_id}-${key}`;
    const led = await prizeMove(tx, pool, actor, {
      member_id: x.member_id,
      kind: 'prize',
      request_id: `act:${rid}`,
      ...(p.kind === 'bonus' ? { bonus: p.amount } : { points: p.amount }),
      remark: `${a.name}：${t.name}`,
    });
    await bookClaim(tx, a.id, p);
    a.spent_fen += p.cost_fen;
    p.issued += 1;
    const claimId = await insertClaim(tx, {
      activity_id: a.id,
      netbar_id: a.netbar_id,
      pool_id: pool.pool,
      member_id: x.member_id,
      machine_id: x.machine_id,
      day: x.day,
      prize: p,
      paid_kind: 'none',
      paid_amount: 0,
      streak: 0,
      member_ledger_id: led.id,
      request_id: rid,
    });
    await insertPayout(tx, {
      prize_id: t.prize_id,
      member_id: x.member_id,
      period_key: key,
      claim_id: claimId,
      result_id: x.result_id,
    });
    paid.push({ task: t.name, reward_kind: p.kind as 'bonus' | 'points', amount: p.amount });
  }
  return paid;
}

async function replayOf(db: Db, nid: number, b: TerminalGameResultBody) {
  const r = await resultByRequest(db, nid, b.request_id);
  if (!r) return undefined;
  if (r.activity_id !== b.activity_id) throw new ConflictError(ACTIVITY_MSG.requestUsed);
  return { result_id: r.id, status: r.status, replay: true, paid: await payoutsOf(db, r.id) };
}

/**
 * A result for the member logged on at `b.machine_id` (the terminal API), or — the demo's seed, which has
 * nobody online — for `memberId` directly.
 */
export async function reportResult(
  db: Db,
  s: TenantScope,
  actor: Actor,
  b: TerminalGameResultBody,
  now = new Date(),
  memberId?: number,
): Promise<GameResultAnswer> {
  const nid = s.netbarId;
  const prior = await replayOf(db, nid, b);
  if (prior) return prior;
  const pool = await memberPool(db, s);
  try {
    const res = await db.transaction(async (tx): Promise<GameResultAnswer> => {
      const a = await runningGame(tx, nid, b.activity_id, now);
      let who = memberId;
      if (who === undefined) {
        const at = await memberAt(tx, nid, b.machine_id);
        if (!at) throw new NotFoundError('机器不存在');
        if (!at.member_id) throw new BadInputError(ACTIVITY_MSG.noMember);
        who = Number(at.member_id);
      }
      const m = await claimant(tx, pool.pool, who);
      if (!m) throw new NotFoundError('会员不存在');
      if (!inAudience(a.audience, m, b.machine_id, now)) throw new BadInputError(ACTIVITY_MSG.notAudience);
      if (!(await tasksOf(tx, a.id, b.metric)).length) throw new BadInputError(GAME_MSG.noTask);
      const day = shanghaiDate(now);
      const status = b.screenshot ? 'pending' : 'accepted';
      const resultId = await insertResult(tx, {
        activity_id: a.id,
        netbar_id: nid,
        member_id: m.id,
        machine_id: memberId === undefined ? b.machine_id : null,
        metric: b.metric,
        value: b.value,
        day,
        status,
        screenshot: b.screenshot ?? '',
        request_id: b.request_id,
      });
      const paid =
        status === 'accepted'
          ? await payTasks(tx, a, pool, actor, {
              member_id: m.id,
              metric: b.metric,
              day,
              result_id: resultId,
              machine_id: memberId === undefined ? b.machine_id : null,
            })
          : [];
      return { result_id: resultId, status, replay: false, paid };
    });
    return told(nid, b.activity_id, res);
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    const again = await replayOf(db, nid, b);
    if (again) return again;
    throw new ConflictError(ACTIVITY_MSG.requestUsed);
  }
}

/** 确认 (the result counts, tasks it completes are paid — only while the activity runs) or 驳回 (nothing paid). */
export async function reviewResult(
  db: Db,
  s: TenantScope,
  actor: Actor,
  b: GameReviewBody,
  now = new Date(),
): Promise<GameResultAnswer> {
  const nid = s.netbarId;
  const seen = await lockResult(db, nid, b.id);
  if (!seen) throw new NotFoundError('成绩不存在');
  const pool = await memberPool(db, s);
  const res = await db.transaction(async (tx): Promise<GameResultAnswer> => {
    // the activity first, as every claim takes it; then the result
    const a =
      b.action === 'confirm'
        ? await runningGame(tx, nid, seen.activity_id, now)
        : await lockActivity(tx, nid, seen.activity_id);
    if (!a) throw new NotFoundError('成绩不存在');
    const r = await lockResult(tx, nid, b.id);
    if (!r) throw new NotFoundError('成绩不存在');
    if (r.status !== 'pending') throw new BadInputError(GAME_MSG.reviewed);
    if (b.action === 'reject') {
      await setResultStatus(tx, r.id, 'rejected', actor, b.remark);
      return { result_id: r.id, status: 'rejected', replay: false, paid: [] };
    }
    await setResultStatus(tx, r.id, 'accepted', actor, b.remark);
    const paid = await payTasks(tx, a, pool, actor, {
      member_id: r.member_id,
      metric: r.metric,
      day: r.day,
      result_id: r.id,
      machine_id: null,
    });
    return { result_id: r.id, status: 'accepted', replay: false, paid };
  });
  return told(nid, seen.activity_id, res);
}
