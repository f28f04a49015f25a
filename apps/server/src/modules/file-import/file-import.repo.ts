import type { FileImportJob, ImportProblem, ImportTally } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, type Db, rows } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { type PageQuery, paged } from '../../lib/paging.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import type { TenantScope } from '../../tenant/index.ts';

/** The job table of file imports (migration 1110): every read and write confined to the caller's store. */

export interface JobRow extends FileImportJob {
  netbar_id: number;
  pool_id: number;
  file_path: string;
  format: 'xlsx' | 'csv';
  encoding: 'utf8' | 'gbk';
  batch_size: number;
  user_id: number;
}

const COLS = sql`j.id::int as id, j.netbar_id, j.pool_id, j.kind, j.preset, j.filename, j.file_path, j.size::float8 as size,
  j.format, j.encoding, j.headers, j.mapping, j.status, j.check_tally as "check", j.problems, j.batch_size, j.batches_done,
  json_build_object('rows', j.done_rows, 'create', j.done_create, 'update', j.done_update, 'skip', j.done_skip,
    'principal_fen', j.done_principal_fen, 'bonus_fen', j.done_bonus_fen, 'points', j.done_points) as done,
  j.error, j.user_id, j.user_name, ${fmtTs('j.created_at')} as created_at,
  coalesce(${fmtTs('j.finished_at')}, '') as finished_at`;

const fix = (r: JobRow): JobRow => ({
  ...r,
  netbar_id: Number(r.netbar_id),
  pool_id: Number(r.pool_id),
  done: Object.fromEntries(Object.entries(r.done).map(([k, v]) => [k, Number(v)])) as unknown as ImportTally,
});

export async function insertJob(
  db: Conn,
  s: TenantScope,
  j: Pick<
    JobRow,
    'pool_id' | 'kind' | 'preset' | 'filename' | 'file_path' | 'size' | 'format' | 'encoding'
  > & {
    headers: string[];
    mapping: Record<string, string>;
    user: { id: number; name: string };
  },
): Promise<number> {
  const r = await rows<{ id: number }>(
    db,
    sql`insert into file_import_jobs (netbar_id, pool_id, kind, preset, filename, file_path, size, format, encoding,
          headers, mapping, user_id, user_name)
        values (${s.netbarId}, ${j.pool_id}, ${j.kind}, ${j.preset}, ${j.filename}, ${j.file_path}, ${j.size}, ${j.format},
          ${j.encoding}, ${JSON.stringify(j.headers)}::jsonb, ${JSON.stringify(j.mapping)}::jsonb, ${j.user.id}, ${j.user.name})
        returning id::int as id`,
  );
  return Number(r[0]!.id);
}

/** The caller's store's job; another store's id answers as absent. */
export async function jobOf(db: Conn, s: TenantScope, id: number): Promise<JobRow> {
  const r = await rows<JobRow>(
    db,
    sql`select ${COLS} from file_import_jobs j where j.id = ${id} and j.netbar_id = ${s.netbarId ?? 0}`,
  );
  if (!r[0]) throw new NotFoundError('导入记录不存在');
  return fix(r[0]);
}

/** A job by id alone: the runner's own reads (it was given the id by a scoped call or at start-up). */
export async function jobById(db: Conn, id: number): Promise<JobRow | undefined> {
  const r = await rows<JobRow>(db, sql`select ${COLS} from file_import_jobs j where j.id = ${id}`);
  return r[0] ? fix(r[0]) : undefined;
}

export async function listJobs(db: Conn, s: TenantScope, q: PageQuery) {
  const r = await paged<JobRow>(
    db,
    sql`select ${COLS}`,
    sql`from file_import_jobs j`,
    [sql`j.netbar_id = ${s.netbarId ?? 0}`],
    sql`j.id desc`,
    q,
  );
  return { ...r, list: r.list.map(fix) };
}

export async function setMapping(db: Conn, id: number, mapping: Record<string, string>) {
  await rows(
    db,
    sql`update file_import_jobs set mapping = ${JSON.stringify(mapping)}::jsonb where id = ${id}`,
  );
}

/** Moves a job from one of `from` to `to`; false when it was not in `from` (a concurrent click). */
export async function moveStatus(
  db: Conn,
  id: number,
  from: string[],
  to: string,
  error = '',
): Promise<boolean> {
  const fin = to === 'done' || to === 'failed';
  const r = await rows<{ id: number }>(
    db,
    sql`update file_import_jobs set status = ${to}, error = ${error}, heartbeat_at = now(),
          finished_at = case when ${fin} then now() else finished_at end
        where id = ${id} and status in (select jsonb_array_elements_text(${JSON.stringify(from)}::jsonb)) returning id`,
  );
  return r.length > 0;
}

export async function saveCheck(db: Conn, id: number, t: ImportTally, problems: ImportProblem[]) {
  await rows(
    db,
    sql`update file_import_jobs set check_tally = ${JSON.stringify(t)}::jsonb, problems = ${JSON.stringify(problems)}::jsonb,
          status = 'checked', heartbeat_at = now() where id = ${id} and status = 'checking'`,
  );
}

