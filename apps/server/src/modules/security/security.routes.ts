import {
  ACCOUNT_MSG,
  codeBody,
  PERM,
  securityCodePasswordBody,
  securityUpdateEmailBody,
  securityUpdateMobileBody,
  securityUpdatePasswordBody,
  sendSecurityEmailBody,
  sendSecuritySmsBody,
  smsCodeVerifyBody,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { authOf, callOf } from '../../tenant/index.ts';
import { CAPTCHA_COOKIE } from '../account/index.ts';
import { createSecurityService } from './security.service.ts';

const TAGS = ['账号安全'];

/** The security centre of /user/safe (spec section 7 'Security'). Needs the 账号安全 permission (1902). */
export async function securityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = createSecurityService(app.deps);
  const auth = { perms: [PERM.USER_SAFE] };
  const sendCfg = { auth, rateLimit: { max: 20, timeWindow: '1 minute' } };

  r.get(
    '/get_security_info',
    {
      schema: {
        summary: '账号安全信息（脱敏的手机号与邮箱、安全等级）',
        tags: TAGS,
        querystring: z.object({}),
      },
      config: { auth },
    },
    async (req) => ok(await svc.info(authOf(req))),
  );
  r.post(
    '/send_security_sms',
    {
      schema: {
        summary: '发送安全验证短信（captcha、op_from，绑定新手机号时带 mobile）',
        tags: TAGS,
        body: sendSecuritySmsBody,
      },
      config: sendCfg,
    },
    async (req) => {
      const b = req.body;
      return ok(
        await svc.send(
          callOf(req),
          authOf(req),
          'sms',
          b.op_from,
          b.captcha,
          req.cookies[CAPTCHA_COOKIE],
          b.mobile,
        ),
        ACCOUNT_MSG.codeSent,
      );
    },
  );
  r.post(
    '/send_security_email',
    {
      schema: {
        summary: '发送安全验证邮件（captcha、op_from，绑定新邮箱时带 email）',
        tags: TAGS,
        body: sendSecurityEmailBody,
      },
      config: sendCfg,
    },
    async (req) => {
      const b = req.body;
      return ok(
        await svc.send(
          callOf(req),
          authOf(req),
          'email',
          b.op_from,
          b.captcha,
          req.cookies[CAPTCHA_COOKIE],
          b.email,
        ),
        ACCOUNT_MSG.codeSent,
      );
    },
  );
  r.post(
    '/sms_code_verify',
    { schema: { summary: '校验安全短信验证码', tags: TAGS, body: smsCodeVerifyBody }, config: { auth } },
    async (req) => ok(await svc.verifyStep(authOf(req), req.body.op_from, 'sms', req.body.code)),
  );
  r.post(
    '/security_code_mobile',
    { schema: { summary: '验证原手机号', tags: TAGS, body: codeBody }, config: { auth } },
    async (req) => ok(await svc.verifyStep(authOf(req), 'mobile_old', 'sms', req.body.code)),
  );
  r.post(
    '/security_code_email',
    { schema: { summary: '验证原邮箱', tags: TAGS, body: codeBody }, config: { auth } },
    async (req) => ok(await svc.verifyStep(authOf(req), 'email_old', 'email', req.body.code)),
  );
  r.post(
    '/security_code_password',
    {
      schema: {
        summary: '修改密码：校验短信或邮件验证码（代替原密码）',
        tags: TAGS,
        body: securityCodePasswordBody,
      },
      config: { auth },
    },
    async (req) =>
      ok(
        await svc.verifyStep(
          authOf(req),
          'password',
          req.body.way === 'mobile' ? 'sms' : 'email',
          req.body.code,
        ),
      ),
  );
  r.post(
    '/security_update_password',
    {
      schema: {
        summary: '修改密码（原密码或已校验的验证码；结束其他会话）',
        tags: TAGS,
        body: securityUpdatePasswordBody,
      },
      config: { auth },
    },
    async (req) => ok(await svc.updatePassword(authOf(req), req.body), ACCOUNT_MSG.passwordChanged),
  );
  r.post(
    '/security_update_mobile',
    {
      schema: { summary: '更换绑定手机号（先验证原手机号）', tags: TAGS, body: securityUpdateMobileBody },
      config: { auth },
    },
    async (req) =>
      ok(await svc.updateContact(authOf(req), 'sms', req.body.mobile, req.body.code), '手机号更换成功'),
  );
  r.post(
    '/security_update_email',
    {
      schema: { summary: '更换绑定邮箱（先验证原邮箱）', tags: TAGS, body: securityUpdateEmailBody },
      config: { auth },
    },
    async (req) =>
      ok(await svc.updateContact(authOf(req), 'email', req.body.email, req.body.code), '邮箱更换成功'),
  );
}
