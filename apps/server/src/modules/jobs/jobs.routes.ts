import { type JobListAnswer, jobRetryBody, PERM, UserType } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NotFoundError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';

const TAGS = ['任务队列'];
const access = { auth: { types: [UserType.Admin], perms: [PERM.JOBS_ADMIN] } };

/**
 * 任务队列 (/admin/jobs, decision 197): every recurring job with its last run, next run and counts, and
 * 重试 for a failed run. The runner (app.jobs) holds the state: BullMQ's in Redis across processes, or
 * this process's own in the embedded default.
 */
export async function jobsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/job_list',
    { schema: { summary: '后台任务列表：状态、上次与下次运行、计数', tags: TAGS }, config: access },
    async () => {
      const answer: JobListAnswer = { mode: app.jobs.mode, list: await app.jobs.list() };
      return ok(answer);
    },
  );

  r.post(
    '/job_retry',
    {
      schema: { summary: '重试一次失败的运行（已不在失败状态则不变）', tags: TAGS, body: jobRetryBody },
      config: access,
    },
    async (req) => {
      const { name, run_id } = req.body;
      if (!app.jobs.has(name)) throw new NotFoundError('任务不存在');
      const done = await app.jobs.retry(name, run_id);
      if (!done) throw new NotFoundError('运行记录不存在');
      return ok(
        { name, run_id, queued: done === 'queued' },
        done === 'queued' ? '已重新加入队列' : '该运行已不在失败状态，无需重试',
      );
    },
  );
}
