import type { JobListAnswer, JobRetryBody } from '@netbar/contract';
import { http } from '../../../lib/http';

/** 任务队列 (administrators, decision 197). */
export const jobsApi = {
  list: async () => (await http.get<JobListAnswer>('job_list')).data,
  retry: async (body: JobRetryBody) =>
    (await http.post<{ name: string; run_id: string; queued: boolean }>('job_retry', body)).data,
};
