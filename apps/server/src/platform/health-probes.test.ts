import Fastify from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BOOTING_MSG, startBootServer } from '../lib/boot-server.ts';
import { healthPlugin, NOT_READY } from '../plugins/health.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('1. live and ready probes (decision 193)', () => {
  it('live and ready answer 200 when the database answers; the old /api/health still does', async () => {
    const live = await t.client().get<{ live: boolean }>('/api/health/live');
    expect([live.http, live.status, live.data.live]).toEqual([200, 200, true]);
    const ready = await t.client().get<{ ready: boolean }>('/api/health/ready');
    expect([ready.http, ready.data.ready]).toEqual([200, true]);
    expect((await t.client().get('/api/health')).status).toBe(200);
  });

  it('ready is 503 with a Chinese reason while draining, or when the database fails; live stays 200', async () => {
    t.app.lifecycle.draining = true;
    try {
      const r = await t.client().get<{ ready: boolean }>('/api/health/ready');
      expect([r.http, r.status, r.msg, r.data.ready]).toEqual([503, 50300, NOT_READY.draining, false]);
      expect((await t.client().get('/api/health/live')).http).toBe(200);
    } finally {
      t.app.lifecycle.draining = false;
    }
    const spy = vi.spyOn(t.app.deps.database, 'exec').mockRejectedValueOnce(new Error('connection refused'));
    const r = await t.client().get('/api/health/ready');
    spy.mockRestore();
    expect([r.http, r.msg]).toEqual([503, NOT_READY.database]);
    expect((await t.client().get('/api/health/ready')).http).toBe(200);
  });

  it('with Redis configured, ready is 503 while Redis is not connected, 200 once it pings', async () => {
    const redis = { status: 'reconnecting', ping: async () => 'PONG' };
    const app = Fastify();
    app.decorate('deps', { database: { exec: async () => {} } } as never);
    await app.register(healthPlugin, { redis: redis as unknown as Redis });
    const down = await app.inject({ url: '/api/health/ready' });
    expect([down.statusCode, down.json().msg]).toEqual([503, NOT_READY.redis]);
    redis.status = 'ready';
    expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
    await app.close();
  });

  it('while the process migrates, the boot server says alive but not ready, and turns the rest away', async () => {
    const boot = await startBootServer(0, '127.0.0.1');
    try {
      const base = `http://127.0.0.1:${boot.port}`;
      expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
      const ready = await fetch(`${base}/api/health/ready?x=1`);
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { msg: string }).msg).toBe(BOOTING_MSG);
      const other = await fetch(`${base}/api/v1/login`, { method: 'POST', body: 'a=1' });
      expect([other.status, other.headers.get('retry-after')]).toEqual([503, '5']);
    } finally {
      await boot.close();
    }
  });
});
