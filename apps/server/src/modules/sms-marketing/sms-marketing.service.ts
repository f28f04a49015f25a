import {
  fromShanghai,
  isOptOutReply,
  quietUntil,
  SMS_MSG,
  type SmsAudience,
  type SmsCampaignSaveBody,
  type SmsEstimate,
  smsFullText,
  smsSegments,
} from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { BadInputError, NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { memberPool } from '../member/index.ts';
import * as repo from './sms-marketing.repo.ts';

/**
 * 短信营销 (decision 179): a campaign is checked whole before anything is written (opt-out text, length
 * with the signature, an audience that reaches someone, a time not in the past), saved as a draft with its
 * estimate, then 发送 schedules it once per request id. Quiet hours move the time to 08:00.
 */

export interface SmsPricing {
  priceFen: number;
}

const audienceOf = (b: SmsAudience): SmsAudience => ({
  levels: b.levels,
  visited_within_days: b.visited_within_days,
  absent_days: b.absent_days,
  balance_min_fen: b.balance_min_fen,
  balance_max_fen: b.balance_max_fen,
});

export async function estimate(
  db: Db,
  s: TenantScope,
  p: SmsPricing,
  a: SmsAudience,
  content: string,
): Promise<SmsEstimate> {
  const pool = await memberPool(db, s);
  const f = await repo.audienceFigures(db, pool.pool, audienceOf(a));
  const storeName = await repo.storeName(db, s);
  const seg = smsSegments(smsFullText(storeName, content));
  return {
    store_name: storeName,
    ...f,
    chars: seg.chars,
    segments: seg.segments,
    price_fen: p.priceFen,
    cost_fen: f.recipients * seg.segments * p.priceFen,
  };
}

export async function saveCampaign(
  db: Db,
  s: TenantScope,
  p: SmsPricing,
  userId: number,
  b: SmsCampaignSaveBody,
  now = new Date(),
) {
  const name = await repo.storeName(db, s);
  const fullText = smsFullText(name, b.content);
  const seg = smsSegments(fullText);
  if (!seg.segments) throw new BadInputError(SMS_MSG.tooLong);
  const sendAt = b.send_at ? fromShanghai(b.send_at) : null;
  if (sendAt && sendAt.getTime() < now.getTime() - 60_000) throw new BadInputError(SMS_MSG.past);
  const e = await estimate(db, s, p, b, b.content);
  if (e.recipients === 0) throw new BadInputError(SMS_MSG.audienceEmpty);
  const pool = await memberPool(db, s);
  const w: repo.CampaignWrite = {
    name: b.name,
    content: b.content,
    fullText,
    audience: audienceOf(b),
    sendAt,
    segments: seg.segments,
    priceFen: p.priceFen,
    recipients: e.recipients,
    costFen: e.cost_fen,
  };
  if (b.id) {
    if (!(await repo.campaignById(db, s, b.id))) throw new NotFoundError(SMS_MSG.notFound);
    if (!(await repo.updateDraft(db, s, b.id, w))) throw new BadInputError(SMS_MSG.notDraft);
    return { id: b.id, estimate: e };
  }
  return { id: await repo.insertCampaign(db, s, pool.pool, userId, w), estimate: e };
}

/** When a campaign due at `at` may go: `at` (or now, if earlier), moved to 08:00 in quiet hours. */
export function effectiveSendAt(at: Date | null, now = new Date()): Date {
  const t = at && at > now ? at : now;
  return quietUntil(t) ?? t;
}

export async function sendCampaign(db: Db, s: TenantScope, id: number, requestId: string, now = new Date()) {
  const seen = await repo.campaignOfRequest(db, s, requestId);
  if (seen && seen.id !== id) throw new BadInputError('请求编号已被使用');
  const c = await repo.campaignById(db, s, id);
  if (!c) throw new NotFoundError(SMS_MSG.notFound);
  if (!seen) {
    if (c.status !== 'draft') return c; // sent already: the same answer, nothing sent again
    const at = effectiveSendAt(c.send_at ? fromShanghai(c.send_at) : null, now);
    await repo.schedule(db, s, id, requestId, at);
  }
  return (await repo.campaignById(db, s, id))!;
}

export async function cancel(db: Db, s: TenantScope, id: number) {
  if (!(await repo.campaignById(db, s, id))) throw new NotFoundError(SMS_MSG.notFound);
  if (!(await repo.cancelCampaign(db, s, id))) throw new BadInputError(SMS_MSG.cannotCancel);
}

export async function staffOptOut(db: Db, s: TenantScope, userId: number, memberId: number) {
  const pool = await memberPool(db, s);
  if (!(await repo.memberInPool(db, pool.pool, memberId))) throw new NotFoundError(SMS_MSG.member);
  await db.transaction((tx) => repo.optOut(tx, pool.pool, [memberId], 'staff', userId));
}

/** A member's reply (as the SMS gateway forwards it): T/TD/退订 opts out every member of the pool with that mobile. */
export async function reply(db: Db, s: TenantScope, mobile: string, text: string) {
  if (!isOptOutReply(text)) return { opted_out: 0 };
  const pool = await memberPool(db, s);
  const ids = (await repo.membersByMobile(db, pool.pool, mobile)).map((m) => m.id);
  if (ids.length) await db.transaction((tx) => repo.optOut(tx, pool.pool, ids, 'reply', 0));
  return { opted_out: ids.length };
}

export async function campaignDetail(db: Db, s: TenantScope, id: number) {
  const c = await repo.campaignById(db, s, id);
  if (!c) throw new NotFoundError(SMS_MSG.notFound);
  return c;
}

export const campaigns = repo.listCampaigns;
export async function optOuts(db: Db, s: TenantScope, q: { page: number; page_size: number }) {
  return repo.optOutList(db, (await memberPool(db, s)).pool, q);
}

/**
 * A reply the SMS provider's webhook delivered (decision 183). A reply names no store (every store texts
 * from the platform's number), so T/TD/退订 opts the mobile out in every pool that holds it: a member who
 * says stop is never texted again by anyone on the platform. Anything else is only acknowledged.
 */
export async function inboundReply(db: Db, mobile: string, text: string) {
  if (!isOptOutReply(text)) return { opted_out: 0 };
  const members = await repo.membersByMobileEverywhere(db, mobile);
  const pools = new Map<number, number[]>();
  for (const m of members) pools.set(m.pool_id, [...(pools.get(m.pool_id) ?? []), m.id]);
  await db.transaction(async (tx) => {
    for (const [pool, ids] of pools) await repo.optOut(tx, pool, ids, 'reply', 0);
  });
  return { opted_out: members.length };
}
