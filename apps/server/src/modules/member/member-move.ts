import {
  type BonusRule,
  type DeductOrder,
  fenToYuan,
  MEMBER_BALANCE_MAX_FEN,
  MEMBER_MINUTES_MAX,
  MEMBER_POINTS_MAX,
  MEMBER_STATUS_LABELS,
  type MemberLedgerKind,
  type MemberLedgerRow,
  type MemberStatusValue,
  type TopUpPromotion,
  topUpBonus,
} from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { BadInputError, NotFoundError } from '../../lib/errors.ts';
import { ledgerById } from './member-ledger.repo.ts';
import type { MemberPool } from './member-pool.ts';

/**
 * The one place a member's 本金, 奖励 or points change (decision 105), in the shape of the stock ledger:
 * lock the member's row, work out the deltas from the locked figures, refuse what would take 奖励 or
 * points below zero or 本金 below zero (below the level's overdraft limit for a consumption), write the
 * ledger row and update the running figures, in the caller's transaction. A request_id already used in
 * this store makes the insert fail on the unique index; callers (runMemberRequest) return the first result.
 */

export type MemberMove =
  | { kind: 'topup'; amount: number; payMethod: string; remark?: string }
  | {
      kind: 'consume';
      amount: number;
      order: DeductOrder;
      orderId?: number;
      sessionId?: number;
      /** Free minutes a session used (decision 109), in the same row as the money it paid. */
      minutes?: number;
    }
  | {
      kind: Exclude<MemberLedgerKind, 'topup' | 'consume'>;
      principal: number;
      bonus: number;
      points: number;
      /** Free online minutes in (a redemption) or out (退卡). */
      minutes?: number;
      remark?: string;
      /** consume_refund: the order whose consumption is given back. */
      orderId?: number;
    };

export interface MoveContext {
  pool: MemberPool;
  user: { id: number; name: string };
  requestId: string;
  /** 1, or 2 for a transfer's receiving row. */
  seq?: number;
  shiftId?: number;
}

export interface Applied {
  ledger: MemberLedgerRow;
  upgradedTo?: string;
  /** The top-up promotion this top-up joined (decision 178). */
  promotion?: TopUpPromotion;
}

/**
 * Top-up promotions (营销活动, decision 178) are the activity module's: it registers here what a top-up
 * pays on top of the level's rule, inside the top-up's transaction, and what a replay finds again.
 */
export interface TopUpHook {
  apply(
    tx: Conn,
    t: {
      pool: MemberPool;
      user: { id: number; name: string };
      requestId: string;
      memberId: number;
      amount: number;
      ledgerId: number;
    },
  ): Promise<TopUpPromotion | undefined>;
  replay(conn: Conn, pool: MemberPool, requestId: string): Promise<TopUpPromotion | undefined>;
  /** What apply would pay for a top-up of `amount` now, paying nothing (the top-up dialog's preview). */
  preview(
    conn: Conn,
    t: { pool: MemberPool; memberId: number; amount: number },
  ): Promise<TopUpPromotion | undefined>;
}
let topUpHook: TopUpHook | undefined;
export function setTopUpHook(h: TopUpHook | undefined) {
  topUpHook = h;
}
export const topUpPromotionOf = (conn: Conn, pool: MemberPool, requestId: string) =>
  topUpHook?.replay(conn, pool, requestId);
export const topUpPromotionPreview = (
  conn: Conn,
  t: { pool: MemberPool; memberId: number; amount: number },
) => topUpHook?.preview(conn, t);

interface Locked {
  id: number;
  status: MemberStatusValue;
  principal: number;
  bonus: number;
  points: number;
  minutes: number;
  topup_total: number;
  level_threshold: number;
  overdraft: number;
  points_per_yuan: number;
  bonus_rules: BonusRule[];
}

