import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  fetchBalance,
  fetchDayStart,
  fetchDelayMax,
  fetchProducts,
  fetchRemarks,
  fetchStatics,
} from './netbar-api';
import { netbarKeys } from './netbar-keys';

/** The netbar queries: queryOptions own the key, hooks take `enabled` (decision 090). */

export const netbarStaticsQuery = () =>
  queryOptions({ queryKey: netbarKeys.statics(), queryFn: fetchStatics });
export const useNetbarStatics = () => useQuery(netbarStaticsQuery());

export const netbarRemarksQuery = (netbarId: number | undefined) =>
  queryOptions({ queryKey: netbarKeys.remarksOf(netbarId), queryFn: () => fetchRemarks(netbarId ?? 0) });
export const useNetbarRemarks = (netbarId: number | undefined) =>
  useQuery({ ...netbarRemarksQuery(netbarId), enabled: netbarId !== undefined });

export const productsQuery = () => queryOptions({ queryKey: netbarKeys.products(), queryFn: fetchProducts });
export const useProducts = (enabled: boolean) => useQuery({ ...productsQuery(), enabled });

export const balanceQuery = () => queryOptions({ queryKey: netbarKeys.balance(), queryFn: fetchBalance });
export const useBalance = (enabled: boolean) => useQuery({ ...balanceQuery(), enabled });

export const delayMaxQuery = () => queryOptions({ queryKey: netbarKeys.delayMax(), queryFn: fetchDelayMax });
export const useDelayMax = () => useQuery(delayMaxQuery());

export const dayStartQuery = () => queryOptions({ queryKey: netbarKeys.dayStart(), queryFn: fetchDayStart });
export const useDayStart = (enabled: boolean) => useQuery({ ...dayStartQuery(), enabled });
