import { queryOptions, useQuery } from '@tanstack/react-query';
import { jobsApi } from './jobs-api';
import { jobsKeys } from './jobs-keys';

/** The jobs' state, reloaded every 5 s while the page is open: runs start and end on their own. */
export const jobListQuery = () =>
  queryOptions({ queryKey: jobsKeys.list(), queryFn: jobsApi.list, refetchInterval: 5_000 });
export const useJobList = () => useQuery(jobListQuery());
