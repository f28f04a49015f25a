import { ACCOUNT_MSG, MSG } from '@netbar/contract';
import { newSecret, sha256 } from '../../lib/crypto.ts';
import { BadInputError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { type CallContext, findUserByName } from '../../tenant/index.ts';
import type { Deps } from '../../types.ts';
import { messagingOf } from '../outbox/index.ts';
import { setPasswordHash } from './credentials.repo.ts';

const TICKET_TTL = 600;
type Way = 'mobile' | 'email';

/**
 * Password retrieval (docs/decisions/023-password-retrieval.md): account + bound mobile or email and
 * an image captcha → a code → a 10-minute single-use ticket → the new password, which ends every session.
 */
export function createRetrievalService(deps: Pick<Deps, 'db' | 'config' | 'kv' | 'sessions'>) {
  const { db, kv, sessions } = deps;
  const { codes, captcha } = messagingOf(deps);

  async function account(userName: string) {
    const u = await findUserByName(db, userName);
    if (!u) throw new BadInputError(MSG.passportNotRegistered);
    if (u.status !== 1) throw new BadInputError('账号已被停用，请联系管理员');
    return u;
  }
  const target = (userId: number, way: Way, to: string) =>
    ({ purpose: 'retrieve', channel: way === 'mobile' ? 'sms' : 'email', to, userId }) as const;

  return {
    async send(
      call: CallContext,
      b: { user_name: string; captcha: string; mobile?: string; email?: string },
      captchaId?: string,
    ) {
      if (!(await captcha.check(captchaId, b.captcha))) throw new BadInputError(MSG.captchaWrong);
      const u = await account(b.user_name);
      if (b.mobile !== undefined) {
        if (!u.mobile) throw new BadInputError(ACCOUNT_MSG.noMobile);
        if (u.mobile !== b.mobile) throw new BadInputError(ACCOUNT_MSG.mobileNotMatch);
        return codes.issue(target(u.id, 'mobile', u.mobile), call.ip);
      }
      if (!u.email) throw new BadInputError(ACCOUNT_MSG.noEmail);
      if (u.email.toLowerCase() !== (b.email ?? '').toLowerCase())
        throw new BadInputError(ACCOUNT_MSG.emailNotMatch);
      return codes.issue(target(u.id, 'email', u.email), call.ip);
    },

    async verify(b: { user_name: string; way: Way; code: string }) {
      const u = await account(b.user_name);
      const to = b.way === 'mobile' ? u.mobile : u.email;
      if (!to) throw new BadInputError(ACCOUNT_MSG.codeWrong);
      await codes.verify(target(u.id, b.way, to), b.code);
      const ticket = newSecret();
      await kv.set(`retrieve:ticket:${sha256(ticket)}`, u.id, TICKET_TTL);
      return { ticket };
    },

    async reset(call: CallContext, b: { ticket: string; password: string }) {
      const userId = await kv.take<number>(`retrieve:ticket:${sha256(b.ticket)}`);
      if (!userId) throw new BadInputError(ACCOUNT_MSG.ticketExpired);
      const hash = await hashPassword(b.password);
      const u = await setPasswordHash(db, userId, hash);
      if (!u) throw new BadInputError(ACCOUNT_MSG.ticketExpired);
      const ended = await sessions.destroyUser(userId);
      await call.audit({
        action: '找回密码',
        result: 'success',
        target: `user_name=${u.userName}`,
        detail: `已结束${ended}个会话`,
        actor: {
          userId: u.id,
          userName: u.userName,
          userType: u.type,
          agentId: u.agentId,
          netbarId: u.netbarId,
        },
      });
      return null;
    },
  };
}
