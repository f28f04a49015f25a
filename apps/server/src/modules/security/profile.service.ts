import {
  ACCOUNT_MSG,
  type AgentUserEditBody,
  MSG,
  type NetbarUserEditBody,
  type ProfileView,
} from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { BadInputError, NotFoundError } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { SessionStore } from '../../lib/session-store.ts';
import { findUserById } from '../../tenant/index.ts';
import type { AuthContext } from '../../types.ts';
import { regionProblem } from '../area/index.ts';
import {
  agentOf,
  netbarOf,
  type ProfileChange,
  updateOwnAgent,
  updateOwnNetbar,
  updateOwnUser,
} from './profile.repo.ts';

type Common = Omit<AgentUserEditBody, 'agent_name'>;

/**
 * One's own details (/user/info, /user/modifyInfo): the caller's row, never another's. A new password
 * needs the current one, and ends the account's other sessions (like security_update_password).
 */
export function createProfileService(db: Db, sessions: SessionStore) {
  async function me(a: AuthContext, id?: number) {
    // Another user's id answers exactly like a missing one.
    if (id && id !== a.userId) throw new NotFoundError('用户不存在');
    const u = await findUserById(db, a.userId);
    if (!u) throw new NotFoundError('用户不存在');
    return u;
  }

  async function change(u: { passwordHash: string }, b: Common): Promise<ProfileChange> {
    if (b.password) {
      if (!b.old_password) throw new BadInputError(ACCOUNT_MSG.oldPassword);
      if (!(await verifyPassword(u.passwordHash, b.old_password)))
        throw new BadInputError(ACCOUNT_MSG.oldPasswordWrong);
    }
    const region = regionProblem(b.province, b.city, b.district);
    if (region) throw new BadInputError(MSG[region]);
    return {
      trueName: b.true_name,
      email: b.email,
      qq: b.qq ?? '',
      province: b.province,
      city: b.city,
      district: b.district,
      address: b.address,
      postcode: b.postcode,
      ...(b.password ? { passwordHash: await hashPassword(b.password) } : {}),
    };
  }
  /** After a password change, every other session of the account ends; the current one stays. */
  const endOthers = async (a: AuthContext, b: Common) =>
    b.password ? sessions.destroyUser(a.userId, a.sessionIdHash) : 0;
  const regionOf = (b: Common) => ({
    province: b.province,
    city: b.city,
    district: b.district,
    address: b.address,
  });

  return {
    async view(a: AuthContext, id?: number): Promise<ProfileView> {
      const u = await me(a, id);
      const base: ProfileView = {
        id: u.id,
        user_name: u.userName,
        type: u.type,
        true_name: u.trueName,
        mobile: u.mobile,
        email: u.email,
        qq: u.qq,
        province: u.province,
        city: u.city,
        district: u.district,
        address: u.address,
        postcode: u.postcode,
        created_at: Math.floor(u.createdAt.getTime() / 1000),
      };
      if (u.type === 1 && u.agentId) base.agent_name = (await agentOf(db, u.agentId))?.name ?? '';
      if (u.type === 3 && u.netbarId) {
        const n = await netbarOf(db, u.netbarId);
        Object.assign(base, {
          netbar_name: n?.name ?? '',
          machine_count: n?.machineCount ?? 0,
          contact: n?.contact ?? '',
        });
      }
      return base;
    },
    async editAgent(a: AuthContext, b: AgentUserEditBody) {
      const u = await me(a, b.id || undefined);
      const c = await change(u, b);
      await updateOwnUser(db, u.id, c, async (tx) => {
        if (u.agentId) await updateOwnAgent(tx, u.agentId, u.id, { name: b.agent_name, region: regionOf(b) });
      });
      return { password_changed: !!b.password, ended: await endOthers(a, b) };
    },
    async editNetbar(a: AuthContext, b: NetbarUserEditBody) {
      const u = await me(a, b.id || undefined);
      const c = await change(u, b);
      await updateOwnUser(db, u.id, c, async (tx) => {
        if (u.netbarId)
          await updateOwnNetbar(tx, u.netbarId, u.id, {
            machineCount: b.machine_count,
            contact: b.contact,
            region: regionOf(b),
          });
      });
      return { password_changed: !!b.password, ended: await endOthers(a, b) };
    },
  };
}
