import { type ImportSchedule, LEGACY_MSG } from '@netbar/contract';
import { BadInputError, ConflictError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { countReason, type ImportDeps, jobOf, SAME_MEMBER } from '../file-import/index.ts';
import { SourceError } from './connector.ts';
import { runCollections } from './legacy-collections.ts';
import { runGoods } from './legacy-goods.ts';
import {
  beat,
  failStale,
  finishJob,
  insertJob,
  jobById,
  type LegacyKind,
  lastJob,
  scheduleOf,
  setCounters,
} from './legacy-import.repo.ts';
import { type LoginDeps, loginOf } from './legacy-login.service.ts';
import { runMembers, tally } from './legacy-members.ts';

/**
 * 从旧系统导入 (decision 194): an import of one source store's members, goods or online collection into
 * the caller's store, run in the background of this process and polled through schedule. One running
 * import per store (legacy_import_jobs_running) → 40009.
 */

export interface LegacyDeps extends LoginDeps {
  files: ImportDeps;
}

/** The runner beats every BEAT_MS; a job with no beat for STALE_SECONDS lost its process. */
const BEAT_MS = 20_000;
const STALE_SECONDS = 90;
const running = new Map<number, Promise<void>>();
/** Tests: waits until this process runs no import. */
export const legacyIdle = async () => {
  while (running.size) await Promise.all([...running.values()]);
};

export async function startImport(
  deps: LegacyDeps,
  s: TenantScope,
  user: { id: number; name: string },
  v: { product?: number; kind: LegacyKind; source: number },
): Promise<{ job_id: number }> {
  const login = await loginOf(deps, s.userId, v.product);
  if (!login.stores.some((x) => x.id === v.source)) throw new BadInputError(LEGACY_MSG.notOfAccount);
  await failStale(deps.files.db, s, [...running.keys()], STALE_SECONDS);
  let id: number;
  try {
    id = await insertJob(deps.files.db, s, { product: login.product, source: v.source, kind: v.kind, user });
  } catch (e) {
    if (isUniqueViolation(e)) throw new ConflictError(LEGACY_MSG.busy);
    throw e;
  }
  const job = (await jobById(deps.files.db, id))!;
  const work = async () => {
    if (v.kind === 'member') await runMembers(deps.files, deps.connector, s, user, job, login.token);
    else if (v.kind === 'goods') await runGoods(deps.files.db, deps.connector, s, user, job, login.token);
    else await runCollections(deps.files.db, deps.connector, s, job, login.token);
  };
  const beating = setInterval(() => void beat(deps.files.db, id).catch(() => undefined), BEAT_MS);
  beating.unref();
  const p = (async () => {
    try {
      await work();
      await finishJob(deps.files.db, id, 'done');
    } catch (e) {
      const msg =
        e instanceof SourceError || e instanceof BadInputError || e instanceof ConflictError
          ? e.message
          : `导入中断：${String((e as Error).message).slice(0, 200)}`;
      await finishJob(deps.files.db, id, 'failed', msg).catch(() => undefined);
    } finally {
      clearInterval(beating);
      running.delete(id);
    }
  })();
  running.set(id, p);
  return { job_id: id };
}

/**
 * The store's running or last import. A member import whose runner is not in this process (the
 * process died; file-import resumes the commit itself) takes its figures and its end from the file job.
 */
export async function schedule(deps: LegacyDeps, s: TenantScope): Promise<ImportSchedule> {
  const db = deps.files.db;
  await failStale(db, s, [...running.keys()], STALE_SECONDS);
  const job = await lastJob(db, s);
  if (job?.status !== 'running') return scheduleOf(job, '');
  if (job.kind !== 'member') return scheduleOf(job, '导入中');
  if (!job.file_job_id) return scheduleOf(job, '下载中');
  const f = await jobOf(db, s, job.file_job_id);
  const phase = CHECKING.includes(f.status) ? '校验中' : '导入中';
  if (running.has(job.id)) return scheduleOf(job, phase);
  await setCounters(db, job.id, tally(f.done, await countReason(db, job.file_job_id, SAME_MEMBER)));
  if (f.status === 'done') await finishJob(db, job.id, 'done');
  if (f.status === 'interrupted' || f.status === 'failed')
    await finishJob(db, job.id, 'failed', f.error || '会员导入中断');
  return scheduleOf(await jobById(db, job.id), phase);
}

/** File-job states before the commit: the members are being checked (the dry run). */
const CHECKING: string[] = ['uploaded', 'checking', 'checked'];
