import { rm } from 'node:fs/promises';
import { emptyTally, type ImportProblem, type ImportTally } from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import type { CardCipher } from '../member/index.ts';
import {
  batchDone,
  clearRows,
  insertRows,
  type JobRow,
  jobById,
  moveStatus,
  saveCheck,
  touch,
} from './file-import.repo.ts';
import { fileRows } from './file-source.ts';
import { goodsBatch, goodsState } from './goods-pass.ts';
import { ensureEntryLevel } from './member-batch.repo.ts';
import { checkBatch, commitBatch, firstLook, type Line, memberState } from './member-pass.ts';

/**
 * The two passes over an uploaded file (decision 190). Both stream the file and cut it into batches of
 * `batch_size` data rows, numbered from 0. The dry run classifies every batch and keeps the problem rows;
 * the commit writes each batch in one transaction that also records it as done on the job, so after a
 * crash (kill -9 included) the next run passes the committed batches (only remembering their cards) and
 * goes on with the first one not written. The rows it writes are keyed by card within the member pool and
 * by request id on the ledger, so a batch can never land twice.
 */

export interface RunDeps {
  db: Db;
  cipher: CardCipher;
}

/** Called after each committed batch: the bench's kill switch, the tests' simulated crash. */
export const runHooks: { afterBatch?: (job: number, batch: number) => void | Promise<void> } = {};

const add = (a: ImportTally, b: ImportTally) => {
  for (const k of Object.keys(a) as (keyof ImportTally)[]) a[k] += b[k];
};

/** Field → column index of the job's mapping. */
function getter(job: JobRow) {
  const idx = new Map<string, number>();
  for (const [field, header] of Object.entries(job.mapping)) {
    const i = job.headers.indexOf(header);
    if (i >= 0) idx.set(field, i);
  }
  return (cells: string[]) => (key: string) => {
    const i = idx.get(key);
    return i === undefined ? '' : (cells[i] ?? '').trim();
  };
}

/** The job's data rows in batches: [batch number, lines]. */
async function* batches(job: JobRow): AsyncGenerator<[number, Line[]]> {
  const get = getter(job);
  let n = 0;
  let row = 1;
  let lines: Line[] = [];
  let header = true;
  for await (const cells of fileRows(job.file_path, job)) {
    if (header) {
      header = false;
      continue;
    }
    row++;
    lines.push({ row, get: get(cells) });
    if (lines.length >= job.batch_size) {
      yield [n++, lines];
      lines = [];
    }
  }
  if (lines.length) yield [n, lines];
}

const PROBLEMS_KEPT = 100;

/** The dry run: figures and problem rows saved on the job (status checking → checked). */
export async function checkPass(deps: RunDeps, id: number): Promise<ImportTally> {
  const job = (await jobById(deps.db, id))!;
  const total = emptyTally();
  const first: ImportProblem[] = [];
  await clearRows(deps.db, id);
  const st =
    job.kind === 'member'
      ? await memberState(deps.db, deps.cipher, job.pool_id)
      : await goodsState(deps.db, job);
  for await (const [n, lines] of batches(job)) {
    const r =
      'seen' in st ? await checkBatch(deps.db, st, lines) : await goodsBatch(deps.db, st, job, lines, false);
    add(total, r.tally);
    await insertRows(deps.db, id, r.problems);
    for (const p of r.problems) if (first.length < PROBLEMS_KEPT) first.push(p);
    if (n % 20 === 19) await touch(deps.db, id);
  }
  await saveCheck(deps.db, id, total, first);
  return total;
}

/** The commit (status running): from the first batch not yet written to the end, then done. */
export async function commitPass(deps: RunDeps, id: number): Promise<void> {
  const job = (await jobById(deps.db, id))!;
  const who = {
    job: id,
    pool: job.pool_id,
    store: job.netbar_id,
    userId: job.user_id,
    userName: job.user_name,
  };
  if (job.kind === 'member') await deps.db.transaction((tx) => ensureEntryLevel(tx, job.pool_id));
  const st =
    job.kind === 'member'
      ? await memberState(deps.db, deps.cipher, job.pool_id)
      : await goodsState(deps.db, job);
  for await (const [n, lines] of batches(job)) {
    if (n < job.batches_done) {
      if ('seen' in st) firstLook(st, lines, true);
      continue;
    }
    await deps.db.transaction(async (tx) => {
      const r =
        'seen' in st ? await commitBatch(tx, st, who, lines) : await goodsBatch(tx, st, job, lines, true);
      await insertRows(tx, id, r.problems);
      if (!(await batchDone(tx, id, n, r.tally)))
        throw new Error(`import ${id}: batch ${n} taken by another runner`);
    });
    await runHooks.afterBatch?.(id, n);
  }
  // the uploaded file is not needed any more: the reports read the job's rows
  if (await moveStatus(deps.db, id, ['running'], 'done')) await rm(job.file_path, { force: true });
}
