import {
  ACTIVITY_MSG,
  type ActivityListQuery,
  type ActivityRow,
  type LiveDrawSaveBody,
  type PromotionSaveBody,
} from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { BadInputError, NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { memberPool } from '../member/index.ts';
import { activityById, audienceCount, listActivities } from './activity.repo.ts';
import { tierName } from './activity-promotion.ts';
import {
  drawWinners,
  insertKindActivity,
  type KindActivity,
  kindExtras,
  ownKind,
  toInstant,
  updateKindDraft,
} from './promotion.repo.ts';

/**
 * Saving 营销活动 and 直播抽奖 (decision 178): the contract's rules (tiers rising, bonus below its tier,
 * pool within budget, draw time ahead, 1-500 winners), then the audience must reach someone; written as a
 * draft of the engine (activities, activity_prizes) with the kind's settings and tiers. Published, paused
 * and ended through the engine's activity_move; claims read through activity_claims.
 */
const DAY_MS = 86_400_000;

async function save(db: Db, s: TenantScope, userId: number, id: number | undefined, a: KindActivity) {
  const pool = await memberPool(db, s);
  if ((await audienceCount(db, pool.pool, a.audience)) === 0)
    throw new BadInputError(ACTIVITY_MSG.audienceEmpty);
  const saved = await db.transaction(async (tx) => {
    if (id === undefined) return insertKindActivity(tx, s.netbarId, userId, a);
    if ((await ownKind(tx, s.netbarId, id)) !== a.kind) throw new NotFoundError(ACTIVITY_MSG.notFound);
    if (!(await updateKindDraft(tx, s.netbarId, id, a))) throw new BadInputError(ACTIVITY_MSG.notEditable);
    return id;
  });
  return (await withExtras(db, [(await activityById(db, s.netbarId, saved))!]))[0]!;
}

export function savePromotion(db: Db, s: TenantScope, userId: number, b: PromotionSaveBody) {
  return save(db, s, userId, b.id, {
    kind: 'topup_promo',
    name: b.name,
    starts: toInstant(b.starts_at),
    ends: toInstant(b.ends_at),
    audience: b.audience,
    per_member_limit: b.per_member_limit,
    budget_fen: b.budget_fen,
    promo_mode: b.promo_mode,
    draw_from: '',
    prizes: b.tiers.map((t) => ({
      name: tierName(t.min_topup_fen, t.bonus_fen),
      kind: 'bonus',
      amount: t.bonus_fen,
      cost_fen: t.bonus_fen,
      quantity: t.quantity,
      min_topup_fen: t.min_topup_fen,
    })),
  });
}

export function saveLiveDraw(db: Db, s: TenantScope, userId: number, b: LiveDrawSaveBody) {
  const at = toInstant(b.draw_at);
  return save(db, s, userId, b.id, {
    kind: 'live_draw',
    name: b.name,
    starts: at,
    // the results stay on the PC for a day after the draw
    ends: new Date(at.getTime() + DAY_MS),
    audience: b.audience,
    per_member_limit: 0,
    budget_fen: b.budget_fen,
    promo_mode: '',
    draw_from: b.draw_from,
    prizes: b.prizes.map((p) => ({ ...p, cost_fen: p.kind === 'bonus' ? p.amount : p.cost_fen })),
  });
}

export interface KindRow extends ActivityRow {
  promo_mode: string;
  draw_from: string;
  drawn_at: string | null;
  tiers: { prize_id: number; min_topup_fen: number }[];
}

async function withExtras(db: Db, list: ActivityRow[]): Promise<KindRow[]> {
  const x = await kindExtras(
    db,
    list.map((a) => a.id),
  );
  return list.map((a) => {
    const st = x.settings.find((s) => s.activity_id === a.id);
    return {
      ...a,
      promo_mode: st?.promo_mode ?? '',
      draw_from: st?.draw_from ?? '',
      drawn_at: st?.drawn_at ?? null,
      tiers: x.tiers.filter((t) => a.prizes.some((p) => p.id === t.prize_id)),
    };
  });
}

/** 营销活动 or 直播抽奖 list: the engine's rows with the kind's settings. */
export async function kindList(
  db: Db,
  s: TenantScope,
  kind: 'topup_promo' | 'live_draw',
  q: ActivityListQuery,
) {
  const r = await listActivities(db, s.netbarId, { ...q, kind }, [kind]);
  return { list: await withExtras(db, r.list), count: r.count, page: q.page, page_size: q.page_size };
}

/** A live draw's winners (this store's draws only). */
export async function liveDrawResult(db: Db, s: TenantScope, id: number) {
  if ((await ownKind(db, s.netbarId, id)) !== 'live_draw') throw new NotFoundError(ACTIVITY_MSG.notFound);
  return drawWinners(db, s.netbarId, id);
}
