import { ACCOUNT_MSG, MSG, type SecurityInfo } from '@netbar/contract';
import { BadInputError, NotFoundError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { type CallContext, findUserById } from '../../tenant/index.ts';
import type { AuthContext, Deps } from '../../types.ts';
import type { Channel } from '../outbox/index.ts';
import { messagingOf } from '../outbox/index.ts';
import { setContact, setPasswordHash } from './credentials.repo.ts';
import { mobileUseCount } from './registration.repo.ts';
import { MAX_ACCOUNTS_PER_MOBILE } from './registration.service.ts';

const STEP_TTL = 600;

export const maskMobile = (m: string) => (m.length === 11 ? `${m.slice(0, 3)}****${m.slice(7)}` : m);
export const maskEmail = (e: string) => {
  const [name = '', host = ''] = e.split('@');
  return e ? `${name.slice(0, 2)}***@${host}` : '';
};

/**
 * The security centre (docs/decisions/024-security-centre.md): codes are bound to the account and to
 * their purpose; changing a mobile or email first proves the old one (a 10-minute step), then the new one.
 */
export function createSecurityService(deps: Pick<Deps, 'db' | 'config' | 'kv' | 'sessions'>) {
  const { db, kv, sessions } = deps;
  const { codes, captcha } = messagingOf(deps);
  const stepKey = (userId: number, op: string) => `sec:step:${userId}:${op}`;

  async function me(a: AuthContext) {
    const u = await findUserById(db, a.userId);
    if (!u) throw new NotFoundError();
    return u;
  }
  const target = (userId: number, purpose: string, channel: Channel, to: string) => ({
    purpose,
    channel,
    to,
    userId,
  });

  async function verifyStep(
    a: AuthContext,
    op: 'password' | 'mobile_old' | 'email_old',
    channel: Channel,
    code: string,
  ) {
    const u = await me(a);
    const to = channel === 'sms' ? u.mobile : u.email;
    if (!to) throw new BadInputError(channel === 'sms' ? ACCOUNT_MSG.noMobile : ACCOUNT_MSG.noEmail);
    await codes.verify(target(u.id, op, channel, to), code);
    await kv.set(stepKey(u.id, op), 1, STEP_TTL);
    return { verified: true };
  }

  async function setPassword(a: AuthContext, password: string) {
    await setPasswordHash(db, a.userId, await hashPassword(password));
    const ended = await sessions.destroyUser(a.userId, a.sessionIdHash);
    return { ended };
  }

  return {
    async info(a: AuthContext): Promise<SecurityInfo> {
      const u = await me(a);
      return {
        user_name: u.userName,
        mobile: maskMobile(u.mobile),
        email: maskEmail(u.email),
        has_mobile: !!u.mobile,
        has_email: !!u.email,
        level: (1 + (u.mobile ? 1 : 0) + (u.email ? 1 : 0)) as 1 | 2 | 3,
      };
    },

    async send(
      call: CallContext,
      a: AuthContext,
      channel: Channel,
      op: string,
      answer: string,
      captchaId: string | undefined,
      to?: string,
    ) {
      if (!(await captcha.check(captchaId, answer))) throw new BadInputError(MSG.captchaWrong);
      const u = await me(a);
      let dest: string;
      if (op === 'mobile_new' || op === 'email_new') {
        dest = to ?? '';
        if (channel === 'sms' && dest === u.mobile) throw new BadInputError(ACCOUNT_MSG.sameMobile);
        if (channel === 'email' && dest.toLowerCase() === u.email.toLowerCase())
          throw new BadInputError(ACCOUNT_MSG.sameEmail);
        const old = channel === 'sms' ? u.mobile : u.email;
        if (old && !(await kv.get(stepKey(u.id, channel === 'sms' ? 'mobile_old' : 'email_old'))))
          throw new BadInputError(ACCOUNT_MSG.verifyOldFirst);
        if (channel === 'sms') {
          const n = await mobileUseCount(db, dest);
          if (n >= MAX_ACCOUNTS_PER_MOBILE) throw new BadInputError(MSG.mobileTooMany(n));
        }
      } else {
        dest = channel === 'sms' ? u.mobile : u.email;
        if (!dest) throw new BadInputError(channel === 'sms' ? ACCOUNT_MSG.noMobile : ACCOUNT_MSG.noEmail);
      }
      return codes.issue(target(u.id, op, channel, dest), call.ip);
    },

    verifyStep,

    async updatePassword(a: AuthContext, b: { old_password?: string; password: string }) {
      const u = await me(a);
      const byCode = await kv.get(stepKey(u.id, 'password'));
      if (!byCode) {
        if (!b.old_password) throw new BadInputError(ACCOUNT_MSG.oldPassword);
        if (!(await verifyPassword(u.passwordHash, b.old_password)))
          throw new BadInputError(ACCOUNT_MSG.oldPasswordWrong);
      }
      if (await verifyPassword(u.passwordHash, b.password)) throw new BadInputError(ACCOUNT_MSG.samePassword);
      const res = await setPassword(a, b.password);
      await kv.del(stepKey(u.id, 'password'));
      return res;
    },

    async updateContact(a: AuthContext, channel: Channel, value: string, code: string) {
      const u = await me(a);
      const old = channel === 'sms' ? u.mobile : u.email;
      const stepOp = channel === 'sms' ? 'mobile_old' : 'email_old';
      if (old && !(await kv.get(stepKey(u.id, stepOp)))) throw new BadInputError(ACCOUNT_MSG.verifyOldFirst);
      if (channel === 'sms') {
        const n = await mobileUseCount(db, value);
        if (n >= MAX_ACCOUNTS_PER_MOBILE) throw new BadInputError(MSG.mobileTooMany(n));
      }
      await codes.verify(target(u.id, channel === 'sms' ? 'mobile_new' : 'email_new', channel, value), code);
      await kv.del(stepKey(u.id, stepOp));
      const set = channel === 'sms' ? { mobile: value } : { email: value };
      await setContact(db, u.id, set);
      return channel === 'sms' ? { mobile: maskMobile(value) } : { email: maskEmail(value) };
    },
  };
}
