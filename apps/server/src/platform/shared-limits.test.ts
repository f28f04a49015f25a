import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { CAPTCHA, Client, createTestApp, DEMO, type TestApp } from '../test/harness.ts';

/**
 * The audit of decision 198: login failures live in the kv store (Redis with REDIS_URL, else the
 * database), never in one process, so a second instance on the same database and Redis sees the
 * first one's count — failing on A locks the account on B too. Runs embedded (shared database) and on
 * PostgreSQL + Redis.
 */
describe('limits shared by two app instances', () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    t = await createTestApp();
    second = await buildApp({
      config: t.config,
      database: t.database,
      logger: false,
      redisPrefix: t.redisPrefix,
    });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('login failures on A lock the account on B; another account stays open on B', async () => {
    const onA = t.client();
    for (let i = 0; i < t.config.LOGIN_MAX_FAILURES; i++) {
      const r = await onA.post('/api/v1/login', {
        ...DEMO.netbarStaff,
        password: 'wrong-Pass1',
        captcha: CAPTCHA,
      });
      expect(r.status).not.toBe(200);
    }
    const onB = new Client(second);
    await expect(onB.login(DEMO.netbarStaff)).rejects.toThrow('42900');
    await onB.login(DEMO.netbar);
    expect((await onB.get('/api/v1/user_info')).status).toBe(200);
  });
});
