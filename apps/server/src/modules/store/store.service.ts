import { MSG, type StoreSwitchBody, storeChangeType } from '@netbar/contract';
import { newSecret, sha256 } from '../../lib/crypto.ts';
import { BadInputError, NotFoundError } from '../../lib/errors.ts';
import { type CallContext, findNetbar } from '../../tenant/index.ts';
import type { AuthContext, Deps } from '../../types.ts';
import { buildUserRecord } from '../account/index.ts';
import { listStores, staffStoreScope, storeScope } from './store.repo.ts';

export function createStoreService(deps: Pick<Deps, 'db' | 'sessions'>) {
  const { db, sessions } = deps;

  /**
   * Netbar staff work in their home store and the stores their owner granted them (decision 145); a
   * netbar in its own, its sub-stores, or its whole chain as brand administrator.
   */
  async function scopeFor(a: AuthContext) {
    const login = a.loginNid ? await findNetbar(db, a.loginNid) : undefined;
    if (!login) return undefined;
    if (a.type === 5) return staffStoreScope(login.id, a.userId);
    const brandChain = login.brandAdminUserId === a.userId && login.chainId ? login.chainId : null;
    return storeScope(login.id, brandChain);
  }

  return {
    async list(a: AuthContext, q: { page: number; page_size: number; keyword?: string }) {
      const scope = await scopeFor(a);
      return scope ? listStores(db, scope, q) : { list: [], count: 0 };
    },

    async switch(call: CallContext, a: AuthContext, body: StoreSwitchBody) {
      const scope = await scopeFor(a);
      const found = scope ? await listStores(db, scope, { page: 1, page_size: 1000 }) : { list: [] };
      const target = found.list.find((s) => s.nid === body.nid);
      if (!target) {
        await call.audit({
          action: '门店切换',
          result: 'failure',
          target: String(body.nid),
          detail: '门店不存在',
        });
        throw new NotFoundError('门店不存在');
      }
      if (target.pid !== body.pid || target.cid !== body.cid || target.chain_type !== body.chain_type) {
        throw new BadInputError('门店信息已变化，请刷新后重试');
      }
      if (storeChangeType(body.pid, body.nid) !== body.change_type) throw new BadInputError(MSG.badParam);
      const ctx = { nid: target.nid, loginNid: a.loginNid, changeType: body.change_type };
      await sessions.setCtx(a.sessionIdHash, ctx);
      // A new token for the new store context; the old one stops working.
      const token = newSecret();
      await sessions.rotateToken(a.sessionIdHash, sha256(token));
      await call.audit({
        action: '门店切换',
        result: 'success',
        target: `${target.netbar_name}(${target.nid})`,
      });
      const next = { ...a, nid: ctx.nid, changeType: ctx.changeType };
      call.setAuth(next);
      return buildUserRecord(db, next, token);
    },
  };
}
