import { PERM, UserType } from '@netbar/contract';
import { useAppState } from '../../../lib/app-state';
import { authPathIds } from '../../../lib/user';

/**
 * What the signed-in user may do with leases, to hide the buttons the server would refuse (the server
 * decides): managing items needs 设备租赁 10519; renting out and taking back also the counter's 264, 2640
 * or 租赁柜台 2644; exporting lease orders 263 or 10519. The netbar owner may do all of it.
 */
export function useLeaseGrants() {
  const user = useAppState((s) => s.user);
  const ids = new Set(authPathIds(user));
  const has = (...perms: number[]) => user?.type === UserType.Netbar || perms.some((p) => ids.has(p));
  return {
    manage: has(PERM.EQUIPMENT_LEASING),
    counter: has(PERM.EQUIPMENT_LEASING, PERM.ORDER_LIST, PERM.CASHIER, PERM.LEASE_COUNTER),
    exportOrders: has(PERM.LEASE_ORDER_LIST, PERM.EQUIPMENT_LEASING),
  };
}
