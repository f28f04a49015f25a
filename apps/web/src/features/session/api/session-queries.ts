import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type ComputerParams,
  fetchAreas,
  fetchComputerStats,
  fetchDetail,
  fetchLevels,
  fetchPlans,
} from './session-api';
import { sessionKeys } from './session-keys';

/** Session queries; the open list refreshes every 30 s (elapsed time and balances move). */

export const OPEN_REFRESH_MS = 30_000;
export const usePlans = () => useQuery({ queryKey: sessionKeys.plans(), queryFn: fetchPlans });
export const useAreaChoices = () => useQuery({ queryKey: sessionKeys.areas(), queryFn: fetchAreas });
export const useLevelChoices = () => useQuery({ queryKey: sessionKeys.levels(), queryFn: fetchLevels });
export const useSessionDetail = (id: number | null) =>
  useQuery({ queryKey: sessionKeys.detail(id ?? 0), queryFn: () => fetchDetail(id!), enabled: !!id });

/** 上机统计: the dashboard of the period; the previous answer stays on screen while the next loads. */
export const useComputerStats = (p: ComputerParams) =>
  useQuery({
    queryKey: sessionKeys.computer(p),
    queryFn: () => fetchComputerStats(p),
    placeholderData: keepPreviousData,
  });
