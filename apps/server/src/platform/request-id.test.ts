import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let t: TestApp;
/** A second app on the same database that logs at info into `lines`. */
let app: FastifyInstance;
const lines: Record<string, unknown>[] = [];
beforeAll(async () => {
  t = await createTestApp();
  const logStream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  app = await buildApp({ config: { ...t.config, LOG_LEVEL: 'info' }, database: t.database, logStream });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

/** The log lines written while `fn` ran. */
async function logged(fn: () => Promise<unknown>) {
  const from = lines.length;
  await fn();
  return lines.slice(from);
}

describe('2. a request id on every response and every log line of the request (decision 193)', () => {
  it("a balancer's well-formed x-request-id is kept: on the answer and on each of the request's log lines", async () => {
    const id = 'haproxy-7F000001:C9A2_0001.01';
    let headers: Record<string, unknown> = {};
    const out = await logged(async () => {
      const r = await app.inject({
        method: 'POST',
        url: '/api/v1/login',
        headers: { 'x-request-id': id, 'x-requested-with': 'XMLHttpRequest' },
        payload: { user_name: 'demo_agent', password: 'wrong-password', captcha: '1234', type: 1 },
      });
      headers = r.headers;
    });
    expect(headers['x-request-id']).toBe(id);
    const mine = out.filter((l) => l.req || l.res || l.reqId);
    expect(mine.length).toBeGreaterThanOrEqual(2); // incoming request, request completed
    for (const l of mine) expect(l.reqId).toBe(id);
  });

  it('without one, or with a malformed one, each request gets its own UUID; errors and 404s carry it too', async () => {
    const a = await app.inject({ url: '/api/health/live' });
    const b = await app.inject({ url: '/api/health/live' });
    expect(a.headers['x-request-id']).toMatch(UUID);
    expect(b.headers['x-request-id']).toMatch(UUID);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    for (const bad of [
      'short',
      'has space in it',
      'x'.repeat(129),
      'evil\u0007bell-0001',
      '中文请求编号一二三四',
    ]) {
      const r = await app.inject({ url: '/api/health/live', headers: { 'x-request-id': bad } });
      expect(r.headers['x-request-id']).toMatch(UUID);
    }
    const out = await logged(async () => {
      const missing = await app.inject({
        url: '/api/v1/no_such_call',
        headers: { 'x-request-id': 'lb-0000-404-test' },
      });
      expect(missing.headers['x-request-id']).toBe('lb-0000-404-test');
      const refused = await app.inject({
        url: '/api/v1/user_info',
        headers: { 'x-request-id': 'lb-0000-401-test' },
      });
      expect(refused.headers['x-request-id']).toBe('lb-0000-401-test');
      expect(refused.json().status).toBe(40005);
    });
    const ids = new Set(out.filter((l) => l.req || l.res).map((l) => l.reqId));
    expect([...ids].sort()).toEqual(['lb-0000-401-test', 'lb-0000-404-test']);
  });

  it('the test harness app (no logger) still answers with an id', async () => {
    const r = await t.client().get('/api/health');
    expect(r.headers['x-request-id']).toMatch(UUID);
  });
});
