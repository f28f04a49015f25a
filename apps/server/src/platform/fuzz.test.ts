import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA, createTestApp, DEMO, DEMO_PASSWORD, type TestApp } from '../test/harness.ts';
import { type Caller, headersFor, loginCallers } from './fuzz-callers.ts';
import { fingerprintQuery, fuzz } from './fuzz-engine.ts';

/** Cases per operation here; `npm run bench -- --fuzz` runs many more. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 5);

let t: TestApp;
let callers: Caller[];
beforeAll(async () => {
  t = await createTestApp();
  const users = [DEMO.admin, DEMO.agent, DEMO.netbar, DEMO.pay, DEMO.agentStaff, DEMO.netbarStaff];
  callers = await loginCallers(t.app, users, DEMO_PASSWORD, CAPTCHA);
});
afterAll(() => t.close());

describe('10. schema-driven fuzzing of every operation', () => {
  it('no 5xx, always the envelope with a Chinese msg, nothing written when refused', async () => {
    const r = await fuzz(t.app, {
      runs: RUNS,
      seed: 11,
      headersFor: (op) => headersFor(t.app.routeList, callers, op),
      // ending the session would only make every later case a 40005
      skip: (op) => op.path === '/api/v1/logout',
    });
    expect(r.operations).toBeGreaterThan(100);
    expect(r.cases).toBeGreaterThan(r.operations * (RUNS - 1));
    // the cases reach validation: most are refused as bad input, not as unauthenticated
    expect(r.statuses['40000'] ?? 0).toBeGreaterThan(r.cases / 2);
    expect(r.failures.slice(0, 30)).toEqual([]);
  }, 240_000);

  it('the write detector sees a write that is answered 200', async () => {
    const written = await fingerprintQuery(t.app);
    const before = await written();
    const admin = await t.as(DEMO.admin);
    const r = await admin.post('/api/v1/admin_notice_save', {
      title: '探测',
      content: '内容',
      user_types: '1',
    });
    expect(r.status).toBe(200);
    expect(await written()).not.toBe(before);
  });
});
