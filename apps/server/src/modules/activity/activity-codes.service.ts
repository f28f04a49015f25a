import { randomInt } from 'node:crypto';
import {
  ACTIVITY_MSG,
  type CashierDrawOffer,
  type ClaimResult,
  CODE_ALPHABET,
  CODE_MSG,
  CODE_RANDOM_LENGTH,
  type GiftCodeGenerateBody,
  type GiftCodeListQuery,
} from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { BadInputError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { memberByCard } from '../member/index.ts';
import { type ClaimActor, claim } from './activity-claim.ts';
import {
  claimForRequest,
  codeByText,
  codeCount,
  drawFor,
  insertCodes,
  listCodes,
  lockOwnActivity,
  paidOrder,
} from './activity-codes.repo.ts';

/** One random code: the prefix and CODE_RANDOM_LENGTH characters of the unambiguous alphabet (node:crypto). */
export function randomCode(prefix: string): string {
  let s = prefix;
  for (let i = 0; i < CODE_RANDOM_LENGTH; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return s;
}

/**
 * 礼包码 (decision 177): a batch of N random codes or one custom code for a gift-bag activity of the
 * store, under the activity's lock; never more codes than the prize set's quantity. A batch code that
 * collides with an existing one is drawn again; a custom code that exists is refused. Nothing is written
 * when refused.
 */
export async function generateCodes(db: Db, s: TenantScope, userId: number, b: GiftCodeGenerateBody) {
  return db.transaction(async (tx) => {
    const a = await lockOwnActivity(tx, s.netbarId, b.activity_id);
    if (!a) throw new NotFoundError(ACTIVITY_MSG.notFound);
    if (a.kind !== 'gift_code') throw new BadInputError(CODE_MSG.notGift);
    if (a.status === 'ended' || a.ends_at <= new Date()) throw new BadInputError(CODE_MSG.ended);
    const want = b.mode === 'custom' ? 1 : b.count!;
    const have = await codeCount(tx, a.id);
    if (have + want > a.pool) throw new BadInputError(`${CODE_MSG.overPool}（还可生成${a.pool - have}个）`);
    const batch = b.mode === 'custom' ? '自定义' : `${b.prefix || '批次'}-${have + 1}`;
    const meta = { activity_id: a.id, netbar_id: s.netbarId, batch, by: userId };
    if (b.mode === 'custom') {
      if (!(await insertCodes(tx, meta, [b.code!]))) throw new BadInputError(CODE_MSG.duplicate);
      return { count: 1, batch };
    }
    let made = 0;
    for (let round = 0; made < want && round < 5; round++) {
      const fresh = new Set<string>();
      while (fresh.size < want - made) fresh.add(randomCode(b.prefix));
      made += await insertCodes(tx, meta, [...fresh]);
    }
    if (made < want) throw new ConflictError('礼包码生成冲突，请重试');
    return { count: made, batch };
  });
}

export async function giftCodes(db: Db, s: TenantScope, q: GiftCodeListQuery, all = false) {
  const a = await lockFree(db, s, q.activity_id);
  const r = await listCodes(db, s.netbarId, q, all);
  return { ...r, activity: a, page: q.page, page_size: q.page_size };
}

async function lockFree(db: Db, s: TenantScope, id: number) {
  const a = await db.transaction((tx) => lockOwnActivity(tx, s.netbarId, id));
  if (a?.kind !== 'gift_code') throw new NotFoundError(ACTIVITY_MSG.notFound);
  return { id: a.id };
}

/** A code redeemed for a member (the PC's logged-on member, or a card at the counter): one engine claim. */
export async function redeemCode(
  db: Db,
  s: TenantScope,
  actor: ClaimActor,
  b: { code: string; request_id: string; machine_id?: number; member_id?: number },
): Promise<ClaimResult> {
  const code = await codeByText(db, s.netbarId, b.code);
  if (!code) throw new BadInputError(ACTIVITY_MSG.codeMissing);
  return claim(db, s, actor, {
    activity_id: code.activity_id,
    code_id: code.id,
    request_id: b.request_id,
    ...(b.machine_id !== undefined ? { machine_id: b.machine_id } : { member_id: b.member_id }),
  });
}

export async function redeemAtCounter(
  deps: { db: Db; config: { NODE_ENV?: string; MEMBER_FIELD_KEY?: string } },
  s: TenantScope,
  actor: ClaimActor,
  b: { card_no: string; code: string; request_id: string },
) {
  const m = await memberByCard(deps, s, b.card_no);
  if (!m) throw new NotFoundError(CODE_MSG.memberMissing);
  return redeemCode(deps.db, s, actor, { code: b.code, request_id: b.request_id, member_id: m.id });
}

/** 收银抽奖: the draw an order may take (none when below every threshold, not a member's, or drawn). */
export async function drawOffer(db: Db, s: TenantScope, orderNo: string): Promise<CashierDrawOffer | null> {
  const o = await paidOrder(db, s.netbarId, orderNo);
  if (!o) throw new NotFoundError(CODE_MSG.orderMissing);
  if (['unpaid', 'cancelled', 'refunded'].includes(o.status) || !o.member_id) return null;
  if (await claimForRequest(db, s.netbarId, orderNo)) return null;
  const a = await drawFor(db, s.netbarId, o.paid_fen);
  return a ? { activity_id: a.id, name: a.name, threshold_fen: a.threshold_fen } : null;
}

/** The draw for a paid member order reaching the threshold: request_id = the order no, so once per order. */
export async function cashierDraw(db: Db, s: TenantScope, actor: ClaimActor, orderNo: string) {
  const o = await paidOrder(db, s.netbarId, orderNo);
  if (!o) throw new NotFoundError(CODE_MSG.orderMissing);
  if (['unpaid', 'cancelled', 'refunded'].includes(o.status)) throw new BadInputError(CODE_MSG.orderUnpaid);
  if (!o.member_id) throw new BadInputError(CODE_MSG.orderNoMember);
  if (await claimForRequest(db, s.netbarId, orderNo)) throw new ConflictError(CODE_MSG.drawn);
  const a = await drawFor(db, s.netbarId, o.paid_fen);
  if (!a) throw new BadInputError(CODE_MSG.noDraw);
  const r = await claim(db, s, actor, { activity_id: a.id, member_id: o.member_id, request_id: orderNo });
  if (r.replay) throw new ConflictError(CODE_MSG.drawn);
  return r;
}
