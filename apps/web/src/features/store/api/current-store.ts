import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '../../../lib/user';
import { storeKeys } from './store-keys';
import { fetchStoreList } from './store-list';

/**
 * The name of the store the user works in now (netbars and their staff). The user record carries only
 * the store id and the chain name, so the name comes from the store list.
 */
export function useCurrentStoreName(user: SessionUser | null): string | undefined {
  const enabled = !!user && (user.type === 3 || user.type === 5) && user.nid > 0;
  const q = useQuery({
    queryKey: storeKeys.current(user?.id, user?.nid),
    queryFn: () => fetchStoreList({ page: 1, page_size: 1000 }),
    enabled,
    staleTime: 5 * 60_000,
  });
  return q.data?.list.find((s) => s.nid === user?.nid)?.netbar_name;
}
