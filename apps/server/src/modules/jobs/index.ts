import type { Domain } from '../domain.ts';
import { jobsRoutes } from './jobs.routes.ts';

/** 任务队列: the recurring jobs' state and the retry of a failed run, for the administrator (decision 197). */
export const jobsDomain: Domain = {
  name: 'jobs',
  service: 'passport',
  routes: [jobsRoutes],
};
