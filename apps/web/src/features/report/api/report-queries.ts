import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type OperateParams, reportApi } from './report-api';
import { reportKeys } from './report-keys';

/** The operating-report queries: queryOptions own the key (decision 090). */

export const operateQuery = (p: OperateParams) =>
  queryOptions({ queryKey: reportKeys.operate(p), queryFn: () => reportApi.operate(p) });
/** 经营统计: the last answer stays on screen while another period loads. */
export const useOperateStatistic = (p: OperateParams) =>
  useQuery({ ...operateQuery(p), placeholderData: keepPreviousData });
