import { pandaBindBody, UserType } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { authOf, scopeOf } from '../../tenant/index.ts';
import {
  bindingOf,
  bindPanda,
  loginPanda,
  type PartnerDeps,
  registerPanda,
  unbindPanda,
} from './partner.service.ts';

const TAGS = ['合作平台账号'];
/** The holders of button login_panda: the netbar owner and the administrator (permissions.ts defaultButtons). */
const access = { auth: { types: [UserType.Netbar, UserType.Admin] } };

/** 合作平台账号 (login_panda, decision 195): bind, quick register, one-time login link, unbind. */
export async function partnerRoutes(app: FastifyInstance, d: PartnerDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/panda_binding',
    { schema: { summary: '本账号绑定的合作平台账号', tags: TAGS }, config: access },
    async (req) => ok(await bindingOf(d, scopeOf(req))),
  );

  r.post(
    '/bind_panda',
    {
      schema: { summary: '绑定合作平台账号（密码为 MD5）', tags: TAGS, body: pandaBindBody },
      config: access,
    },
    async (req) => ok(await bindPanda(d, scopeOf(req), req.body)),
  );

  r.post(
    '/fast_register_panda',
    { schema: { summary: '快速注册合作平台账号并立即绑定', tags: TAGS }, config: access },
    async (req) => ok(await registerPanda(d, scopeOf(req), authOf(req).userName)),
  );

  r.post(
    '/fast_login_panda',
    { schema: { summary: '合作平台一次性登录链接', tags: TAGS }, config: access },
    async (req) => ok(await loginPanda(d, scopeOf(req))),
  );

  r.get(
    '/unBind_panda',
    { schema: { summary: '解绑合作平台账号', tags: TAGS }, config: access },
    async (req) => {
      const was = await unbindPanda(d, scopeOf(req));
      return ok({ user_name: was }, '已解绑');
    },
  );
}
