import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchItemLedger, fetchOrder } from './lease-api';
import { leaseKeys } from './lease-keys';

/** One lease with its till movements and stock rows. */
export const leaseOrderQuery = (id: number | null) =>
  queryOptions({ queryKey: leaseKeys.order(id), queryFn: () => fetchOrder(id as number), enabled: !!id });
export const useLeaseOrder = (id: number | null) => useQuery(leaseOrderQuery(id));

/** An item's quantity ledger (入库, 报废, 租出, 归还, 丢失损坏), newest first. */
export const useItemLedger = (itemId: number | null) =>
  useQuery({
    queryKey: leaseKeys.ledger(itemId),
    queryFn: () => fetchItemLedger({ item_id: itemId, page: 1, page_size: 50 }),
    enabled: !!itemId,
  });
