import { PERM, UserType } from '@netbar/contract';
import { useAppState } from '../../../lib/app-state';
import { authPathIds } from '../../../lib/user';

/**
 * What the signed-in user may do with tips, to hide the buttons the server would refuse (the server
 * decides): 打赏 at the counter with 264, 2640 or 274; 打赏发放 with 2741; the owner all of it. A staff
 * member with 274 sees only their own tips.
 */
export function useTipGrants() {
  const user = useAppState((s) => s.user);
  const ids = new Set(authPathIds(user));
  const owner = user?.type === UserType.Netbar;
  const has = (...perms: number[]) => owner || perms.some((p) => ids.has(p));
  return {
    owner,
    counter: has(PERM.ORDER_LIST, PERM.CASHIER, PERM.REWARD_RECORD),
    payout: has(PERM.REWARD_PAYOUT),
  };
}
