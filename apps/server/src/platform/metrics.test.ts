import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestApp, DEMO, type TestApp } from '../test/harness.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => t.close());

const scrape = (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
  t.app.inject({ url: '/metrics', headers });

describe('3. Prometheus metrics at /metrics (decision 193)', () => {
  it('without the token, or with a wrong one, the exposition is refused and shows nothing', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer wrong-token-0123456789' },
      { authorization: TOKEN },
    ]) {
      const r = await scrape(headers);
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ status: 40003, msg: '指标访问令牌无效', data: null });
      expect(r.body).not.toContain('netbar_');
    }
    // a logged-in administrator's session is no token either
    const admin = await t.as(DEMO.admin);
    const r = await admin.get('/metrics');
    expect(r.http).toBe(401);
  });

  it('without METRICS_TOKEN the path does not exist (404), not even the console page', async () => {
    const app: FastifyInstance = await buildApp({
      config: { ...t.config, METRICS_TOKEN: undefined },
      database: t.database,
      logger: false,
    });
    const r = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect([r.statusCode, r.json().msg]).toEqual([404, '接口不存在']);
    await app.close();
  });

  it('with it: the request histogram of a route just called, errors by class, pool, WebSockets; no id in any label', async () => {
    const c = await t.as(DEMO.netbar);
    expect((await c.get('/api/v1/user_info')).status).toBe(200);
    await t.app.inject({ url: '/s/f00dcafe12345678' });
    await t.app.inject({ url: '/uploads/0123456789abcdef0123456789abcdef.png' });
    await t.app.inject({ url: '/api/v1/no_such_call_424242' });
    await t.app.inject({ method: 'POST', url: '/api/c1/notify/provider-987654', payload: 'x=1' });
    const r = await scrape();
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain/);
    const text = r.body;
    expect(text).toMatch(
      /netbar_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/user_info",status_class="2xx"\} [1-9]/,
    );
    expect(text).toContain('netbar_http_request_duration_seconds_bucket{le="0.005",method="GET"');
    expect(text).toMatch(/netbar_http_errors_total\{route="unmatched",status_class="4xx"\} [1-9]/);
    expect(text).toMatch(/netbar_db_pool\{kind="(pglite|postgres)",state="\w+"\} \d+/);
    expect(text).toMatch(/^netbar_websocket_connections 0$/m);
    expect(text).toContain('netbar_process_cpu_seconds_total');
    const routes = [...text.matchAll(/route="([^"]*)"/g)].map((m) => m[1]!);
    expect(routes).toContain('/s/:token');
    expect(routes).toContain('/api/c1/notify/:provider');
    for (const route of routes) {
      expect(route).not.toMatch(/f00dcafe|0123456789abcdef|424242|987654|\?/);
    }
  });
});
