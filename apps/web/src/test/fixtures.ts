import { DEFAULT_GRANTS, type UserTypeValue } from '@netbar/contract';
import type { SessionUser } from '../lib/user';

export function makeUser(type: UserTypeValue, extra: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 7,
    user_name: `user_${type}`,
    true_name: '测试用户',
    type,
    address: '',
    nid: 0,
    login_id: 7,
    cid: 0,
    chain_id: 0,
    chain_name: '',
    chain_type: 0,
    change_type: 0,
    token: 'token-7',
    auth: { path: DEFAULT_GRANTS[type].map((id) => ({ id })), btn: [] },
    ...extra,
  };
}