export async function clearRows(db: Conn, id: number) {
  await rows(db, sql`delete from file_import_rows where job_id = ${id}`);
}

export async function insertRows(db: Conn, id: number, list: ImportProblem[]) {
  if (!list.length) return;
  await rows(
    db,
    sql`insert into file_import_rows (job_id, row, outcome, reason)
        select ${id}, x.row, x.outcome, x.reason from jsonb_to_recordset(${JSON.stringify(list)}::jsonb)
          as x(row integer, outcome text, reason text)
        on conflict (job_id, row) do update set outcome = excluded.outcome, reason = excluded.reason`,
  );
}

/** Rows of the job's last dry run skipped for `reason`. */
export async function countReason(db: Conn, id: number, reason: string): Promise<number> {
  const r = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from file_import_rows where job_id = ${id} and reason = ${reason}`,
  );
  return Number(r[0]?.n ?? 0);
}

/** The problem rows in row order, a page at a time (the report's stream). */
export async function* problemRows(db: Conn, id: number): AsyncGenerator<ImportProblem> {
  let after = 0;
  for (;;) {
    const r = await rows<ImportProblem>(
      db,
      sql`select row, outcome, reason from file_import_rows where job_id = ${id} and row > ${after} order by row limit 2000`,
    );
    for (const x of r) yield x;
    if (r.length < 2000) return;
    after = r[r.length - 1]!.row;
  }
}

/**
 * Records a committed batch in the batch's own transaction. The guard on batches_done makes a second
 * runner of the same job fail (and roll its batch back) instead of writing the batch twice.
 */
export async function batchDone(tx: Conn, id: number, batch: number, t: ImportTally): Promise<boolean> {
  const r = await rows<{ id: number }>(
    tx,
    sql`update file_import_jobs set batches_done = ${batch + 1}, done_rows = done_rows + ${t.rows},
          done_create = done_create + ${t.create}, done_update = done_update + ${t.update}, done_skip = done_skip + ${t.skip},
          done_principal_fen = done_principal_fen + ${t.principal_fen}, done_bonus_fen = done_bonus_fen + ${t.bonus_fen},
          done_points = done_points + ${t.points}, heartbeat_at = now()
        where id = ${id} and batches_done = ${batch} and status = 'running' returning id`,
  );
  return r.length > 0;
}

/** Jobs left 'running' by a process that died (no heartbeat for `staleSeconds`): the start-up resumes them. */
export async function staleRunning(db: Conn, staleSeconds: number): Promise<number[]> {
  const r = await rows<{ id: number }>(
    db,
    sql`select id::int as id from file_import_jobs
        where status = 'running' and (heartbeat_at is null or heartbeat_at < now() - make_interval(secs => ${staleSeconds}))`,
  );
  return r.map((x) => Number(x.id));
}

/** Claims a stale running job for this process (another process resuming it at the same moment gets false). */
export async function claimStale(db: Conn, id: number, staleSeconds: number): Promise<boolean> {
  const r = await rows<{ id: number }>(
    db,
    sql`update file_import_jobs set heartbeat_at = now() where id = ${id} and status = 'running'
          and (heartbeat_at is null or heartbeat_at < now() - make_interval(secs => ${staleSeconds})) returning id`,
  );
  return r.length > 0;
}

export async function touch(db: Conn, id: number) {
  await rows(db, sql`update file_import_jobs set heartbeat_at = now() where id = ${id}`);
}

/** Never committed (uploaded, checked, a dead or failed dry run) and untouched since `before`: the sweep's. */
export const ABANDONED = '超过24小时未开始导入，上传的文件已清理，请重新上传';

/**
 * Marks the abandoned jobs failed and forgets their file, in one statement (a job started meanwhile is
 * `running` and no longer matches); their problem rows go with them. Returns the files to delete.
 */
export async function sweepJobs(db: Db, before: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    const r = await rows<{ id: number; path: string }>(
      tx,
      sql`with old as (
            select id, file_path from file_import_jobs
            where status in ('uploaded', 'checking', 'checked', 'failed') and file_path <> ''
              and coalesce(heartbeat_at, created_at) < ${before.toISOString()}::timestamptz
            for update skip locked
          )
          update file_import_jobs j set status = 'failed', error = ${ABANDONED}, file_path = '',
            finished_at = coalesce(j.finished_at, now())
          from old where j.id = old.id returning j.id::int as id, old.file_path as path`,
    );
    if (r.length)
      await rows(
        tx,
        sql`delete from file_import_rows where job_id = any(string_to_array(${r.map((x) => x.id).join(',')}, ',')::bigint[])`,
      );
    return r.map((x) => x.path);
  });
}

/** Of these upload paths, the ones a job still holds. */
export async function heldPaths(db: Conn, paths: string[]): Promise<Set<string>> {
  if (!paths.length) return new Set();
  const r = await rows<{ p: string }>(
    db,
    sql`select file_path as p from file_import_jobs
        where file_path = any(select jsonb_array_elements_text(${JSON.stringify(paths)}::jsonb))`,
  );
  return new Set(r.map((x) => x.p));
}
