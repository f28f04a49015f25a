import { STORE_APP_BY_KEY, shanghaiClock, shanghaiDate, type TopUpPromotion } from '@netbar/contract';
import type { Conn } from '../../db/client.ts';
import { loadDisabledApps } from '../../tenant/index.ts';
import { type MemberPool, prizeMove, type TopUpHook } from '../member/index.ts';
import { inAudience, inWindows } from './activity-audience.ts';
import { bookClaim, claimant, claimCounts, insertClaim, type LivePrize } from './activity-claim.repo.ts';
import {
  birthdayTaken,
  isBirthday,
  isFirstTopUp,
  lockRunningPromotions,
  promotionByRequest,
  type RunningPromotion,
  tieredPrizes,
} from './activity-promotion.repo.ts';

/**
 * 营销活动 applied by a top-up (decision 178), inside the top-up's transaction after its ledger row: the
 * store's running promotions are locked in id order (so parallel top-ups queue and the budget holds), each
 * is checked (app enabled, window, audience, per-member limits, first top-up / birthday once a year) and
 * offers the highest tier the amount reaches that still has quantity and budget; the one worth most to
 * the member is paid as 奖励 through the member ledger ('prize', `act:tu:<request_id>`) and booked as a
 * claim `tu:<request_id>` against its budget. A refused top-up rolls back with it, so nothing is paid
 * that the top-up did not pay.
 */
export const PROMO_CLAIM_PREFIX = 'tu:';
const APP = STORE_APP_BY_KEY.get('marketing_activity_list')!;

type Tier = LivePrize & { min_topup_fen: number };
type TopUp = Parameters<TopUpHook['apply']>[1];

function fits(a: RunningPromotion, p: LivePrize) {
  return p.issued < p.quantity && a.spent_fen + p.cost_fen <= a.budget_fen;
}

async function offer(
  tx: Conn,
  a: RunningPromotion,
  prizes: Tier[],
  m: { id: number; level_id: number; created_at: Date },
  t: { amount: number; ledgerId: number; pool: MemberPool },
  now: Date,
): Promise<Tier | undefined> {
  if (!inWindows(a.windows, shanghaiClock(now).minute)) return undefined;
  if (!inAudience(a.audience, m, undefined, now)) return undefined;
  const n = await claimCounts(tx, a.id, m.id, shanghaiDate(now));
  if (a.per_member_limit && n.total >= a.per_member_limit) return undefined;
  if (a.per_day_limit && n.today >= a.per_day_limit) return undefined;
  if (a.promo_mode === 'first' && !(await isFirstTopUp(tx, t.pool.pool, m.id, t.ledgerId))) return undefined;
  if (a.promo_mode === 'birthday') {
    if (!(await isBirthday(tx, m.id, now))) return undefined;
    if (await birthdayTaken(tx, m.id, now)) return undefined;
  }
  return prizes
    .filter((p) => p.min_topup_fen <= t.amount && fits(a, p))
    .sort((x, y) => y.min_topup_fen - x.min_topup_fen)[0];
}

/**
 * The promotion a top-up joins: of the running ones the member may join, the tier worth most. The top-up
 * (locked) and its preview (not locked, nothing paid) both choose here, so the preview shows what pays.
 */
async function choose(
  tx: Conn,
  t: Pick<TopUp, 'pool' | 'memberId' | 'amount' | 'ledgerId'>,
  now: Date,
  lock: boolean,
) {
  const nid = t.pool.store;
  if ((await loadDisabledApps(tx, nid)).has(APP.perm)) return undefined;
  const running = await lockRunningPromotions(tx, nid, now, lock);
  if (!running.length) return undefined;
  const m = await claimant(tx, t.pool.pool, t.memberId);
  if (!m) return undefined;
  const tiers = await tieredPrizes(
    tx,
    running.map((a) => a.id),
  );
  let best: { a: RunningPromotion; p: Tier; m: typeof m } | undefined;
  for (const a of running) {
    const p = await offer(
      tx,
      a,
      tiers.filter((x) => x.activity_id === a.id),
      m,
      t,
      now,
    );
    if (p && (!best || p.cost_fen > best.p.cost_fen)) best = { a, p, m };
  }
  return best;
}

const named = (a: RunningPromotion, p: Tier): TopUpPromotion => ({
  activity_id: a.id,
  activity_name: a.name,
  mode: a.promo_mode,
  prize_name: p.name,
  bonus_fen: p.amount,
});

/** What a top-up of `amount` would join now; nothing is locked or paid (no ledger row yet: id 0). */
export async function previewTopUpPromotion(
  conn: Conn,
  t: { pool: MemberPool; memberId: number; amount: number },
  now = new Date(),
): Promise<TopUpPromotion | undefined> {
  const best = await choose(conn, { ...t, ledgerId: 0 }, now, false);
  return best && named(best.a, best.p);
}

export async function applyTopUpPromotion(
  tx: Conn,
  t: TopUp,
  now = new Date(),
): Promise<TopUpPromotion | undefined> {
  const nid = t.pool.store;
  const best = await choose(tx, t, now, true);
  if (!best) return undefined;
  const { a, p, m } = best;
  const ledger = await prizeMove(tx, t.pool, t.user, {
    member_id: m.id,
    kind: 'prize',
    request_id: `act:${PROMO_CLAIM_PREFIX}${t.requestId}`,
    bonus: p.amount,
    remark: `${a.name}：${p.name}`,
  });
  await bookClaim(tx, a.id, p);
  await insertClaim(tx, {
    activity_id: a.id,
    netbar_id: nid,
    pool_id: t.pool.pool,
    member_id: m.id,
    machine_id: null,
    day: shanghaiDate(now),
    prize: p,
    paid_kind: 'none',
    paid_amount: 0,
    streak: 0,
    member_ledger_id: ledger.id,
    request_id: `${PROMO_CLAIM_PREFIX}${t.requestId}`,
  });
  return named(a, p);
}

export const topUpPromotions: TopUpHook = {
  apply: (tx, t) => applyTopUpPromotion(tx, t),
  replay: (conn, pool, requestId) =>
    promotionByRequest(conn, pool.store, `${PROMO_CLAIM_PREFIX}${requestId}`),
  preview: (conn, t) => previewTopUpPromotion(conn, t),
};

/** The prize name a tier shows: 充100送20. */
export const tierName = (min: number, bonus: number) =>
  `充${(min / 100).toFixed(min % 100 ? 2 : 0)}送${(bonus / 100).toFixed(bonus % 100 ? 2 : 0)}`;
