// Schema-driven fuzzing of every operation in /api/openapi.json (issue 11, item 10): used by
// platform/fuzz.test.ts (a few cases per operation) and by `npm run bench -- --fuzz` (many). The cases
// come from fuzz-cases.ts, the callers from fuzz-callers.ts; this file runs them and judges the answers.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { rows } from '../db/client.ts';
import { casesFor, operations, queryString } from './fuzz-cases.ts';

export interface FuzzFailure {
  op: string;
  kind: '5xx' | 'envelope' | 'written';
  detail: string;
}

/** Tables a refused call must leave alone (sessions, counters and the audit log move by design). */
const MOVING = new Set(['sessions', 'kv', 'operation_log', 'schema_migrations', 'payment_notifications']);
const CHINESE = /[\u4e00-\u9fff]/;

/**
 * A write detector for a throwaway test database: a row trigger on every table (but the ones that move
 * by design) counts changed rows into fuzz_writes, in the writer's own transaction, so a rolled-back
 * write counts nothing. Returns a reader of the count.
 */
export async function fingerprintQuery(app: FastifyInstance) {
  const db = app.deps.db;
  const tables = await rows<{ t: string }>(
    db,
    sql`select table_name as t from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  await db.execute(sql`create table if not exists fuzz_writes (n bigint not null)`);
  await db.execute(sql`insert into fuzz_writes select 0 where not exists (select 1 from fuzz_writes)`);
  await db.execute(
    sql.raw(`create or replace function fuzz_count() returns trigger language plpgsql as $$
      begin update fuzz_writes set n = n + 1; return null; end $$`),
  );
  for (const { t } of tables) {
    if (MOVING.has(t) || t === 'fuzz_writes') continue;
    await db.execute(
      sql.raw(`create or replace trigger fuzz_count_${t} after insert or update or delete on "${t}"
        for each row execute function fuzz_count()`),
    );
  }
  return async () => (await rows<{ n: string }>(db, sql`select n::text as n from fuzz_writes`))[0]!.n;
}

export interface FuzzResult {
  operations: number;
  cases: number;
  /** How many answers carried each envelope status (or HTTP code for files). */
  statuses: Record<string, number>;
  failures: FuzzFailure[];
  count: Record<FuzzFailure['kind'], number>;
}

/**
 * Runs `runs` generated cases against each operation as `headersFor(op)` (a caller allowed to reach
 * its validation), checking: no 5xx, always the envelope with a Chinese msg when refused, and the
 * table fingerprint unchanged by a refused call.
 */
export async function fuzz(
  app: FastifyInstance,
  opts: {
    runs: number;
    seed: number;
    headersFor: (op: { method: string; url: string }) => Record<string, string> | undefined;
    skip?: (op: { method: string; path: string }) => boolean;
  },
): Promise<FuzzResult> {
  const fingerprint = await fingerprintQuery(app);
  const ops = operations(app).filter((o) => !opts.skip?.(o));
  const failures: FuzzFailure[] = [];
  const statuses: Record<string, number> = {};
  let cases = 0;
  /** The fingerprint after the previous call: nothing else writes between two calls. */
  let last: string | undefined;
  for (const [i, op] of ops.entries()) {
    const headers = opts.headersFor({ method: op.method, url: op.path.replace(/\{(\w+)\}/g, ':$1') });
    if (!headers) continue;
    for (const c of fc.sample(casesFor(op), { numRuns: opts.runs, seed: opts.seed + i })) {
      cases++;
      const name = `${op.method} ${op.path}`;
      const url = `${op.path.replace(/\{\w+\}/g, encodeURIComponent(c.pathValue))}?${queryString(c.query)}`;
      const h: Record<string, string> = { ...headers };
      let payload: string | undefined;
      if (c.body?.kind === 'json' && c.body.value !== undefined) {
        h['content-type'] = 'application/json';
        payload = JSON.stringify(c.body.value);
      } else if (c.body?.kind === 'raw') {
        h['content-type'] = c.body.type;
        payload = c.body.text;
      }
      const before = last ?? (await fingerprint());
      const res = await app.inject({ method: op.method as 'GET', url, headers: h, payload });
      const input = `${url.slice(0, 200)} ${String(payload).slice(0, 200)}`;
      last = undefined; // unknown until measured again
      if (res.statusCode >= 500) {
        failures.push({
          op: name,
          kind: '5xx',
          detail: `${res.statusCode} ${res.body.slice(0, 200)} ← ${input}`,
        });
        continue;
      }
      let env: { status?: unknown; msg?: unknown } | undefined;
      try {
        env = JSON.parse(res.body);
      } catch {
        env = undefined;
      }
      const isJson = String(res.headers['content-type'] ?? '').includes('json');
      if (!env || typeof env.status !== 'number' || typeof env.msg !== 'string' || !('data' in env)) {
        // Files (xlsx, svg) answer without the envelope when they succeed.
        if (res.statusCode === 200 && !isJson) continue;
        failures.push({
          op: name,
          kind: 'envelope',
          detail: `${res.statusCode} ${res.body.slice(0, 200)} ← ${input}`,
        });
        continue;
      }
      statuses[env.status] = (statuses[env.status] ?? 0) + 1;
      const refused = env.status !== 200 && env.status !== 10000;
      if (refused && !CHINESE.test(env.msg)) {
        failures.push({ op: name, kind: 'envelope', detail: `msg "${env.msg}" ← ${input}` });
      }
      last = await fingerprint();
      if (refused && last !== before) {
        failures.push({ op: name, kind: 'written', detail: `status ${env.status} ${env.msg} ← ${input}` });
      }
    }
  }
  const count = { '5xx': 0, envelope: 0, written: 0 };
  for (const f of failures) count[f.kind]++;
  return { operations: ops.length, cases, statuses, failures, count };
}
