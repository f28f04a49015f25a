import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchOrder } from './order-list-api';
import { orderListKeys } from './order-list-keys';

/** One order with its lines, payments, refunds and timeline. */
export const orderQuery = (id: number | null) =>
  queryOptions({
    queryKey: orderListKeys.detail(id),
    queryFn: () => fetchOrder(id as number),
    enabled: !!id,
  });
export const useOrder = (id: number | null) => useQuery(orderQuery(id));
