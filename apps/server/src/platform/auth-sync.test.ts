import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../lib/crypto.ts';
import { SESSION_COOKIE } from '../plugins/auth.ts';
import { createTestApp, DEMO, type TestApp } from '../test/harness.ts';

/**
 * With REDIS_URL (decision 198): a write through one process tells the others to forget their cached
 * sessions and principals. Both halves are tested through Redis itself, since apps in one test process
 * share the module's cache: the write publishes, and a message from "another process" clears the cache.
 */
const url = process.env.REDIS_URL;

describe.skipIf(!url)('cached sessions across processes (Redis)', () => {
  let t: TestApp;
  let raw: Redis;
  let sub: Redis;
  const heard: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: url! });
    raw = new Redis(url!);
    sub = raw.duplicate();
    await sub.subscribe(`${t.redisPrefix}auth-clear`);
    sub.on('message', (ch) => heard.push(ch));
  });
  afterAll(async () => {
    await t.close();
    sub.disconnect();
    raw.disconnect();
  });

  it('a write tells the other processes; a read does not', async () => {
    const c = await t.as(DEMO.netbar);
    await new Promise((r) => setTimeout(r, 150)); // the login's own message
    heard.length = 0;
    expect((await c.get('/api/v1/user_info')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toEqual([]);
    expect((await c.get('/api/v1/logout')).status).toBe(200);
    await expect.poll(() => heard.length).toBeGreaterThan(0);
  });

  it('a session ended by another process stops working here at once, not after the cache window', async () => {
    const c = await t.as(DEMO.netbar);
    expect((await c.get('/api/v1/user_info')).status).toBe(200);
    // "process B" logs the session out: the record goes, then the message
    await t.app.deps.sessions.destroy(sha256(c.cookies.get(SESSION_COOKIE)!));
    await raw.publish(`${t.redisPrefix}auth-clear`, '1');
    await new Promise((r) => setTimeout(r, 100));
    expect((await c.get('/api/v1/user_info')).status).toBe(40005);
  });
});
