import { businessLoginBody, legacyCodeQuery, legacyNetbarBody } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { actorOf, guardStore, storeScopeOf } from '../../tenant/index.ts';
import { legacyDeps } from './deps.ts';
import { LEGACY_ACCESS } from './legacy-import.routes.ts';
import { schedule, startImport } from './legacy-import.service.ts';
import { clearLogin, imageCode, loginOf, sourceLogin, sourceStores } from './legacy-login.service.ts';

const TAGS = ['从旧系统导入（/businessimport）'];

/** The external importer under /businessimport (bearer token; spec §7, decision 194): any source product. */
export async function businessImportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const deps = legacyDeps(app);

  r.get(
    '/code',
    {
      schema: { summary: '所选产品的图片验证码（svg data URL）', tags: TAGS, querystring: legacyCodeQuery },
      config: LEGACY_ACCESS,
    },
    async (req) => {
      storeScopeOf(req);
      return ok({ image: await imageCode(deps, req.query.product, req.query.user_name ?? '') });
    },
  );

  r.get(
    '/clear',
    { schema: { summary: '清除旧系统登录状态', tags: TAGS }, config: LEGACY_ACCESS },
    async (req) => {
      storeScopeOf(req);
      await clearLogin(deps, req.auth!.userId);
      return ok(null, '已清除');
    },
  );

  r.get(
    '/schedule',
    {
      schema: {
        summary: '当前门店正在进行或最近一次导入的进度（total, com, member, right, failed, end）',
        tags: TAGS,
      },
      config: LEGACY_ACCESS,
    },
    async (req) => ok(await schedule(deps, storeScopeOf(req))),
  );

  r.post(
    '/login',
    {
      schema: { summary: '登录旧系统账号（code 0-5，见导入登录结果）', tags: TAGS, body: businessLoginBody },
      config: LEGACY_ACCESS,
    },
    async (req) => {
      storeScopeOf(req);
      return ok(await sourceLogin(deps, req.auth!.userId, req.body));
    },
  );

  r.post(
    '/netbars',
    { schema: { summary: '旧系统账号下的门店', tags: TAGS }, config: LEGACY_ACCESS },
    async (req) => {
      storeScopeOf(req);
      return ok(await sourceStores(deps, req.auth!.userId));
    },
  );

  for (const [path, kind, what] of [
    ['/savecommodity', 'goods', '商品（库存以入库单入账）'],
    ['/saveMember', 'member', '会员（本金、奖励经会员流水入账）'],
  ] as const)
    r.post(
      path,
      {
        schema: { summary: `导入旧系统门店的${what}到当前门店`, tags: TAGS, body: legacyNetbarBody },
        config: LEGACY_ACCESS,
      },
      async (req) => {
        const s = storeScopeOf(req);
        const login = await loginOf(deps, req.auth!.userId);
        return ok(
          await startImport(deps, s, actorOf(req), {
            product: login.product,
            kind,
            source: req.body.netbar_id,
          }),
          '已开始导入',
        );
      },
    );
}
