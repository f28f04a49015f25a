import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { stopOnSignals } from '../lib/shutdown.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
let named: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  named = await createTestApp({ SERVER_NAME: 'app-2' });
});
afterAll(async () => {
  await t.close();
  await named.close();
});

describe('x-served-by names the process behind a balancer (decision 199)', () => {
  it('with SERVER_NAME every answer carries it — probes, refusals and 404s too', async () => {
    for (const url of ['/api/health/live', '/api/v1/netbar_list', '/api/v1/no_such_call']) {
      const r = await named.app.inject({ url, headers: { 'x-requested-with': 'XMLHttpRequest' } });
      expect(r.headers['x-served-by'], url).toBe('app-2');
    }
    const refused = await named.app.inject({
      url: '/api/v1/netbar_list',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(refused.json().status).not.toBe(200); // not logged in: refused, still named
  });

  it('without SERVER_NAME (the embedded default) there is no such header', async () => {
    const r = await t.app.inject({ url: '/api/health/live' });
    expect(r.headers['x-served-by']).toBeUndefined();
    expect(r.headers['x-request-id']).toBeTruthy();
  });

  it('a malformed SERVER_NAME or SHUTDOWN_DRAIN_MS is refused at start with a Chinese message', () => {
    const bad = (env: Record<string, string>) => {
      try {
        loadConfig({ NODE_ENV: 'test', ...env });
        return '';
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        return (e as Error).message;
      }
    };
    expect(bad({ SERVER_NAME: 'app 1;rm' })).toContain('只能是 1-40 位字母、数字或 . _ -');
    expect(bad({ SHUTDOWN_DRAIN_MS: '-5' })).toContain('必须是 0 到 15000 之间的整数');
    expect(bad({ SHUTDOWN_DRAIN_MS: 'soon' })).toContain('必须是 0 到 15000 之间的整数');
    expect(loadConfig({ NODE_ENV: 'test' }).SHUTDOWN_DRAIN_MS).toBe(0);
  });
});

describe('SHUTDOWN_DRAIN_MS: ready 503 first, the listener closes only after the drain (decision 199)', () => {
  let app: FastifyInstance;
  afterAll(async () => {
    await app?.close();
  });

  it('during the drain new connections are still served (Connection: close); after it they are refused', async () => {
    app = await buildApp({ config: { ...t.config, SHUTDOWN_DRAIN_MS: 1500 }, database: t.database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    let exitCode: number | undefined;
    const exited = new Promise<void>((resolve) => {
      // the shared test database stays open: it is the harness's to close
      const database = { close: async () => {} } as unknown as Database;
      const stop = stopOnSignals(app, database, {
        exit: (code) => {
          exitCode = code;
          resolve();
        },
      });
      process.removeListener('SIGTERM', stop);
      process.removeListener('SIGINT', stop);
      void stop('SIGTERM');
    });
    const t0 = performance.now();
    const ready = await fetch(`${base}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { msg: string }).msg).toBe('服务正在停止，暂不接收新请求');
    const live = await fetch(`${base}/api/health/live`);
    expect(live.status).toBe(200);
    expect(live.headers.get('connection')).toBe('close');
    expect(exitCode).toBeUndefined(); // both answered inside the drain
    await exited;
    expect(exitCode).toBe(0);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(1400);
    const after = await fetch(`${base}/api/health/live`).then(
      () => 'answered',
      (e: Error) => String((e.cause as { code?: string } | undefined)?.code ?? e.message),
    );
    expect(after).toBe('ECONNREFUSED');
  });
});