/** Which statuses a kind of move accepts. */
const ALLOWED: Record<MemberLedgerKind, MemberStatusValue[]> = {
  topup: [1],
  consume: [1],
  transfer_out: [1],
  transfer_in: [1],
  redeem: [1],
  correct: [1, 2, 3],
  refund_card: [1, 2, 3],
  consume_refund: [1, 2, 3],
  tip: [1],
  prize: [1],
  prize_buy: [1],
  // written in bulk by the file import (decision 190), never through this function
  import: [],
};

/** The bonus a top-up earns (the contract's rule, shared with the top-up dialog's preview). */
export const bonusFor = topUpBonus;

/** How a consumption splits over 奖励 and 本金 under the store's order; undefined when it does not fit. */
export function splitSpend(
  m: { principal: number; bonus: number; overdraft: number },
  amount: number,
  order: DeductOrder,
): { principal: number; bonus: number } | undefined {
  if (amount > m.bonus + m.principal + m.overdraft) return undefined;
  if (order === 'bonus_first') {
    const b = Math.min(m.bonus, amount);
    return { bonus: b, principal: amount - b };
  }
  const p = Math.min(Math.max(m.principal, 0), amount);
  const b = Math.min(m.bonus, amount - p);
  return { principal: amount - b, bonus: b };
}

