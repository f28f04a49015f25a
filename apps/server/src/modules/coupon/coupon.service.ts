import {
  COUPON_MSG,
  type CouponIssueBody,
  type CouponRecordQuery,
  type CouponTemplateListQuery,
  type CouponTemplateSaveBody,
  type CouponTemplateStatusBody,
  type MemberCouponRow,
  shanghaiDate,
} from '@netbar/contract';
import type { Conn } from '../../db/client.ts';
import { BadInputError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { memberPool } from '../member/index.ts';
import {
  bumpTemplate,
  insertTemplate,
  isChainHead,
  knownCategories,
  listTemplates,
  setTemplateStatus,
  templateById,
  updateTemplate,
} from './coupon.repo.ts';
import {
  couponById,
  couponByRequest,
  couponRecords,
  insertCoupon,
  memberCoupons,
  memberInPool,
  voidCoupon,
} from './member-coupon.repo.ts';

/** Coupon templates and member coupons (decision 186): rules checked before anything is written. */

type Actor = { id: number; name: string };

export const templates = (db: Conn, s: TenantScope, q: CouponTemplateListQuery) => listTemplates(db, s, q);

export async function saveTemplate(db: Conn, s: TenantScope, actor: Actor, b: CouponTemplateSaveBody) {
  if (b.scope === 'chain' && !(await isChainHead(db, s.netbarId))) throw new BadInputError(COUPON_MSG.chain);
  const known = await knownCategories(db, s.netbarId, b.category_ids);
  if (known.length !== new Set(b.category_ids).size) throw new BadInputError(COUPON_MSG.categoryMissing);
  if (b.id === undefined) return { id: await insertTemplate(db, s.netbarId, actor.id, b) };
  if (!(await updateTemplate(db, s.netbarId, b.id, b))) throw new NotFoundError(COUPON_MSG.notFound);
  return { id: b.id };
}

export async function moveTemplate(db: Conn, s: TenantScope, b: CouponTemplateStatusBody) {
  if (!(await setTemplateStatus(db, s.netbarId, b.id, b.status)))
    throw new NotFoundError(COUPON_MSG.notFound);
}

const plusDays = (day: string, n: number) =>
  shanghaiDate(new Date(`${day}T12:00:00+08:00`).getTime() + n * 86_400_000);

export interface IssueInput {
  template_id: number;
  pool_id: number;
  member_id: number;
  source: 'activity' | 'manual';
  activity_id: number | null;
  request_id: string;
}

/**
 * Issues one coupon of a template the store may use to a member of its pool, inside the caller's
 * transaction (an activity claim's, or the manual issue's): the template locked, active and not past
 * its range; the coupon keeps the template's rule and gets its validity (the range, or N days from
 * today, Beijing). The template's issued count moves with it.
 */
export async function issueIn(tx: Conn, s: TenantScope, actor: Actor, x: IssueInput, now = new Date()) {
  const t = await templateById(tx, s, x.template_id, true);
  if (!t) throw new NotFoundError(COUPON_MSG.notFound);
  if (t.status !== 'active') throw new BadInputError(COUPON_MSG.disabled);
  const today = shanghaiDate(now);
  if (t.valid_mode === 'range' && t.valid_to! < today) throw new BadInputError(COUPON_MSG.templateEnded);
  const id = await insertCoupon(tx, {
    netbar_id: t.netbar_id,
    template_id: t.id,
    pool_id: x.pool_id,
    member_id: x.member_id,
    name: t.name,
    kind: t.kind,
    amount_fen: t.amount_fen,
    min_spend_fen: t.min_spend_fen,
    category_ids: t.category_ids,
    valid_from: t.valid_mode === 'range' ? t.valid_from! : today,
    valid_to: t.valid_mode === 'range' ? t.valid_to! : plusDays(today, (t.valid_days ?? 1) - 1),
    source: x.source,
    activity_id: x.activity_id,
    issued_by: actor.id,
    issued_by_name: actor.name,
    request_id: x.request_id,
    issued_at: now,
  });
  await bumpTemplate(tx, t.id, 'issued', 1);
  return id;
}

/** 发放 by hand: once per request_id (a retry answers the first coupon, replay true). */
export async function issueManual(
  db: Conn,
  s: TenantScope,
  actor: Actor,
  b: CouponIssueBody,
): Promise<{ coupon: MemberCouponRow; replay: boolean }> {
  const replay = async () => {
    const c = await couponByRequest(db, s.netbarId, b.request_id);
    if (!c) return undefined;
    if (c.template_id !== b.template_id || c.member_id !== b.member_id)
      throw new ConflictError(COUPON_MSG.requestUsed);
    return { coupon: (await couponById(db, s, c.id))!, replay: true };
  };
  const prior = await replay();
  if (prior) return prior;
  const pool = await memberPool(db, s);
  try {
    const id = await db.transaction(async (tx) => {
      if (!(await memberInPool(tx, pool.pool, b.member_id))) throw new NotFoundError('会员不存在');
      return issueIn(tx, s, actor, {
        template_id: b.template_id,
        pool_id: pool.pool,
        member_id: b.member_id,
        source: 'manual',
        activity_id: null,
        request_id: b.request_id,
      });
    });
    return { coupon: (await couponById(db, s, id))!, replay: false };
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    const again = await replay();
    if (again) return again;
    throw new ConflictError(COUPON_MSG.requestUsed);
  }
}

export async function voidMemberCoupon(db: Conn, s: TenantScope, id: number) {
  await db.transaction(async (tx) => {
    const c = await couponById(tx, s, id);
    if (!c || !(await voidCoupon(tx, s.netbarId, id))) {
      if (!c) throw new NotFoundError(COUPON_MSG.couponNotFound);
      throw new ConflictError(COUPON_MSG.notVoidable);
    }
  });
}

/** A member's coupons at the store (all, or the usable ones for the 收银台); another pool's member is absent. */
export async function couponsOfMember(db: Conn, s: TenantScope, memberId: number, usable: boolean) {
  const pool = await memberPool(db, s);
  if (!(await memberInPool(db, pool.pool, memberId))) throw new NotFoundError('会员不存在');
  return memberCoupons(db, s, pool.pool, memberId, usable);
}

export const records = (db: Conn, s: TenantScope, q: CouponRecordQuery, all = false) =>
  couponRecords(db, s, q, all);
