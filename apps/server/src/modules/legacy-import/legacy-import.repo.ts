import type { ImportPhase, ImportSchedule } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import type { TenantScope } from '../../tenant/index.ts';
import type { LegacyCollection } from './connector.ts';

/** SQL of 从旧系统导入 (decision 194): the dialog's jobs and the 历史导入 collection records. */

export type LegacyKind = 'member' | 'goods' | 'collection';
export interface LegacyJob {
  id: number;
  netbar_id: number;
  product: number;
  source_store: number;
  kind: LegacyKind;
  status: 'running' | 'done' | 'failed';
  total: number;
  com: number;
  member: number;
  right_count: number;
  failed: number;
  file_job_id: number | null;
  error: string;
  created_at: string;
}
export interface Counters {
  total?: number;
  com: number;
  member: number;
  right: number;
  failed: number;
}

const num = (j: LegacyJob): LegacyJob => ({
  ...j,
  id: Number(j.id),
  file_job_id: j.file_job_id === null ? null : Number(j.file_job_id),
});

/** Opens a running job; a second running job of the store violates legacy_import_jobs_running. */
export async function insertJob(
  db: Conn,
  s: TenantScope,
  v: { product: number; source: number; kind: LegacyKind; user: { id: number; name: string } },
): Promise<number> {
  const r = await rows<{ id: string }>(
    db,
    sql`insert into legacy_import_jobs (netbar_id, product, source_store, kind, user_id, user_name)
        values (${s.netbarId}, ${v.product}, ${v.source}, ${v.kind}, ${v.user.id}, ${v.user.name}) returning id`,
  );
  return Number(r[0]!.id);
}

export async function jobById(db: Conn, id: number): Promise<LegacyJob | undefined> {
  const r = await rows<LegacyJob>(db, sql`select * from legacy_import_jobs where id = ${id}`);
  return r[0] && num(r[0]);
}

/** The store's running or last import. */
export async function lastJob(db: Conn, s: TenantScope): Promise<LegacyJob | undefined> {
  const r = await rows<LegacyJob>(
    db,
    sql`select * from legacy_import_jobs where netbar_id = ${s.netbarId} order by id desc limit 1`,
  );
  return r[0] && num(r[0]);
}

export async function setCounters(db: Conn, id: number, c: Counters): Promise<void> {
  await db.execute(
    sql`update legacy_import_jobs set total = coalesce(${c.total ?? null}::integer, total), com = ${c.com},
        member = ${c.member}, right_count = ${c.right}, failed = ${c.failed} where id = ${id}`,
  );
}

export async function setFileJob(db: Conn, id: number, fileJob: number): Promise<void> {
  await db.execute(sql`update legacy_import_jobs set file_job_id = ${fileJob} where id = ${id}`);
}

export async function finishJob(db: Conn, id: number, status: 'done' | 'failed', error = ''): Promise<void> {
  await db.execute(
    sql`update legacy_import_jobs set status = ${status}, error = ${error.slice(0, 300)}, finished_at = now()
        where id = ${id} and status = 'running'`,
  );
}

/** The dialog's progress; `phase` only while the job runs. */
export const scheduleOf = (j: LegacyJob | undefined, phase: ImportPhase): ImportSchedule =>
  j
    ? {
        total: j.total,
        com: j.com,
        member: j.member,
        right: j.right_count,
        failed: j.failed,
        end: j.status === 'running' ? 0 : 1,
        kind: j.kind,
        status: j.status,
        msg: j.error,
        phase: j.status === 'running' ? phase : '',
      }
    : { total: 0, com: 0, member: 0, right: 0, failed: 0, end: 1, kind: '', status: '', msg: '', phase: '' };

/** The level names of a member pool. */
export async function levelNames(db: Conn, pool: number): Promise<Set<string>> {
  const r = await rows<{ name: string }>(db, sql`select name from member_levels where pool_id = ${pool}`);
  return new Set(r.map((x) => x.name));
}

/**
 * The source's levels the pool lacks, added by name with no threshold and no benefit (the owner sets those in
 * 会员等级); a name added meanwhile is left as it is.
 */
export async function addLevels(db: Conn, pool: number, names: string[]): Promise<void> {
  if (!names.length) return;
  await db.execute(
    sql`insert into member_levels (pool_id, name)
        select ${pool}, n from unnest(string_to_array(${names.join('\n')}, E'\n')) as n
        on conflict (pool_id, name) do nothing`,
  );
}

/** Records a page of collection records; answers how many were new (the rest were imported before). */
export async function insertCollections(
  tx: Conn,
  s: TenantScope,
  job: { id: number; product: number; source: number },
  list: LegacyCollection[],
): Promise<number> {
  if (!list.length) return 0;
  const values = sql.join(
    list.map(
      (c) =>
        sql`(${s.netbarId}, ${job.product}, ${job.source}, ${c.trade_no}, (${c.paid_at}::timestamp at time zone 'Asia/Shanghai'), ${c.amount_fen}, ${c.method}, ${c.payer}, ${job.id})`,
    ),
    sql`, `,
  );
  const r = await rows<{ id: string }>(
    tx,
    sql`insert into imported_collections (netbar_id, product, source_store, trade_no, paid_at, amount_fen, method, payer, job_id)
        values ${values} on conflict (netbar_id, product, trade_no) do nothing returning id`,
  );
  return r.length;
}

/** The running process's sign of life for its job (migration 1210). */
export async function beat(db: Conn, id: number): Promise<void> {
  await db.execute(
    sql`update legacy_import_jobs set beat_at = now() where id = ${id} and status = 'running'`,
  );
}

/**
 * A running job left by a process that died before it handed its rows to file-import (download, goods,
 * collection): its beat is older than `seconds`, so it is failed and the store can import again. `mine` are
 * the jobs this process runs (never failed here, whatever their beat).
 */
export async function failStale(db: Conn, s: TenantScope, mine: number[], seconds: number): Promise<void> {
  const keep = mine.length
    ? sql`and id not in (${sql.join(
        mine.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  await db.execute(
    sql`update legacy_import_jobs set status = 'failed', error = '导入中断（服务重启），请重新导入', finished_at = now()
        where netbar_id = ${s.netbarId} and status = 'running' and file_job_id is null
          and beat_at < now() - make_interval(secs => ${seconds}) ${keep}`,
  );
}
