import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  FILE_IMPORT_MAX_BYTES,
  type FileImportCheckBody,
  type FileImportKind,
  fenToYuan,
  importFields,
  presetOf,
} from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { BadInputError, ConflictError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { type CardCipher, memberPool } from '../member/index.ts';
import {
  claimStale,
  insertJob,
  type JobRow,
  jobById,
  jobOf,
  moveStatus,
  setMapping,
  staleRunning,
} from './file-import.repo.ts';
import { checkPass, commitPass } from './file-import-run.ts';
import { readHeader, sniff } from './file-source.ts';

/**
 * 数据导入 from a file (decision 190): upload → mapping → dry run → commit, each pass in the background
 * of this process (the console polls the job); a commit left running by a dead process is resumed at
 * start-up and by 继续导入.
 */

export interface ImportDeps {
  db: Db;
  cipher: CardCipher;
  dir: string;
}

/** Size limit of an upload (tests lower it). */
export const importLimits = { maxBytes: FILE_IMPORT_MAX_BYTES };

/** Passes running in this process, by job id (tests await them; a second start of one job is a no-op). */
const running = new Map<number, Promise<void>>();
export const importIdle = async () => {
  while (running.size) await Promise.all([...running.values()]);
};

function background(deps: ImportDeps, id: number, work: () => Promise<unknown>, onError: string) {
  if (running.has(id)) return;
  const p = (async () => {
    try {
      await work();
    } catch (e) {
      const msg =
        e instanceof BadInputError ? e.message : `导入中断：${String((e as Error).message).slice(0, 200)}`;
      await moveStatus(deps.db, id, ['checking', 'running'], onError, msg).catch(() => undefined);
    } finally {
      running.delete(id);
    }
  })();
  running.set(id, p);
}

/** The preset's mapping for these headers: each field → the first of its names the file holds. */
export function suggestMapping(
  kind: FileImportKind,
  preset: string,
  headers: string[],
): Record<string, string> {
  const names = presetOf(preset)?.headers[kind] ?? {};
  const out: Record<string, string> = {};
  for (const f of importFields(kind)) {
    const hit =
      (names[f.key] ?? []).find((h) => headers.includes(h)) ?? (headers.includes(f.label) ? f.label : '');
    if (hit) out[f.key] = hit;
  }
  return out;
}

/** Stores the upload (streamed to disk, refused above the limit), reads its header row, opens a job. */
export async function upload(
  deps: ImportDeps,
  s: TenantScope,
  user: { id: number; name: string },
  q: { kind: FileImportKind; preset: string },
  file: { filename: string; stream: NodeJS.ReadableStream & { truncated?: boolean } },
): Promise<JobRow> {
  await mkdir(deps.dir, { recursive: true });
  const path = join(deps.dir, `${randomUUID()}.upload`);
  const mb = importLimits.maxBytes / 1024 / 1024;
  const limit = mb >= 1 ? `${Math.floor(mb)}MB` : `${Math.ceil(importLimits.maxBytes / 1024)}KB`;
  const tooLarge = () => new BadInputError(`文件超过${limit}，请分成几个文件导入`);
  try {
    await pipeline(file.stream, createWriteStream(path));
    if (file.stream.truncated) throw tooLarge();
    const size = (await stat(path)).size;
    const sn = await sniff(path);
    const headers = await readHeader(path, sn);
    const mapping = suggestMapping(q.kind, q.preset, headers);
    if (!Object.keys(mapping).length)
      throw new BadInputError('表头中没有可识别的列：请确认第一行是表头，并选择正确的来源产品');
    const pool = q.kind === 'member' ? (await memberPool(deps.db, s)).pool : s.netbarId;
    const id = await insertJob(deps.db, s, {
      pool_id: pool,
      kind: q.kind,
      preset: q.preset,
      filename: file.filename.slice(0, 200),
      file_path: path,
      size,
      format: sn.format,
      encoding: sn.encoding,
      headers,
      mapping,
      user,
    });
    return await jobOf(deps.db, s, id);
  } catch (e) {
    await rm(path, { force: true });
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw e;
  }
}

/** Checks the mapping against the fields and the file's headers. */
function checkMapping(job: JobRow, mapping: Record<string, string>): Record<string, string> {
  const fields = importFields(job.kind);
  const clean: Record<string, string> = {};
  for (const [k, h] of Object.entries(mapping)) {
    if (!h) continue;
    if (!fields.some((f) => f.key === k)) throw new BadInputError(`未知的导入字段：${k.slice(0, 40)}`);
    if (!job.headers.includes(h)) throw new BadInputError(`文件中没有这一列：${h.slice(0, 40)}`);
    clean[k] = h;
  }
  const missing = fields.filter((f) => f.required && !clean[f.key]).map((f) => f.label);
  if (missing.length) throw new BadInputError(`请为必填字段选择对应的列：${missing.join('、')}`);
  const used = Object.values(clean);
  const twice = used.find((h, i) => used.indexOf(h) !== i);
  if (twice) throw new BadInputError(`同一列不能对应两个字段：${twice}`);
  return clean;
}

/** A failed job (its upload swept after 24 h, decision 196) goes no further: its reason is the refusal. */
function notFailed(job: JobRow): JobRow {
  if (job.status === 'failed') throw new BadInputError(job.error || '该导入已失败，请重新上传文件');
  return job;
}

/** Saves the mapping and starts the dry run. */
export async function startCheck(deps: ImportDeps, s: TenantScope, b: FileImportCheckBody): Promise<JobRow> {
  const job = notFailed(await jobOf(deps.db, s, b.id));
  const mapping = checkMapping(job, b.mapping);
  if (!(await moveStatus(deps.db, job.id, ['uploaded', 'checked'], 'checking')))
    throw new ConflictError(`该导入${job.status === 'checking' ? '正在校验' : '已开始写入'}，不能重新校验`);
  await setMapping(deps.db, job.id, mapping);
  background(deps, job.id, () => checkPass(deps, job.id), 'uploaded');
  return jobOf(deps.db, s, job.id);
}

const BUSY = '该门店已有数据导入正在进行，请等待完成后再试';

/** Starts (checked) or resumes (interrupted) the commit; one running import per pool and kind. */
export async function startCommit(
  deps: ImportDeps,
  s: TenantScope,
  id: number,
  resume: boolean,
): Promise<JobRow> {
  const job = notFailed(await jobOf(deps.db, s, id));
  const from = resume ? ['interrupted'] : ['checked'];
  if (!from.includes(job.status))
    throw new BadInputError(resume ? '只有已中断的导入可以继续' : '请先完成校验（试导入）再开始导入');
  if (job.kind === 'member' && !job.check?.create && !job.check?.update && !resume)
    throw new BadInputError('校验结果中没有可导入的行');
  try {
    if (!(await moveStatus(deps.db, id, from, 'running')))
      throw new ConflictError('该导入已开始，请刷新查看进度');
  } catch (e) {
    if (isUniqueViolation(e)) throw new ConflictError(BUSY);
    throw e;
  }
  background(deps, id, () => commitPass(deps, id), 'interrupted');
  return jobOf(deps.db, s, id);
}

/** Commits left 'running' by a process that died: resumed from their last committed batch. */
export async function resumeStale(deps: ImportDeps, staleSeconds = 30): Promise<number[]> {
  const ids: number[] = [];
  for (const id of await staleRunning(deps.db, staleSeconds)) {
    if (running.has(id) || !(await claimStale(deps.db, id, staleSeconds))) continue;
    ids.push(id);
    background(deps, id, () => commitPass(deps, id), 'interrupted');
  }
  return ids;
}

/** The commit message of a finished job, for the toast. */
export const doneText = (j: JobRow) =>
  `导入完成：新增${j.done.create}，更新${j.done.update}，跳过${j.done.skip}；本金${fenToYuan(j.done.principal_fen)}元，奖励${fenToYuan(j.done.bonus_fen)}元`;

export { jobById, jobOf };
