import {
  ACTIVITY_MOVES,
  ACTIVITY_MSG,
  type ActivityListQuery,
  type ActivityMoveBody,
  type ActivityRow,
  type ActivitySaveBody,
  type ActivityStatus,
  activityState,
  COUPON_MSG,
  ENGINE_KIND_APP,
  ENGINE_KINDS,
  type EngineKind,
  STORE_APP_BY_PERM,
} from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.ts';
import { BadInputError, NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { couponTemplateById } from '../coupon/index.ts';
import { skuLabel } from '../goods/index.ts';
import { memberPool } from '../member/index.ts';
import {
  activityById,
  audienceCount,
  claimList,
  insertActivity,
  listActivities,
  lockOwn,
  setStatus,
  updateDraft,
} from './activity.repo.ts';

/**
 * Activities (decision 173): saved as drafts (checked before anything is written: the contract's rules,
 * then the audience must reach someone, goods prizes must be the store's, a chain activity is the chain
 * head's), published, paused, resumed, ended. Only a draft is edited; a published activity's prizes and
 * budget never change under its claims.
 */

async function check(db: Db, s: TenantScope, b: ActivitySaveBody) {
  // 营销活动 and 直播抽奖 have their own forms and rules (promotion_save, live_draw_save; decision 178)
  if (b.kind === 'topup_promo' || b.kind === 'live_draw' || b.kind === 'game')
    throw new BadInputError(ACTIVITY_MSG.kind);
  if (b.scope === 'chain') {
    const r = await rows<{ head: boolean }>(
      db,
      sql`select (chain_id = id) as head from netbars where id = ${s.netbarId}`,
    );
    if (!r[0]?.head) throw new BadInputError(ACTIVITY_MSG.chain);
    if (b.prizes.some((p) => p.kind === 'goods')) throw new BadInputError('连锁活动不能设置商品奖品');
  }
  for (const p of b.prizes)
    if (p.kind === 'goods' && !(await skuLabel(db, s, p.goods_id!)))
      throw new BadInputError(ACTIVITY_MSG.goods);
  // a coupon prize: an active template the store may issue; a chain activity's, a chain template (decision 186)
  for (const p of b.prizes.filter((x) => x.kind === 'coupon')) {
    const t = await couponTemplateById(db, s, p.coupon_template_id!);
    if (!t) throw new NotFoundError(COUPON_MSG.notFound);
    if (t.status !== 'active') throw new BadInputError(COUPON_MSG.disabled);
    if (b.scope === 'chain' && t.scope !== 'chain') throw new BadInputError('连锁活动须使用连锁优惠券');
  }
  const pool = await memberPool(db, s);
  if ((await audienceCount(db, pool.pool, b.audience)) === 0)
    throw new BadInputError(ACTIVITY_MSG.audienceEmpty);
}

export async function saveActivity(
  db: Db,
  s: TenantScope,
  userId: number,
  b: ActivitySaveBody,
): Promise<ActivityRow> {
  await check(db, s, b);
  const id = await db.transaction(async (tx) => {
    if (b.id === undefined) return insertActivity(tx, s.netbarId, userId, b);
    if (!(await activityById(tx, s.netbarId, b.id, true))) throw new NotFoundError(ACTIVITY_MSG.notFound);
    if (!(await updateDraft(tx, s.netbarId, b.id, b))) throw new BadInputError(ACTIVITY_MSG.notEditable);
    return b.id;
  });
  return (await activityById(db, s.netbarId, id))!;
}

const TARGET: Record<ActivityMoveBody['action'], ActivityStatus> = {
  publish: 'published',
  pause: 'paused',
  resume: 'published',
  end: 'ended',
};

/** 发布/暂停/恢复/结束 under the activity's lock, so no claim pays after a pause commits. */
export async function moveActivity(db: Db, s: TenantScope, b: ActivityMoveBody): Promise<ActivityRow> {
  await db.transaction(async (tx) => {
    const a = await lockOwn(tx, s.netbarId, b.id);
    if (!a) throw new NotFoundError(ACTIVITY_MSG.notFound);
    const state = activityState(a.status, a.starts_at, a.ends_at);
    if (!ACTIVITY_MOVES[b.action].includes(state)) throw new BadInputError(ACTIVITY_MSG.badMove);
    await setStatus(tx, a.id, TARGET[b.action]);
  });
  return (await activityById(db, s.netbarId, b.id))!;
}

/** The kinds a caller's grants open: 会员活动 (10509) every kind, an app's own id its kinds. */
export function kindsFor(perms: ReadonlySet<number>, allKinds: boolean): EngineKind[] | undefined {
  if (allKinds) return undefined;
  return ENGINE_KINDS.filter((k) =>
    [...perms].some((p) => STORE_APP_BY_PERM.get(p)?.key === ENGINE_KIND_APP[k]),
  );
}

export const activities = (db: Db, s: TenantScope, q: ActivityListQuery, kinds?: readonly string[]) =>
  listActivities(db, s.netbarId, q, kinds).then((r) => ({ ...r, page: q.page, page_size: q.page_size }));

export async function activityDetail(db: Db, s: TenantScope, id: number) {
  const a = await activityById(db, s.netbarId, id);
  if (!a) throw new NotFoundError(ACTIVITY_MSG.notFound);
  return a;
}

export async function activityClaims(
  db: Db,
  s: TenantScope,
  q: { id: number; page: number; page_size: number },
) {
  await activityDetail(db, s, q.id);
  const r = await claimList(db, s.netbarId, q.id, q);
  return { list: r.list, count: r.count, total_fen: r.total_fen, page: q.page, page_size: q.page_size };
}
