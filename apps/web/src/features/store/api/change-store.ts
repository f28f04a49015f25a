import { storeChangeType } from '@netbar/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { SessionUser } from '../../../lib/user';
import type { StoreRow } from './store-list';

export interface ChangeStoreInput {
  cid: number;
  pid: number;
  nid: number;
  change_type: 1 | 2;
  chain_type: number;
}

/** The switch payload of spec section 7: change_type is 2 when pid equals nid, otherwise 1. */
export function changeStorePayload(row: StoreRow): ChangeStoreInput {
  return {
    cid: row.cid,
    pid: row.pid,
    nid: row.nid,
    change_type: storeChangeType(row.pid, row.nid),
    chain_type: row.chain_type,
  };
}

/** POST change_store: answers the user as seen from the chosen store. */
export async function changeStore(row: StoreRow): Promise<SessionUser> {
  const res = await http.post<SessionUser>('change_store', { ...changeStorePayload(row) });
  return res.data;
}

export function useChangeStore() {
  return useMutation({ mutationFn: changeStore });
}
