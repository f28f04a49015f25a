import {
  ACCOUNT_MSG,
  mobileCaptchaBody,
  mobileQuery,
  registerAgentAccountBody,
  registerNetbarAccountBody,
  userNameQuery,
} from '@netbar/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BizError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { callOf, opCallerOf } from '../../tenant/index.ts';
import { CAPTCHA_COOKIE } from '../account/index.ts';
import { mobileUseCount, userExists } from './registration.repo.ts';
import { createRegistrationService } from './registration.service.ts';

const TAGS = ['注册与找回密码'];

/** Runs a public call and writes a failure row when it is refused (successes write their own). */
export async function loggedFailure<T>(
  app: FastifyInstance,
  req: FastifyRequest,
  action: string,
  target: string,
  fn: () => Promise<T>,
): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    // Only a refusal's own (Chinese) message: a system error's text could carry SQL or internals.
    const detail = e instanceof BizError ? e.message : '系统错误';
    await app.deps.oplog.write(opCallerOf(req), {
      action,
      result: 'failure',
      target,
      detail,
      actor: { userName: target.replace(/^user_name=/, '') },
    });
    throw e;
  }
}

/** Registration, existence checks and the registration SMS code: spec section 7. */
export async function registrationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const svc = createRegistrationService(app.deps);
  const lookup = {
    auth: { public: true },
    rateLimit: { max: config.LOGIN_RATE_PER_MINUTE * 2, timeWindow: '1 minute' },
  } as const;

  r.get(
    '/check_user_is_exist',
    {
      schema: {
        summary: '通行证账号是否已存在（is_exist：1 存在，0 不存在；可按账号类型 type 查）',
        tags: TAGS,
        querystring: userNameQuery,
      },
      config: lookup,
    },
    async (req) =>
      ok({
        is_exist: (await userExists(
          db,
          req.query.user_name,
          req.query.type ? Number(req.query.type) : undefined,
        ))
          ? 1
          : 0,
      }),
  );
  r.get(
    '/check_netbar_person_is_exist',
    {
      schema: {
        summary: '网吧员工账号是否已存在（is_exist）',
        tags: TAGS,
        querystring: userNameQuery.pick({ user_name: true }),
      },
      config: lookup,
    },
    async (req) => ok({ is_exist: (await userExists(db, req.query.user_name, 5)) ? 1 : 0 }),
  );
  r.get(
    '/check_staff_is_exist',
    {
      schema: {
        summary: '代理商员工账号是否已存在（is_exist）',
        tags: TAGS,
        querystring: userNameQuery.pick({ user_name: true }),
      },
      config: lookup,
    },
    async (req) => ok({ is_exist: (await userExists(db, req.query.user_name, 2)) ? 1 : 0 }),
  );
  r.get(
    '/get_mobile_use_num',
    {
      schema: { summary: '手机号已注册的账号数（count）', tags: TAGS, querystring: mobileQuery },
      config: lookup,
    },
    async (req) => ok({ count: await mobileUseCount(db, req.query.mobile) }),
  );
  r.post(
    '/get_mobile_captcha',
    {
      schema: { summary: '获取注册短信验证码（需先通过图形验证码）', tags: TAGS, body: mobileCaptchaBody },
      config: { ...lookup, oplog: false },
    },
    async (req) => {
      const res = await svc.sendCode(
        callOf(req),
        req.body.mobile,
        req.body.captcha,
        req.cookies[CAPTCHA_COOKIE],
      );
      return ok(res, ACCOUNT_MSG.codeSent);
    },
  );
  r.post(
    '/register_agent',
    {
      schema: { summary: '注册代理商', tags: TAGS, body: registerAgentAccountBody },
      config: { ...lookup, oplog: false },
    },
    async (req) => {
      const u = `user_name=${req.body.user_name}`;
      return ok(
        await loggedFailure(app, req, '注册代理商', u, () => svc.registerAgent(callOf(req), req.body)),
        ACCOUNT_MSG.registerDone,
      );
    },
  );
  r.post(
    '/register_netbar',
    {
      schema: { summary: '注册网吧', tags: TAGS, body: registerNetbarAccountBody },
      config: { ...lookup, oplog: false },
    },
    async (req) => {
      const u = `user_name=${req.body.user_name}`;
      return ok(
        await loggedFailure(app, req, '注册网吧', u, () => svc.registerNetbar(callOf(req), req.body)),
        ACCOUNT_MSG.registerDone,
      );
    },
  );
}
