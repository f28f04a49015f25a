import { MSG, type RegisterAgentAccountBody, type RegisterNetbarAccountBody } from '@netbar/contract';
import { BadInputError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import type { CallContext } from '../../tenant/index.ts';
import type { Deps } from '../../types.ts';
import { regionProblem } from '../area/index.ts';
import { messagingOf } from '../outbox/index.ts';
import {
  insertAgentAccount,
  insertNetbarAccount,
  mobileUseCount,
  type NewAccount,
  userExists,
} from './registration.repo.ts';

export const MAX_ACCOUNTS_PER_MOBILE = 10;

type Common = Omit<RegisterAgentAccountBody, 'agent_name'>;

/** Self-registration of agents and netbars (spec section 5 rules; docs/decisions/020-registration.md). */
export function createRegistrationService(deps: Pick<Deps, 'db' | 'config' | 'kv'>) {
  const { db } = deps;
  const { codes, captcha } = messagingOf(deps);

  async function assertMobileFree(mobile: string) {
    const n = await mobileUseCount(db, mobile);
    if (n >= MAX_ACCOUNTS_PER_MOBILE) throw new BadInputError(MSG.mobileTooMany(n));
  }

  /** Every rule that needs the database, before the code is used up and before anything is written. */
  async function check(b: Common): Promise<NewAccount> {
    const region = regionProblem(b.province, b.city, b.district);
    if (region) throw new BadInputError(MSG[region]);
    if (await userExists(db, b.user_name)) throw new BadInputError(MSG.passportExists);
    await assertMobileFree(b.mobile);
    await codes.verify({ purpose: 'register', channel: 'sms', to: b.mobile }, b.sms_code);
    return {
      userName: b.user_name,
      passwordHash: await hashPassword(b.password),
      trueName: b.true_name,
      mobile: b.mobile,
      email: b.email,
      qq: b.qq ?? '',
      address: b.address,
      postcode: b.postcode,
      province: b.province,
      city: b.city,
      district: b.district,
    };
  }

  return {
    assertMobileFree,
    async sendCode(call: CallContext, mobile: string, answer: string, captchaId: string | undefined) {
      if (!(await captcha.check(captchaId, answer))) throw new BadInputError(MSG.captchaWrong);
      await assertMobileFree(mobile);
      return codes.issue({ purpose: 'register', channel: 'sms', to: mobile }, call.ip);
    },
    async registerAgent(call: CallContext, b: RegisterAgentAccountBody) {
      const acc = await check(b);
      const made = await insertAgentAccount(db, acc, b.agent_name);
      if (!made) throw new BadInputError(MSG.passportExists);
      await call.audit({
        action: '注册代理商',
        result: 'success',
        target: `user_name=${b.user_name}`,
        actor: { userId: made.userId, userName: b.user_name, userType: 1, agentId: made.agentId },
      });
      return { user_name: b.user_name, type: 1 as const };
    },
    async registerNetbar(call: CallContext, b: RegisterNetbarAccountBody) {
      const acc = await check(b);
      const made = await insertNetbarAccount(db, acc, {
        name: b.netbar_name,
        machineCount: b.machine_count,
        contact: b.contact,
      });
      if (!made) throw new BadInputError(MSG.passportExists);
      await call.audit({
        action: '注册网吧',
        result: 'success',
        target: `user_name=${b.user_name}`,
        actor: { userId: made.userId, userName: b.user_name, userType: 3, netbarId: made.netbarId },
      });
      return { user_name: b.user_name, type: 3 as const };
    },
  };
}
