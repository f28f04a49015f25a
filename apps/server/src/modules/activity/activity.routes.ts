import {
  ACTIVITY_MSG,
  activityClaimsQuery,
  activityListQuery,
  activityMoveBody,
  activitySaveBody,
  appDisabledMsg,
  ENGINE_KIND_APP,
  ENGINE_KINDS,
  type EngineKind,
  PERM,
  STORE_APP_BY_KEY,
} from '@netbar/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import {
  actorOf,
  authOf,
  disabledAppPerms,
  guardStore,
  storeAccess,
  storeScopeOf,
} from '../../tenant/index.ts';
import {
  activities,
  activityClaims,
  activityDetail,
  moveActivity,
  saveActivity,
} from './activity.service.ts';
import { storeApps, switchApp } from './store-apps.service.ts';

const TAGS = ['应用中心'];
const ACTIVITY_PERMS = [
  PERM.MEMBER_ACTIVITY,
  PERM.MEMBER_SIGN,
  PERM.LUCKY_BLIND_BOX,
  PERM.GIFT_BAG_EXCHANGE,
  PERM.ONLINE_RED_ENVELOPE,
  PERM.CASHIER_LUCK_DRAW,
  PERM.MARKETING_ACTIVITY,
  PERM.LIVE_DRAW,
];

const switchBody = z.object({
  key: z
    .string({ error: '应用不存在' })
    .trim()
    .min(1, { error: '应用不存在' })
    .max(40, { error: '应用不存在' }),
  enabled: z.preprocess(
    (v) =>
      v === '1' || v === 'true' || v === true ? true : v === '0' || v === 'false' || v === false ? false : v,
    z.boolean({ error: '参数错误' }),
  ),
});

/**
 * 应用中心 (10501, decision 174) and the activity engine's console calls (decision 173): the list (会员活动
 * 10509 sees every kind; 会员签到 10510 and 幸运盲盒 11 their own), save, state moves and claims. A kind
 * whose app the store disabled answers 应用未开通.
 */
export async function activityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db } = app.deps;
  const ANY = storeAccess(...ACTIVITY_PERMS);

  /** The kinds the caller may use here: 10509 every kind, else those of the app ids it holds; enabled apps only. */
  async function usableKinds(req: FastifyRequest): Promise<EngineKind[]> {
    const a = authOf(req);
    const off = await disabledAppPerms(db, a.nid);
    const all = a.perms.has(PERM.MEMBER_ACTIVITY) && !off.has(PERM.MEMBER_ACTIVITY);
    return ENGINE_KINDS.filter((k) => {
      const p = STORE_APP_BY_KEY.get(ENGINE_KIND_APP[k])!.perm;
      return !off.has(p) && (all || a.perms.has(p));
    });
  }
  async function requireKind(req: FastifyRequest, kind: EngineKind) {
    if ((await usableKinds(req)).includes(kind)) return;
    const def = STORE_APP_BY_KEY.get(ENGINE_KIND_APP[kind])!;
    if ((await disabledAppPerms(db, authOf(req).nid)).has(def.perm))
      throw new ForbiddenError(appDisabledMsg(def.title));
    throw new ForbiddenError();
  }

  r.get(
    '/store_apps',
    {
      schema: { summary: '应用中心：全部应用（开通状态、版本价格）', tags: TAGS },
      config: storeAccess(PERM.APP_INDEX),
    },
    async (req) => ok(await storeApps(db, storeScopeOf(req))),
  );

  r.post(
    '/store_app_switch',
    {
      schema: { summary: '开通或停用应用（停用时暂停其活动）', tags: TAGS, body: switchBody },
      config: storeAccess(PERM.APP_INDEX),
    },
    async (req) => {
      const row = await switchApp(db, storeScopeOf(req), actorOf(req).id, req.body.key, req.body.enabled);
      return ok(row, req.body.enabled ? '已开通' : '已停用');
    },
  );

  r.get(
    '/activity_list',
    {
      schema: { summary: '活动列表（状态、参与、预算）', tags: TAGS, querystring: activityListQuery },
      config: ANY,
    },
    async (req) => {
      const kinds = await usableKinds(req);
      if (req.query.kind && !kinds.includes(req.query.kind)) await requireKind(req, req.query.kind);
      return ok(await activities(db, storeScopeOf(req), req.query, kinds));
    },
  );

  r.get(
    '/activity_detail',
    {
      schema: {
        summary: '活动详情',
        tags: TAGS,
        querystring: z.object({ id: activityClaimsQuery.shape.id }),
      },
      config: ANY,
    },
    async (req) => {
      const a = await activityDetail(db, storeScopeOf(req), req.query.id);
      if (!(await usableKinds(req)).includes(a.kind)) throw new NotFoundError(ACTIVITY_MSG.notFound);
      return ok(a);
    },
  );

  r.post(
    '/activity_save',
    { schema: { summary: '保存活动（草稿）', tags: TAGS, body: activitySaveBody }, config: ANY },
    async (req) => {
      await requireKind(req, req.body.kind);
      return ok(await saveActivity(db, storeScopeOf(req), actorOf(req).id, req.body), '保存成功');
    },
  );

  r.post(
    '/activity_move',
    { schema: { summary: '发布、暂停、恢复或结束活动', tags: TAGS, body: activityMoveBody }, config: ANY },
    async (req) => {
      const s = storeScopeOf(req);
      const a = await activityDetail(db, s, req.body.id);
      await requireKind(req, a.kind);
      return ok(await moveActivity(db, s, req.body), '操作成功');
    },
  );

  r.get(
    '/activity_claims',
    {
      schema: { summary: '活动参与记录（奖品、抽取结果）', tags: TAGS, querystring: activityClaimsQuery },
      config: ANY,
    },
    async (req) => {
      const s = storeScopeOf(req);
      const a = await activityDetail(db, s, req.query.id);
      if (!(await usableKinds(req)).includes(a.kind)) throw new NotFoundError(ACTIVITY_MSG.notFound);
      return ok(await activityClaims(db, s, req.query));
    },
  );
}
