import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchEstimate, fetchLevels } from './sms-marketing-api';
import { smsKeys } from './sms-marketing-keys';

export const levelsQuery = () => queryOptions({ queryKey: smsKeys.levels(), queryFn: fetchLevels });
export const useLevels = () => useQuery(levelsQuery());
/** The live count and cost of an audience (as the filters change). */
export const useEstimate = (p: Record<string, unknown>) =>
  useQuery({
    queryKey: smsKeys.estimate(p),
    queryFn: () => fetchEstimate(p),
    placeholderData: keepPreviousData,
  });
