import { loginBody, MSG } from '@netbar/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { SESSION_COOKIE } from '../../plugins/auth.ts';
import { authOf, callOf, opCallerOf } from '../../tenant/index.ts';
import { CAPTCHA_COOKIE, createCaptchaService } from './captcha.service.ts';
import { createLoginService } from './login.service.ts';
import { buildUserRecord } from './user-record.ts';

const TAGS = ['账号与会话'];

/** Login and session: spec section 7 'Login and session'. */
export async function accountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config, db, sessions, oplog, kv } = app.deps;
  const captcha = createCaptchaService(kv, config);
  const logins = createLoginService(app.deps, captcha);
  const publicHttps = config.PUBLIC_URL?.startsWith('https://') ?? false;
  // Secure whenever the caller came over https: directly, or through a proxy TRUST_PROXY trusts.
  const cookieOpts = (req: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: publicHttps || req.protocol === 'https',
  });

  r.get(
    '/get_captcha_img',
    {
      schema: { summary: '获取图形验证码（SVG 图片，答案保存在服务端）', tags: TAGS },
      config: {
        auth: { public: true },
        rateLimit: { max: config.LOGIN_RATE_PER_MINUTE * 2, timeWindow: '1 minute' },
      },
    },
    async (req, reply) => {
      const c = await captcha.issue();
      reply.setCookie(CAPTCHA_COOKIE, c.id, { ...cookieOpts(req), maxAge: config.CAPTCHA_TTL_SECONDS });
      reply.header('cache-control', 'no-store').type('image/svg+xml');
      return c.svg;
    },
  );

  r.post(
    '/login',
    {
      schema: { summary: '登录（user_name, password, captcha, type）', tags: TAGS, body: loginBody },
      config: {
        auth: { public: true },
        oplog: false,
        rateLimit: { max: config.LOGIN_RATE_PER_MINUTE, timeWindow: '1 minute' },
      },
    },
    async (req, reply) => {
      const { sid, user } = await logins.login(
        callOf(req),
        req.body,
        req.cookies[CAPTCHA_COOKIE],
        req.cookies[SESSION_COOKIE],
      );
      reply.clearCookie(CAPTCHA_COOKIE, { path: '/' });
      reply.setCookie(SESSION_COOKIE, sid, {
        ...cookieOpts(req),
        maxAge: config.SESSION_ABSOLUTE_HOURS * 3600,
      });
      return ok(user, '登录成功');
    },
  );

  r.get(
    '/logout',
    { schema: { summary: '退出登录（结束会话）', tags: TAGS }, config: { oplog: false } },
    async (req, reply) => {
      const a = authOf(req);
      await sessions.destroy(a.sessionIdHash);
      await oplog.write(opCallerOf(req), { action: '退出登录', result: 'success', target: a.userName });
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return ok(null, MSG.logoutDone);
    },
  );

  r.get('/user_info', { schema: { summary: '当前登录用户信息', tags: TAGS } }, async (req) =>
    ok(await buildUserRecord(db, authOf(req), '')),
  );

  r.get(
    '/site_config',
    {
      schema: {
        summary: '站点配置：系统名称、二维码与客服地址（无需登录）',
        tags: TAGS,
        querystring: z.object({}),
      },
      config: { auth: { public: true } },
    },
    async () =>
      ok({
        system_name: config.SYSTEM_NAME,
        official_qr_url: config.OFFICIAL_QR_URL ?? 'https://example.com/official-account',
        staff_qr_url: config.STAFF_QR_URL ?? 'https://example.com/staff-mini-program',
        service_chat_url: config.SERVICE_CHAT_URL ?? 'https://example.com/customer-service',
        images_base: config.IMAGES_BASE,
      }),
  );
}
