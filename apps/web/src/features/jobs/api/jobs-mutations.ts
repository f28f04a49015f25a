import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import { jobsApi } from './jobs-api';
import { jobsKeys } from './jobs-keys';

/** 重试: queues a failed run again (a run no longer failed is left as it is). */
export const useRetryJob = (c?: MutationConfig<Awaited<ReturnType<typeof jobsApi.retry>>>) =>
  useInvalidatingMutation(jobsApi.retry, [jobsKeys.all], c);
