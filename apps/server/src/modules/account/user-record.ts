import { defaultButtons, type UserRecord } from '@netbar/contract';
import type { Conn } from '../../db/client.ts';
import {
  disabledAppPerms,
  findNetbar,
  findUserById,
  type NetbarRow,
  type UserRow,
} from '../../tenant/index.ts';
import type { AuthContext } from '../../types.ts';

/** The logged-in user record of spec section 3, exactly these fields (the contract's userRecordSchema). */
export type { UserRecord };

/** `loaded`: the user and current store row the caller already read (login), so they are not read again. */
export async function buildUserRecord(
  db: Conn,
  auth: AuthContext,
  token: string,
  loaded?: { user: UserRow; netbar: NetbarRow | undefined },
): Promise<UserRecord> {
  const [user, netbar] = loaded
    ? [loaded.user, loaded.netbar]
    : await Promise.all([findUserById(db, auth.userId), auth.nid ? findNetbar(db, auth.nid) : undefined]);
  // the store's disabled apps leave the menu (decision 174)
  const off = auth.nid ? await disabledAppPerms(db, auth.nid) : new Set<number>();
  return {
    id: auth.userId,
    user_name: auth.userName,
    true_name: auth.trueName,
    type: auth.type,
    address: user?.address ?? '',
    nid: auth.nid,
    login_id: auth.loginNid,
    cid: netbar?.agentId ?? auth.agentId ?? 0,
    chain_id: netbar?.chainId ?? 0,
    chain_name: netbar?.chainName ?? '',
    chain_type: netbar?.chainType ?? 0,
    change_type: auth.changeType,
    token,
    auth: {
      path: [...auth.perms]
        .filter((id) => !off.has(id))
        .sort((a, b) => a - b)
        .map((id) => ({ id })),
      btn: defaultButtons(auth.type),
    },
  };
}
