// Generated requests for schema-driven fuzzing (fuzz-engine.ts): the operations of the served OpenAPI
// document, and for each, arbitrary query strings and bodies that are nearly valid or plainly hostile.
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';

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
export interface Operation {
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
const CONTROL = ['\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u001b', '\u007f'];

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
  // dates that do not exist or are out of range (a database cast would throw: 500)
  fc.constantFrom('2026-02-30', '2026-13-01', '0000-00-00', '2026-02-30 10:00', '2026-01-01 25:61'),
  // malformed JSON in the form fields that carry a JSON array (lines, payments, counts, fields ...)
  fc.constantFrom('[', '[{"sku_id":1,"qty":1}', '[null]', '[[]]', '[{"sku_id":"1e999","qty":-1}]', '"[]"'),
  // thousands of entries, as a JSON string and as an array
  fc.constantFrom(
    JSON.stringify(Array.from({ length: 3000 }, () => ({ sku_id: 1, qty: 1, face_fen: 100, count: 1 }))),
    Array.from({ length: 3000 }, (_, i) => i + 1),
  ),
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

export function queryString(q: Record<string, unknown>): string {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined) continue;
    if (Array.isArray(v))
      for (const x of v) u.append(k, typeof x === 'object' ? JSON.stringify(x) : String(x));
    else u.append(k, v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return u.toString();
}
