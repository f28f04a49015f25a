import { type LoginBody, MSG, NETBAR_STAFF_MSG } from '@netbar/contract';
import { newSecret, sha256 } from '../../lib/crypto.ts';
import { BadInputError, ForbiddenError } from '../../lib/errors.ts';
import { dummyHash, verifyPassword } from '../../lib/password.ts';
import {
  authOfPrincipal,
  type CallContext,
  findNetbar,
  findUserByName,
  homeStoreOf,
  loadPrincipal,
  loginStoreContext,
} from '../../tenant/index.ts';
import type { Deps } from '../../types.ts';
import type { CaptchaService } from './captcha.service.ts';
import { createLoginThrottle } from './login-throttle.ts';
import { buildUserRecord, type UserRecord } from './user-record.ts';

export function createLoginService(
  deps: Pick<Deps, 'db' | 'sessions' | 'kv' | 'config'>,
  captcha: CaptchaService,
) {
  const { db, sessions, kv, config } = deps;
  const throttle = createLoginThrottle(kv, config);

  return {
    async login(
      call: CallContext,
      body: LoginBody,
      captchaId: string | undefined,
      previousSid: string | undefined,
    ): Promise<{ sid: string; user: UserRecord }> {
      const actor = { userName: body.user_name, userType: body.type };
      await throttle.assertOpen(body.user_name, call.ip);
      if (!(await captcha.check(captchaId, body.captcha))) {
        await call.audit({ action: '登录', result: 'failure', detail: '验证码错误', actor });
        throw new BadInputError(MSG.captchaWrong);
      }
      const user = await findUserByName(db, body.user_name);
      const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyHash()), body.password);
      if (!user || !passwordOk || user.type !== body.type) {
        await call.audit({
          action: '登录',
          result: 'failure',
          detail: !user ? '账号不存在' : '账号或密码错误',
          actor: { ...actor, userId: user?.id ?? null },
        });
        await throttle.fail(body.user_name, call.ip);
        throw new BadInputError(user ? MSG.loginFailed : MSG.passportNotRegistered);
      }
      // The principal (user, employer, agent status, grants) and the home store are read once here.
      const principal = await loadPrincipal(db, user.id);
      const agentDisabled = (user.type === 1 || user.type === 2) && principal?.agentStatus !== 1;
      if (!principal || user.status !== 1 || agentDisabled) {
        await call.audit({
          action: '登录',
          result: 'failure',
          detail: '账号已停用',
          actor: { ...actor, userId: user.id },
        });
        throw new ForbiddenError('账号已被停用，请联系管理员');
      }
      await throttle.succeed(body.user_name);
      // A password reset by the owner (netbar staff, decision 145) is replaced before any session opens.
      if (user.mustChangePassword) {
        await call.audit({
          action: '登录',
          result: 'failure',
          detail: '须先修改密码',
          actor: { ...actor, userId: user.id },
        });
        throw new BadInputError(NETBAR_STAFF_MSG.mustChange, { must_change_password: 1 });
      }
      // Rotate: the session the browser came with (if any) ends, a new id and token are issued.
      if (previousSid) await sessions.destroy(sha256(previousSid));
      const sid = newSecret();
      const token = newSecret();
      const nid = homeStoreOf(principal);
      const netbar = nid ? await findNetbar(db, nid) : undefined;
      const ctx = loginStoreContext(nid, netbar);
      await sessions.create(
        { idHash: sha256(sid), tokenHash: sha256(token), userId: user.id, ctx },
        { ip: call.ip, ua: call.userAgent },
      );
      const auth = authOfPrincipal(principal, { idHash: sha256(sid), ctx });
      if (!auth) {
        await sessions.destroy(sha256(sid));
        throw new ForbiddenError('账号已被停用，请联系管理员');
      }
      call.setAuth(auth);
      await call.audit({ action: '登录', result: 'success', target: user.userName });
      return { sid, user: await buildUserRecord(db, auth, token, { user: principal.user, netbar }) };
    },
  };
}
