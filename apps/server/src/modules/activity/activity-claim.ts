import {
  ACTIVITY_MSG,
  activityState,
  appDisabledMsg,
  type ClaimResult,
  DRAW_KINDS,
  ENGINE_KIND_APP,
  type EngineKind,
  STORE_APP_BY_KEY,
  shanghaiClock,
  shanghaiDate,
} from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { BadInputError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import { loadDisabledApps, type TenantScope } from '../../tenant/index.ts';
import { issueIn } from '../coupon/index.ts';
import { memberPool, prizeMove } from '../member/index.ts';
import { stockSale } from '../stock/index.ts';
import { inAudience, inWindows } from './activity-audience.ts';
import {
  bookClaim,
  claimant,
  claimByRequest,
  claimCounts,
  insertClaim,
  insertDraw,
  type LivePrize,
  type LockedActivity,
  livePrizes,
  lockActivity,
  memberAt,
} from './activity-claim.repo.ts';
import { type Draw, draw } from './activity-draw.ts';
import { envelopeAmount, useCode } from './activity-kinds.ts';

/**
 * A claim (decision 173): one sign-in or one box, for one member, once per request_id. Under the
 * activity's row lock: the state, window, audience and limits are checked, the price is taken, the prize
 * chosen (a sign-in by its streak; a box by a CSPRNG draw over the prizes left, recorded), paid through
 * the member ledger (奖励, points, minutes) or the stock sale (goods), and the prize's issued count and the
 * activity's spent budget booked — all in one transaction. A retry answers the first result.
 */
export interface ClaimInput {
  activity_id: number;
  request_id: string;
  member_id?: number;
  machine_id?: number;
  /** 礼包兑换: the code redeemed (this store's, found by the caller); used once by the claim's insert. */
  code_id?: number;
}
export type ClaimActor = { id: number; name: string };

const yesterday = (day: string) => shanghaiDate(new Date(`${day}T12:00:00+08:00`).getTime() - 86_400_000);

function fits(a: LockedActivity, p: LivePrize) {
  return p.issued < p.quantity && a.spent_fen + p.cost_fen <= a.budget_fen;
}

async function replayOf(db: Db, nid: number, b: ClaimInput): Promise<ClaimResult | undefined> {
  const c = await claimByRequest(db, nid, b.request_id);
  if (!c) return undefined;
  if (c.activity_id !== b.activity_id) throw new ConflictError(ACTIVITY_MSG.requestUsed);
  return {
    claim_id: Number(c.id),
    replay: true,
    prize_name: c.prize_name ?? '',
    prize_kind: c.prize_kind,
    amount: Number(c.amount),
    streak: c.streak,
  };
}

export async function claim(
  db: Db,
  s: TenantScope,
  actor: ClaimActor,
  b: ClaimInput,
  now = new Date(),
): Promise<ClaimResult> {
  const nid = s.netbarId;
  const prior = await replayOf(db, nid, b);
  if (prior) return prior;
  const pool = await memberPool(db, s);
  try {
    return await db.transaction(async (tx) => {
      const a = await lockActivity(tx, nid, b.activity_id);
      if (!a) throw new NotFoundError(ACTIVITY_MSG.notFound);
      // a promotion is joined by a top-up, a live draw by its draw (decision 178)
      if (a.kind === 'topup_promo' || a.kind === 'live_draw' || a.kind === 'game')
        throw new BadInputError(ACTIVITY_MSG.kind);
      const app = STORE_APP_BY_KEY.get(ENGINE_KIND_APP[a.kind as EngineKind])!;
      if ((await loadDisabledApps(tx, nid)).has(app.perm))
        throw new ForbiddenError(appDisabledMsg(app.title));
      const state = activityState(a.status, a.starts_at, a.ends_at, now);
      if (state !== 'running') throw new BadInputError(`${ACTIVITY_MSG.notRunning}`);
      if (!inWindows(a.windows, shanghaiClock(now).minute))
        throw new BadInputError(ACTIVITY_MSG.outsideWindow);
      if (a.kind === 'red_envelope' && b.machine_id === undefined)
        throw new BadInputError(ACTIVITY_MSG.onlineOnly);
      if (a.kind === 'gift_code' && b.code_id === undefined)
        throw new BadInputError(ACTIVITY_MSG.codeMissing);
      let memberId = b.member_id;
      if (b.machine_id !== undefined) {
        const at = await memberAt(tx, nid, b.machine_id);
        if (!at) throw new NotFoundError('机器不存在');
        if (!at.member_id) throw new BadInputError(ACTIVITY_MSG.noMember);
        memberId = Number(at.member_id);
      }
      const m = memberId ? await claimant(tx, pool.pool, memberId) : undefined;
      if (!m) throw new NotFoundError('会员不存在');
      if (!inAudience(a.audience, m, b.machine_id, now)) throw new BadInputError(ACTIVITY_MSG.notAudience);
      const day = shanghaiDate(now);
      const n = await claimCounts(tx, a.id, m.id, day);
      if (a.kind === 'sign' && n.today > 0) throw new BadInputError(ACTIVITY_MSG.signed);
      if (a.per_day_limit && n.today >= a.per_day_limit) throw new BadInputError(ACTIVITY_MSG.dayLimit);
      if (a.per_member_limit && n.total >= a.per_member_limit)
        throw new BadInputError(ACTIVITY_MSG.totalLimit);

      const prizes = await livePrizes(tx, a.id);
      let prize: LivePrize | undefined;
      let drawn: Draw | undefined;
      let streak = 0;
      if (a.kind === 'sign') {
        streak = n.last_day === yesterday(day) ? (n.last_streak ?? 0) + 1 : 1;
        // the reward of the highest streak day reached; none left (or none set for it): the sign-in still counts
        const due = prizes
          .filter((p) => (p.streak_day ?? 0) <= streak)
          .sort((x, y) => (y.streak_day ?? 0) - (x.streak_day ?? 0))[0];
        prize = due && fits(a, due) ? due : undefined;
      } else if (!DRAW_KINDS.includes(a.kind as EngineKind)) {
        // 礼包码, 红包: the first prize of the set with quantity and budget left
        prize = prizes.find((p) => fits(a, p));
        if (!prize)
          throw new BadInputError(
            a.spent_fen >= a.budget_fen ? ACTIVITY_MSG.budgetOut : ACTIVITY_MSG.soldOut,
          );
        if (prize.amount_max) prize = envelopeAmount(a, prize);
      } else {
        drawn = draw(
          prizes.map((p) => ({
            prize_id: p.id,
            odds_bp: p.odds_bp ?? 0,
            remaining: fits(a, p) ? p.quantity - p.issued : 0,
          })),
        );
        if (!drawn)
          throw new BadInputError(
            a.spent_fen >= a.budget_fen ? ACTIVITY_MSG.budgetOut : ACTIVITY_MSG.soldOut,
          );
        prize = prizes.find((p) => p.id === drawn!.prize_id)!;
      }

      const rid = `act:${b.request_id}`;
      let ledgerId: number | null = null;
      if (a.price_kind !== 'none') {
        const paid = await prizeMove(tx, pool, actor, {
          member_id: m.id,
          kind: 'prize_buy',
          request_id: rid,
          ...(a.price_kind === 'points' ? { points: -a.price_amount } : { principal: -a.price_amount }),
          remark: `${a.name}：购买`,
        });
        ledgerId = paid.id;
      }
      if (prize?.kind === 'coupon') {
        // 优惠券 (decision 186): `amount` coupons of the prize's template, issued in this transaction
        for (let i = 1; i <= prize.amount; i++)
          await issueIn(
            tx,
            s,
            actor,
            {
              template_id: prize.coupon_template_id!,
              pool_id: pool.pool,
              member_id: m.id,
              source: 'activity',
              activity_id: a.id,
              request_id: `act${nid}:${b.request_id}#${i}`,
            },
            now,
          );
      } else if (prize && prize.kind !== 'goods') {
        const led = await prizeMove(tx, pool, actor, {
          member_id: m.id,
          kind: 'prize',
          request_id: rid,
          ...(prize.kind === 'bonus'
            ? { bonus: prize.amount }
            : prize.kind === 'points'
              ? { points: prize.amount }
              : { minutes: prize.amount }),
          remark: `${a.name}：${prize.name}`,
        });
        ledgerId = led.id;
      } else if (prize) {
        await stockSale(tx, s, actor, {
          request_id: rid,
          lines: [{ sku_id: prize.goods_id!, qty: prize.amount }],
        });
      }
      await bookClaim(tx, a.id, prize);
      const claimId = await insertClaim(tx, {
        activity_id: a.id,
        netbar_id: nid,
        pool_id: pool.pool,
        member_id: m.id,
        machine_id: b.machine_id ?? null,
        day,
        prize,
        paid_kind: a.price_kind,
        paid_amount: a.price_kind === 'none' ? 0 : a.price_amount,
        streak,
        member_ledger_id: ledgerId,
        request_id: b.request_id,
      });
      if (drawn) await insertDraw(tx, claimId, a.id, drawn);
      if (b.code_id !== undefined && !(await useCode(tx, b.code_id, a.id, claimId, m.id)))
        throw new BadInputError(ACTIVITY_MSG.codeUsed);
      return {
        claim_id: claimId,
        replay: false,
        prize_name: prize?.name ?? '',
        prize_kind: prize?.kind ?? '',
        amount: prize?.amount ?? 0,
        streak,
      };
    });
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    const again = await replayOf(db, nid, b);
    if (again) return again;
    throw new ConflictError(ACTIVITY_MSG.requestUsed);
  }
}
