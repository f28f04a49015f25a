// Schema-driven fuzzing of every operation in /api/openapi.json (issue 11, item 10): used by
// platform/fuzz.test.ts (a few cases per operation) and by `npm run bench -- --fuzz` (many).
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { rows } from '../db/client.ts';
import type { RouteInfo } from '../types.ts';

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
}
interface Operation {
  method: string;
  path: string;
  query: Record<string, Schema>;
  body?: Schema;
}
export interface FuzzCase {
  query: Record<string, unknown>;
  body: { kind: 'json'; value: unknown } | { kind: 'raw'; type: string; text: string } | null;
  pathValue: string;
}
export interface FuzzFailure {
  op: string;
  kind: '5xx' | 'envelope' | 'written';
  detail: string;
}

/** Tables a refused call must leave alone (sessions, counters and the audit log move by design). */
const MOVING = new Set(['sessions', 'kv', 'operation_log', 'schema_migrations']);
const CONTROL = ['\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u001b', '\u007f'];
const CHINESE = /[\u4e00-\u9fff]/;

/** Every operation of the API services, from the OpenAPI document the app serves. */
export function operations(app: FastifyInstance): Operation[] {
  type Op = {
    parameters?: { in: string; name: string; schema: Schema }[];
    requestBody?: { content?: Record<string, { schema: Schema }> };
  };
  const spec = app.swagger() as unknown as { paths: Record<string, Record<string, Op>> };
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries(spec.paths)) {
    if (!/^\/(api\/(v1|c1|merchant)|businessimport)\//.test(path)) continue;
    for (const [method, op] of Object.entries(ops)) {
      const query: Record<string, Schema> = {};
      for (const p of op.parameters ?? []) if (p.in === 'query') query[p.name] = p.schema;
      const content = op.requestBody?.content ?? {};
      out.push({ method: method.toUpperCase(), path, query, body: Object.values(content)[0]?.schema });
    }
  }
  return out;
}

/** Values that break assumptions: missing, wrong type, over-long, control characters, huge, negative. */
const nasty: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(null, '', ' ', true, 'NaN', 'Infinity', '1e999', '-0', '0x10', '[]', '{}'),
  fc.constantFrom(0, -1, -2147483649, 2147483648, 2 ** 53, -(2 ** 63), 1e308, 1.5),
  fc.string({ minLength: 300, maxLength: 2000 }),
  fc
    .tuple(fc.string({ maxLength: 6 }), fc.constantFrom(...CONTROL), fc.string({ maxLength: 6 }))
    .map(([a, c, b]) => `${a}${c}${b}`),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.constant('\u0000')), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

function typeOf(s: Schema): string | undefined {
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  return s.type ?? (s.anyOf ?? s.oneOf)?.[0]?.type?.toString();
}

/** A value the schema would accept, roughly: lets cases get past one field to break the next. */
function plausible(s: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const t = typeOf(s);
  if (t === 'integer' || t === 'number') {
    const min = Math.max(s.minimum ?? -1000, -(2 ** 31));
    const max = Math.min(s.maximum ?? 1000, 2 ** 31 - 1);
    return min <= max
      ? fc.oneof(fc.integer({ min, max }), fc.constant(min), fc.constant(max))
      : fc.constant(min);
  }
  if (t === 'boolean') return fc.boolean();
  if (t === 'array')
    return fc.array(depth < 3 && s.items ? plausible(s.items, depth + 1) : fc.integer(), { maxLength: 3 });
  if (t === 'object' && s.properties && depth < 3) return objectOf(s, depth + 1);
  const maxLength = Math.min(s.maxLength ?? 20, 20);
  return fc.string({ minLength: Math.min(s.minLength ?? 0, maxLength), maxLength });
}

function field(s: Schema, depth: number): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 2, arbitrary: plausible(s, depth) }, { weight: 1, arbitrary: nasty });
}

