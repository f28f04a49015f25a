import {
  ACCOUNT_MSG,
  retrieveCodeVerifyBody,
  retrievePasswordBody,
  retrieveSendEmailBody,
  retrieveSendMobileBody,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { callOf } from '../../tenant/index.ts';
import { CAPTCHA_COOKIE } from '../account/index.ts';
import { loggedFailure } from './registration.routes.ts';
import { createRetrievalService } from './retrieval.service.ts';

const TAGS = ['注册与找回密码'];

/** Password retrieval: retrieve_send_mobile / retrieve_send_email → retrieve_code_verify → retrieve_password. */
export async function retrievalRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = createRetrievalService(app.deps);
  const cfg = {
    auth: { public: true },
    oplog: false,
    rateLimit: { max: app.deps.config.LOGIN_RATE_PER_MINUTE, timeWindow: '1 minute' },
  } as const;

  r.post(
    '/retrieve_send_mobile',
    {
      schema: {
        summary: '找回密码：发送短信验证码（账号、绑定手机号、图形验证码）',
        tags: TAGS,
        body: retrieveSendMobileBody,
      },
      config: cfg,
    },
    async (req) =>
      ok(await svc.send(callOf(req), req.body, req.cookies[CAPTCHA_COOKIE]), ACCOUNT_MSG.codeSent),
  );
  r.post(
    '/retrieve_send_email',
    {
      schema: {
        summary: '找回密码：发送邮件验证码（账号、绑定邮箱、图形验证码）',
        tags: TAGS,
        body: retrieveSendEmailBody,
      },
      config: cfg,
    },
    async (req) =>
      ok(await svc.send(callOf(req), req.body, req.cookies[CAPTCHA_COOKIE]), ACCOUNT_MSG.codeSent),
  );
  r.post(
    '/retrieve_code_verify',
    {
      schema: {
        summary: '找回密码：校验验证码，得到10分钟内有效的凭证',
        tags: TAGS,
        body: retrieveCodeVerifyBody,
      },
      config: cfg,
    },
    async (req) => {
      const u = `user_name=${req.body.user_name}`;
      return ok(await loggedFailure(app, req, '找回密码', u, () => svc.verify(req.body)));
    },
  );
  r.post(
    '/retrieve_password',
    {
      schema: {
        summary: '找回密码：设置新密码（结束该账号的全部会话）',
        tags: TAGS,
        body: retrievePasswordBody,
      },
      config: cfg,
    },
    async (req) => ok(await svc.reset(callOf(req), req.body), ACCOUNT_MSG.passwordChanged),
  );
}
