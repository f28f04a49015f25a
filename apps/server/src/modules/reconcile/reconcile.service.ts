import {
  type DiffKind,
  RECONCILE_MSG,
  type ReconcileDiff,
  type ReconcileDiffQuery,
  type ReconcileListQuery,
  type ReconcileRun,
  type ReconcileRunBody,
  shanghaiClock,
  shanghaiDate,
  shanghaiDateTime,
} from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { type Conn, type Db, rows } from '../../db/client.ts';
import { dayStart, nextDay } from '../../lib/day-bounds.ts';
import { BadInputError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { pageSql } from '../../lib/paging.ts';
import { type PaymentProvider, paymentsOf, type StatementLine } from '../payment/index.ts';

/**
 * Daily reconciliation (issue 16 item 6, decision 168). A run takes one Beijing day of one provider: the
 * statement is downloaded through the provider interface and loaded into reconcile_staging in batches
 * (never a second copy of it in memory), then compared with our payments and refunds in SQL. A run is
 * one row per (day, provider): running it again resets that row and replaces its differences.
 */

export interface ReconcileDeps {
  db: Db;
  config: Config;
}

/**
 * An adapter may also hand its statement out in pages (a file read as it downloads); the bench's does.
 * Without it, `statement(day)` is loaded 2,000 lines at a time from the one array it answers.
 */
export interface PagedStatement {
  statementPages(day: string): AsyncIterable<StatementLine[]>;
}

/** Lines inserted per statement (one JSON parameter each). */
export const STAGE_BATCH = 2_000;
/** A run still 进行中 after this long is taken as abandoned (a restart) and may be started again. */
const STALE_MINUTES = 10;

const providersOf = (deps: ReconcileDeps) => paymentsOf(deps).providers;

export function providerNames(deps: ReconcileDeps): string[] {
  return [...providersOf(deps).keys()].sort();
}

function adapter(deps: ReconcileDeps, name: string): PaymentProvider {
  const p = providersOf(deps).get(name);
  if (!p) throw new BadInputError(RECONCILE_MSG.unknownProvider);
  return p;
}

async function* pagesOf(p: PaymentProvider, day: string): AsyncIterable<StatementLine[]> {
  const paged = p as Partial<PagedStatement>;
  if (typeof paged.statementPages === 'function') {
    yield* paged.statementPages(day);
    return;
  }
  const all = await p.statement(day);
  for (let i = 0; i < all.length; i += STAGE_BATCH) yield all.slice(i, i + STAGE_BATCH);
}

const RUN_COLS = sql`id::float8 as id, to_char(day, 'YYYY-MM-DD') as day, provider, status, statement_lines,
  matched, missing_ours, missing_theirs, amount_mismatch, status_mismatch, their_pay_fen::float8 as their_pay_fen,
  their_refund_fen::float8 as their_refund_fen, our_pay_fen::float8 as our_pay_fen,
  our_refund_fen::float8 as our_refund_fen, error, started_at, finished_at`;

const fmt = (v: unknown) => (v == null ? null : shanghaiDateTime(new Date(v as string)));
const runOut = (r: ReconcileRun): ReconcileRun => ({
  ...r,
  id: Number(r.id),
  their_pay_fen: Number(r.their_pay_fen),
  their_refund_fen: Number(r.their_refund_fen),
  our_pay_fen: Number(r.our_pay_fen),
  our_refund_fen: Number(r.our_refund_fen),
  started_at: fmt(r.started_at) ?? '',
  finished_at: fmt(r.finished_at),
});

/** Claims the (day, provider) row: a new one, or the old one reset; null while another run is going. */
async function claim(db: Conn, day: string, provider: string, by: number): Promise<number | null> {
  const r = await rows<{ id: string }>(
    db,
    sql`insert into reconcile_runs (day, provider, started_by) values (${day}::date, ${provider}, ${by})
        on conflict (day, provider) do update set status = '进行中', statement_lines = 0, matched = 0,
          missing_ours = 0, missing_theirs = 0, amount_mismatch = 0, status_mismatch = 0, their_pay_fen = 0,
          their_refund_fen = 0, our_pay_fen = 0, our_refund_fen = 0, error = '', started_by = ${by},
          started_at = now(), finished_at = null
        where reconcile_runs.status <> '进行中'
           or reconcile_runs.started_at < now() - make_interval(mins => ${STALE_MINUTES})
        returning id`,
  );
  return r[0] ? Number(r[0].id) : null;
}

async function stage(db: Conn, runId: number, lines: StatementLine[]) {
  if (!lines.length) return;
  const json = JSON.stringify(
    lines.map((l) => ({
      k: l.kind,
      p: l.payment_no,
      t: l.txn_id,
      r: l.refund_no ?? '',
      a: l.amount_fen,
      at: l.at instanceof Date ? l.at.toISOString() : l.at,
    })),
  );
  await db.execute(
    sql`insert into reconcile_staging (run_id, line_kind, payment_no, txn_id, refund_no, amount_fen, at)
        select ${runId}, k, p, t, r, a, at
        from json_to_recordset(${json}::json) as x(k text, p text, t text, r text, a bigint, at timestamptz)`,
  );
}

/** Compares the staged statement with our books and writes the differences and the run's figures. */
async function compare(tx: Conn, runId: number, day: string, provider: string) {
  const from = dayStart(day);
  const to = dayStart(nextDay(day));
  await tx.execute(sql`delete from reconcile_diffs where run_id = ${runId}`);
  // their payments: ours by number (any day: a payment of ours paid late is still that payment)
  await tx.execute(
    sql`insert into reconcile_diffs (run_id, kind, line_kind, payment_no, txn_id, netbar_id, our_amount_fen,
          their_amount_fen, our_status, at)
        select ${runId},
          case when p.id is null then 'missing_ours'
               when p.paid_at is null or p.provider_txn_id is distinct from s.txn_id then 'status'
               else 'amount' end,
          'pay', s.payment_no, s.txn_id, p.netbar_id, p.amount_fen, s.amount_fen, coalesce(p.status, ''), s.at
        from reconcile_staging s
        left join payments p on p.payment_no = s.payment_no and p.provider = ${provider}
        where s.run_id = ${runId} and s.line_kind = 'pay'
          and (p.id is null or p.paid_at is null or p.provider_txn_id is distinct from s.txn_id
               or p.amount_fen <> s.amount_fen)`,
  );
  // our payments of the day the statement does not have
  await tx.execute(
    sql`insert into reconcile_diffs (run_id, kind, line_kind, payment_no, txn_id, netbar_id, our_amount_fen,
          our_status, at)
        select ${runId}, 'missing_theirs', 'pay', p.payment_no, coalesce(p.provider_txn_id, ''), p.netbar_id,
          p.amount_fen, p.status, p.paid_at
        from payments p
        where p.provider = ${provider} and p.paid_at >= ${from}::timestamptz and p.paid_at < ${to}::timestamptz
          and not exists (select 1 from reconcile_staging s
                          where s.run_id = ${runId} and s.line_kind = 'pay' and s.payment_no = p.payment_no)`,
  );
  // their refunds: ours by refund number
  await tx.execute(
    sql`insert into reconcile_diffs (run_id, kind, line_kind, payment_no, refund_no, txn_id, netbar_id,
          our_amount_fen, their_amount_fen, our_status, at)
        select ${runId},
          case when r.id is null then 'missing_ours' when r.status <> '成功' then 'status' else 'amount' end,
          'refund', s.payment_no, s.refund_no, s.txn_id, r.netbar_id, r.amount_fen, s.amount_fen,
          coalesce(r.status, ''), s.at
        from reconcile_staging s
        left join (payment_refunds r join payments rp on rp.id = r.payment_id and rp.provider = ${provider})
          on r.refund_no = s.refund_no
        where s.run_id = ${runId} and s.line_kind = 'refund'
          and (r.id is null or r.status <> '成功' or r.amount_fen <> s.amount_fen)`,
  );
  // our successful refunds of the day the statement does not have
  await tx.execute(
    sql`insert into reconcile_diffs (run_id, kind, line_kind, payment_no, refund_no, txn_id, netbar_id,
          our_amount_fen, our_status, at)
        select ${runId}, 'missing_theirs', 'refund', p.payment_no, r.refund_no, coalesce(p.provider_txn_id, ''),
          r.netbar_id, r.amount_fen, r.status, coalesce(r.done_at, r.created_at)
        from payment_refunds r join payments p on p.id = r.payment_id
        where p.provider = ${provider} and r.status = '成功'
          and coalesce(r.done_at, r.created_at) >= ${from}::timestamptz
          and coalesce(r.done_at, r.created_at) < ${to}::timestamptz
          and not exists (select 1 from reconcile_staging s
                          where s.run_id = ${runId} and s.line_kind = 'refund' and s.refund_no = r.refund_no)`,
  );
  await tx.execute(
    sql`update reconcile_runs u set status = '已完成', finished_at = now(),
          statement_lines = st.n, their_pay_fen = st.pay, their_refund_fen = st.refund,
          missing_ours = d.missing_ours, missing_theirs = d.missing_theirs, amount_mismatch = d.amount,
          status_mismatch = d.status, matched = st.n - d.missing_ours - d.amount - d.status,
          our_pay_fen = (select coalesce(sum(amount_fen), 0) from payments
                         where provider = ${provider} and paid_at >= ${from}::timestamptz
                           and paid_at < ${to}::timestamptz),
          our_refund_fen = (select coalesce(sum(r.amount_fen), 0) from payment_refunds r
                            join payments p on p.id = r.payment_id
                            where p.provider = ${provider} and r.status = '成功'
                              and coalesce(r.done_at, r.created_at) >= ${from}::timestamptz
                              and coalesce(r.done_at, r.created_at) < ${to}::timestamptz)
        from (select count(*)::int as n,
                     coalesce(sum(amount_fen) filter (where line_kind = 'pay'), 0) as pay,
                     coalesce(sum(amount_fen) filter (where line_kind = 'refund'), 0) as refund
              from reconcile_staging where run_id = ${runId}) st,
             (select count(*) filter (where kind = 'missing_ours')::int as missing_ours,
                     count(*) filter (where kind = 'missing_theirs')::int as missing_theirs,
                     count(*) filter (where kind = 'amount')::int as amount,
                     count(*) filter (where kind = 'status')::int as status
              from reconcile_diffs where run_id = ${runId}) d
        where u.id = ${runId}`,
  );
  await tx.execute(sql`delete from reconcile_staging where run_id = ${runId}`);
}

/**
 * 重新对账 (and the daily job): runs one day of one provider and answers the run. A second call while
 * one is going is refused (该日期正在对账); a finished day is replaced.
 */
export async function runReconcile(
  deps: ReconcileDeps,
  body: ReconcileRunBody,
  by = 0,
): Promise<ReconcileRun> {
  const { db } = deps;
  const { day, provider } = body;
  if (day > shanghaiDate()) throw new BadInputError(RECONCILE_MSG.future);
  const p = adapter(deps, provider);
  const runId = await claim(db, day, provider, by);
  if (runId === null) throw new ConflictError(RECONCILE_MSG.busy);
  try {
    await db.execute(sql`delete from reconcile_staging where run_id = ${runId}`);
    for await (const page of pagesOf(p, day)) await stage(db, runId, page);
    await db.execute(sql`analyze reconcile_staging`);
    await db.transaction(async (tx) => compare(tx, runId, day, provider));
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    await db.execute(sql`delete from reconcile_staging where run_id = ${runId}`).catch(() => undefined);
    await db
      .execute(
        sql`update reconcile_runs set status = '失败', error = ${`对账失败：${msg}`.slice(0, 500)},
            finished_at = now() where id = ${runId}`,
      )
      .catch(() => undefined);
  }
  return runById(db, runId);
}

export async function runById(db: Conn, id: number): Promise<ReconcileRun> {
  const r = await rows<ReconcileRun>(db, sql`select ${RUN_COLS} from reconcile_runs where id = ${id}`);
  if (!r[0]) throw new NotFoundError(RECONCILE_MSG.run);
  return runOut(r[0]);
}

export async function listRuns(db: Conn, q: ReconcileListQuery) {
  const where: SQL[] = [sql`true`];
  if (q.provider) where.push(sql`provider = ${q.provider}`);
  if (q.day) where.push(sql`day = ${q.day}::date`);
  const w = sql.join(where, sql` and `);
  const [list, tot] = await Promise.all([
    rows<ReconcileRun>(
      db,
      sql`select ${RUN_COLS} from reconcile_runs where ${w} order by day desc, provider, id desc ${pageSql(q)}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n from reconcile_runs where ${w}`),
  ]);
  return { list: list.map(runOut), page: q.page, page_size: q.page_size, count: Number(tot[0]?.n ?? 0) };
}

const DIFF_COLS = sql`d.id::float8 as id, d.kind, d.line_kind, d.payment_no, d.refund_no, d.txn_id,
  coalesce(n.name, '') as netbar_name, d.our_amount_fen::float8 as our_amount_fen,
  d.their_amount_fen::float8 as their_amount_fen, d.our_status, d.at`;

function diffWhere(q: Pick<ReconcileDiffQuery, 'run_id' | 'kind' | 'keyword'>): SQL {
  const where: SQL[] = [sql`d.run_id = ${q.run_id}`];
  if (q.kind) where.push(sql`d.kind = ${q.kind}`);
  if (q.keyword) {
    const k = q.keyword;
    where.push(sql`(d.payment_no = ${k} or d.txn_id = ${k} or d.refund_no = ${k})`);
  }
  return sql.join(where, sql` and `);
}

const diffOut = (d: ReconcileDiff): ReconcileDiff => ({
  ...d,
  id: Number(d.id),
  kind: d.kind as DiffKind,
  our_amount_fen: d.our_amount_fen == null ? null : Number(d.our_amount_fen),
  their_amount_fen: d.their_amount_fen == null ? null : Number(d.their_amount_fen),
  at: fmt(d.at),
});

export async function listDiffs(db: Conn, q: ReconcileDiffQuery) {
  const run = await runById(db, q.run_id);
  const w = diffWhere(q);
  const [list, tot] = await Promise.all([
    rows<ReconcileDiff>(
      db,
      sql`select ${DIFF_COLS} from reconcile_diffs d left join netbars n on n.id = d.netbar_id
          where ${w} order by d.kind, d.id ${pageSql(q)}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n from reconcile_diffs d where ${w}`),
  ]);
  return {
    list: list.map(diffOut),
    page: q.page,
    page_size: q.page_size,
    count: Number(tot[0]?.n ?? 0),
    run,
  };
}

/** Every difference of a filter, 2,000 at a time along the id (the export). */
export async function* allDiffs(
  db: Conn,
  q: Pick<ReconcileDiffQuery, 'run_id' | 'kind' | 'keyword'>,
): AsyncIterable<ReconcileDiff> {
  let after = 0;
  for (;;) {
    const page = await rows<ReconcileDiff>(
      db,
      sql`select ${DIFF_COLS} from reconcile_diffs d left join netbars n on n.id = d.netbar_id
          where ${diffWhere(q)} and d.id > ${after} order by d.id limit 2000`,
    );
    for (const d of page) yield diffOut(d);
    if (page.length < 2000) return;
    after = Number(page[page.length - 1]?.id);
  }
}

export async function countDiffs(db: Conn, q: Pick<ReconcileDiffQuery, 'run_id' | 'kind' | 'keyword'>) {
  const r = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from reconcile_diffs d where ${diffWhere(q)}`,
  );
  return Number(r[0]?.n ?? 0);
}

/** Days back the daily pass looks for a day without a run (a server that was down catches up). */
export const CATCH_UP_DAYS = 3;
/** Beijing minute of the day from which yesterday is reconciled (02:00: the statements are out). */
export const YESTERDAY_FROM_MINUTE = 2 * 60;

/**
 * The daily job's pass: each of the last CATCH_UP_DAYS days (yesterday only from 02:00 Beijing time)
 * that has no run yet, for every provider our payments of that day used and the configured default.
 * Answers the runs it made.
 */
export async function reconcileDailyPass(deps: ReconcileDeps, now = new Date()): Promise<ReconcileRun[]> {
  const known = providersOf(deps);
  const done: ReconcileRun[] = [];
  const first = shanghaiClock(now).minute >= YESTERDAY_FROM_MINUTE ? 1 : 2;
  for (let back = CATCH_UP_DAYS; back >= first; back--) {
    const day = shanghaiDate(now.getTime() - back * 86_400_000);
    const used = await rows<{ provider: string }>(
      deps.db,
      sql`select distinct provider from payments
          where paid_at >= ${dayStart(day)}::timestamptz and paid_at < ${dayStart(nextDay(day))}::timestamptz`,
    );
    const names = new Set([deps.config.PAYMENT_PROVIDER, ...used.map((u) => u.provider)]);
    for (const provider of [...names].sort()) {
      if (!known.has(provider)) continue;
      const had = await rows(
        deps.db,
        sql`select 1 from reconcile_runs where day = ${day}::date and provider = ${provider}`,
      );
      if (had.length) continue;
      const run = await runReconcile(deps, { day, provider }).catch(() => null);
      if (run) done.push(run);
    }
  }
  return done;
}
