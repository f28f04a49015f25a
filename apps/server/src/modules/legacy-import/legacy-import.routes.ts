import { legacyCollectionBody, legacyNetbarBody, PERM, pandaVerifyBody, UserType } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { actorOf, guardStore, storeScopeOf } from '../../tenant/index.ts';
import { legacyDeps } from './deps.ts';
import { startImport } from './legacy-import.service.ts';
import { sourceLogin } from './legacy-login.service.ts';

const TAGS = ['从旧系统导入'];
/** The netbar owner with a store (button netbar_import_old_data); staff, agents, the administrator: 40003. */
export const LEGACY_ACCESS = { auth: { types: [UserType.Netbar], perms: [PERM.DATA_IMPORT] } };

/** The partner product's 4.0 (9) and 5.0 (10) import calls and the online collection (spec §7, decision 194). */
export async function legacyImportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const deps = legacyDeps(app);

  for (const [path, product, label] of [
    ['/verify_old_panda_account', 9, '4.0'],
    ['/verify_panda_account', 10, '5.0'],
  ] as const)
    r.post(
      path,
      {
        schema: {
          summary: `登录合作伙伴网吧系统${label}账号（密码为MD5；code 0 成功并返回门店，1 密码错误，2 需短信验证码，3 已发送短信，4 已锁定，5 需图片验证码）`,
          tags: TAGS,
          body: pandaVerifyBody,
        },
        config: LEGACY_ACCESS,
      },
      async (req) => {
        storeScopeOf(req);
        return ok(await sourceLogin(deps, req.auth!.userId, { ...req.body, product }));
      },
    );

  for (const [path, product, kind, what] of [
    ['/netbar_import_old_user', 9, 'member', '4.0 会员'],
    ['/netbar_import_old_goods', 9, 'goods', '4.0 商品'],
    ['/import_netbar_user', 10, 'member', '5.0 会员'],
    ['/import_netbar_goods', 10, 'goods', '5.0 商品'],
  ] as const)
    r.post(
      path,
      {
        schema: {
          summary: `导入合作伙伴网吧系统${what}到当前门店（后台进行，进度见 /businessimport/schedule）`,
          tags: TAGS,
          body: legacyNetbarBody,
        },
        config: LEGACY_ACCESS,
      },
      async (req) =>
        ok(
          await startImport(deps, storeScopeOf(req), actorOf(req), {
            product,
            kind,
            source: req.body.netbar_id,
          }),
          '已开始导入',
        ),
    );

  r.post(
    '/netbar_import_fsyg_goods',
    {
      schema: {
        summary: '导入旧系统的在线收款记录（历史导入，只读，不能退款）',
        tags: TAGS,
        body: legacyCollectionBody,
      },
      config: LEGACY_ACCESS,
    },
    async (req) =>
      ok(
        await startImport(deps, storeScopeOf(req), actorOf(req), {
          product: req.body.product,
          kind: 'collection',
          source: req.body.netbar_id,
        }),
        '已开始导入',
      ),
  );
}