export async function applyMemberMove(
  tx: Conn,
  ctx: MoveContext,
  memberId: number,
  m: MemberMove,
): Promise<Applied> {
  const cur = await lockMember(tx, ctx.pool, memberId);
  if (!ALLOWED[m.kind].includes(cur.status))
    throw new BadInputError(`会员卡状态为${MEMBER_STATUS_LABELS[cur.status]}，不能办理此业务`);
  let dp: number;
  let db: number;
  let dpt: number;
  let dm = 0;
  let topup = 0;
  let paid = 0;
  let remark = '';
  if (m.kind === 'topup') {
    dp = m.amount;
    db = bonusFor(cur.bonus_rules, m.amount);
    dpt = Math.floor(m.amount / 100) * cur.points_per_yuan;
    topup = paid = m.amount;
    remark = m.remark ?? '';
  } else if (m.kind === 'consume') {
    const s = splitSpend(cur, m.amount, m.order);
    if (!s)
      throw new BadInputError(
        `会员余额不足：本金${fenToYuan(cur.principal)}元，奖励${fenToYuan(cur.bonus)}元${cur.overdraft ? `，可透支${fenToYuan(cur.overdraft)}元` : ''}，本次需扣${fenToYuan(m.amount)}元`,
      );
    dp = -s.principal;
    db = -s.bonus;
    dpt = 0;
    dm = -(m.minutes ?? 0);
  } else {
    dp = m.principal;
    db = m.bonus;
    dpt = m.points;
    dm = m.minutes ?? 0;
    remark = m.remark ?? '';
  }
  const after = { p: cur.principal + dp, b: cur.bonus + db, pt: cur.points + dpt, mi: cur.minutes + dm };
  const floor = m.kind === 'consume' ? -cur.overdraft : Math.min(0, cur.principal);
  if (dp < 0 && after.p < floor) throw new BadInputError(`本金余额不足：当前${fenToYuan(cur.principal)}元`);
  if (after.b < 0) throw new BadInputError(`奖励余额不足：当前${fenToYuan(cur.bonus)}元`);
  if (after.pt < 0) throw new BadInputError(`积分不足：当前${cur.points}分`);
  if (after.mi < 0) throw new BadInputError(`上网时长不足：当前${cur.minutes}分钟`);
  if (after.p > MEMBER_BALANCE_MAX_FEN || after.b > MEMBER_BALANCE_MAX_FEN || after.pt > MEMBER_POINTS_MAX)
    throw new BadInputError('会员余额超出上限');
  if (after.mi > MEMBER_MINUTES_MAX) throw new BadInputError('会员上网时长超出上限');
  const ids = await rows<{ id: string }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('member_ledger', 'id')) as id`,
  );
  const ledgerId = Number(ids[0]!.id);
  const refNo = `M${ledgerId.toString().padStart(10, '0')}`;
  await rows(
    tx,
    sql`insert into member_ledger (id, pool_id, netbar_id, member_id, kind, principal_delta, principal_before, principal_after,
          bonus_delta, bonus_before, bonus_after, points_delta, points_before, points_after,
          minutes_delta, minutes_before, minutes_after, pay_method, paid_fen,
          order_id, session_id, shift_id, ref_no, remark, user_id, user_name, request_id, seq)
        values (${ledgerId}, ${ctx.pool.pool}, ${ctx.pool.store}, ${memberId}, ${m.kind}, ${dp}, ${cur.principal}, ${after.p},
          ${db}, ${cur.bonus}, ${after.b}, ${dpt}, ${cur.points}, ${after.pt},
          ${dm}, ${cur.minutes}, ${after.mi}, ${m.kind === 'topup' ? m.payMethod : ''}, ${paid},
          ${m.kind === 'consume' || m.kind === 'consume_refund' ? (m.orderId ?? null) : null}, ${m.kind === 'consume' ? (m.sessionId ?? null) : null},
          ${ctx.shiftId ?? null}, ${refNo}, ${remark}, ${ctx.user.id}, ${ctx.user.name}, ${ctx.requestId}, ${ctx.seq ?? 1})`,
  );
  await rows(
    tx,
    sql`update members set principal_fen = ${after.p}, bonus_fen = ${after.b}, points = ${after.pt}, free_minutes = ${after.mi},
          topup_total_fen = topup_total_fen + ${topup}, last_ledger_id = ${ledgerId}, updated_at = now(),
          last_visit_at = case when ${m.kind === 'consume' || m.kind === 'topup'} then now() else last_visit_at end
        where id = ${memberId}`,
  );
  const upgradedTo = topup
    ? await upgrade(tx, ctx.pool.pool, memberId, cur.topup_total + topup, cur.level_threshold)
    : undefined;
  const promotion =
    m.kind === 'topup' && topUpHook
      ? await topUpHook.apply(tx, {
          pool: ctx.pool,
          user: ctx.user,
          requestId: ctx.requestId,
          memberId,
          amount: m.amount,
          ledgerId,
        })
      : undefined;
  return { ledger: await ledgerById(tx, ledgerId), upgradedTo, ...(promotion ? { promotion } : {}) };
}

/** Locks the member (in its pool) and reads its figures and its level's rules. */
export async function lockMember(tx: Conn, p: MemberPool, memberId: number): Promise<Locked> {
  const r = await rows<Locked>(
    tx,
    sql`select m.id, m.status, m.principal_fen::float8 as principal, m.bonus_fen::float8 as bonus, m.points::float8 as points, m.free_minutes as minutes,
          m.topup_total_fen::float8 as topup_total, l.threshold_fen::float8 as level_threshold,
          l.overdraft_fen::float8 as overdraft, l.points_per_yuan, l.bonus_rules
        from members m join member_levels l on l.id = m.level_id
        where m.id = ${memberId} and m.pool_id = ${p.pool} for update of m`,
  );
  if (!r[0]) throw new NotFoundError('会员不存在');
  return { ...r[0], status: Number(r[0].status) as MemberStatusValue };
}

/** Moves a member up to the highest level its cumulative top-up reaches; never down (decision 108). */
async function upgrade(tx: Conn, pool: number, memberId: number, total: number, threshold: number) {
  const r = await rows<{ id: number; name: string }>(
    tx,
    sql`select id, name from member_levels where pool_id = ${pool} and threshold_fen <= ${total} and threshold_fen > ${threshold}
        order by threshold_fen desc, id limit 1`,
  );
  if (!r[0]) return undefined;
  await rows(tx, sql`update members set level_id = ${r[0].id} where id = ${memberId}`);
  return r[0].name;
}
