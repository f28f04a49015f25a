import { defaultButtons, type UserTypeValue } from '@netbar/contract';
import type { Conn } from '../../db/client.ts';
import { findNetbar, findUserById } from '../../tenant/index.ts';
import type { AuthContext } from '../../types.ts';

/** The logged-in user record of spec section 3, exactly these fields. */
export interface UserRecord {
  id: number;
  user_name: string;
  true_name: string;
  type: UserTypeValue;
  address: string;
  nid: number;
  login_id: number;
  cid: number;
  chain_id: number;
  chain_name: string;
  chain_type: number;
  change_type: number;
  token: string;
  auth: { path: { id: number }[]; btn: { name: string; available: boolean }[] };
}

export async function buildUserRecord(db: Conn, auth: AuthContext, token: string): Promise<UserRecord> {
  const [user, netbar] = await Promise.all([
    findUserById(db, auth.userId),
    auth.nid ? findNetbar(db, auth.nid) : undefined,
  ]);
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
      path: [...auth.perms].sort((a, b) => a - b).map((id) => ({ id })),
      btn: defaultButtons(auth.type),
    },
  };
}
