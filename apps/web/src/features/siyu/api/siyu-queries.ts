import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCodes, fetchStats } from './siyu-api';
import { siyuKeys } from './siyu-keys';

export const codesQuery = () => queryOptions({ queryKey: siyuKeys.codes(), queryFn: fetchCodes });
export const useCodes = () => useQuery(codesQuery());
export const useStats = (days: number) =>
  useQuery({ queryKey: siyuKeys.stats(days), queryFn: () => fetchStats(days) });