function objectOf(s: Schema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.entries(s.properties ?? {});
  return fc.record(Object.fromEntries(props.map(([k, v]) => [k, field(v, depth)])));
}

const malformed = fc.constantFrom(
  { kind: 'raw' as const, type: 'application/json', text: '{"a":' },
  { kind: 'raw' as const, type: 'application/json', text: '[1,2,3]' },
  { kind: 'raw' as const, type: 'application/json', text: '"text"' },
  { kind: 'raw' as const, type: 'application/json', text: 'null' },
  { kind: 'raw' as const, type: 'application/json', text: '{"__proto__":{"x":1}}' },
  { kind: 'raw' as const, type: 'text/plain', text: 'hello' },
  { kind: 'raw' as const, type: 'application/x-www-form-urlencoded', text: 'id=%00&id=1&name[]=x' },
  { kind: 'raw' as const, type: 'application/json', text: '{"id":1e999}' },
);

export function casesFor(op: Operation): fc.Arbitrary<FuzzCase> {
  const query = fc.record(
    Object.fromEntries(Object.entries(op.query).map(([k, v]) => [k, field(v, 0)])),
  ) as fc.Arbitrary<Record<string, unknown>>;
  const body: fc.Arbitrary<FuzzCase['body']> = op.body
    ? fc.oneof(
        { weight: 4, arbitrary: objectOf(op.body).map((value) => ({ kind: 'json' as const, value })) },
        { weight: 1, arbitrary: nasty.map((value) => ({ kind: 'json' as const, value })) },
        { weight: 1, arbitrary: malformed },
      )
    : op.method === 'GET'
      ? fc.constant(null)
      : fc.oneof(fc.constant(null), malformed);
  const pathValue = fc.oneof(fc.constantFrom('1', '0', '-1', '2147483648', 'abc', '%00'), fc.string());
  return fc.record({ query, body, pathValue });
}

function queryString(q: Record<string, unknown>): string {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined) continue;
    if (Array.isArray(v))
      for (const x of v) u.append(k, typeof x === 'object' ? JSON.stringify(x) : String(x));
    else u.append(k, v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return u.toString();
}

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

export interface Caller {
  type: number;
  perms: Set<number>;
  cookie: string;
  token: string;
}

/** Logs the given accounts in (fixed test captcha) and keeps what each needs to call the API. */
export async function loginCallers(
  app: FastifyInstance,
  users: { user_name: string; type: number }[],
  password: string,
  captcha: string,
): Promise<Caller[]> {
  const out: Caller[] = [];
  for (const u of users) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      payload: { ...u, password, captcha },
    });
    const body = JSON.parse(res.body) as {
      status: number;
      data: { token: string; auth: { path: { id: number }[] } };
    };
    if (body.status !== 200) throw new Error(`login ${u.user_name} failed`);
    const sid = res.cookies.find((c) => c.name === 'nb_sid')?.value ?? '';
    out.push({
      type: u.type,
      perms: new Set(body.data.auth.path.map((p) => p.id)),
      cookie: `nb_sid=${sid}`,
      token: body.data.token,
    });
  }
  return out;
}

/** Headers of a caller that gets past authentication and permission, so a case reaches validation. */
export function headersFor(
  routes: RouteInfo[],
  callers: Caller[],
  op: { method: string; url: string },
): Record<string, string> | undefined {
  const rule = routes.find((r) => r.method === op.method && r.url === op.url)?.auth;
  const base = { 'x-requested-with': 'XMLHttpRequest' };
  if (rule?.public) return base;
  const c = callers.find(
    (x) =>
      (!rule?.types || rule.types.includes(x.type as never)) &&
      (!rule?.perms || rule.perms.some((p) => x.perms.has(p))),
  );
  if (!c) return undefined;
  if (!op.url.startsWith('/api/v1/')) return { ...base, authorization: `Bearer ${c.token}` };
  return { ...base, cookie: c.cookie };
}
