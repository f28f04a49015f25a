import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchTradeDetail, fetchTradeStores } from './pay-console-api';
import { payConsoleKeys } from './pay-console-keys';

export const tradeDetailQuery = (no: string) =>
  queryOptions({ queryKey: payConsoleKeys.detail(no), queryFn: () => fetchTradeDetail(no) });
export const useTradeDetail = (no: string | null) =>
  useQuery({ ...tradeDetailQuery(no ?? ''), enabled: !!no });
export const useTradeStores = () =>
  useQuery({ queryKey: payConsoleKeys.stores(), queryFn: fetchTradeStores, staleTime: 60_000 });
