import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { rows } from '../db/client.ts';
import { CAPTCHA, createTestApp, DEMO, DEMO_PASSWORD, type TestApp } from '../test/harness.ts';
import { count } from '../test/kit.ts';

// Issue 11: forged client addresses and hostile input (NUL bytes, ids past ID_MAX) are refused, audited
// and enveloped in Chinese.
let t: TestApp;
let proxied: TestApp;
let locking: TestApp;
beforeAll(async () => {
  t = await createTestApp({ API_DOCS: 'login' });
  proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' });
  locking = await createTestApp({ LOGIN_IP_MAX_FAILURES: '3', LOGIN_MAX_FAILURES: '100' });
});
afterAll(async () => {
  await t.close();
  await proxied.close();
  await locking.close();
});

const CHINESE = /[\u4e00-\u9fff]/;

describe('1. forwarded client addresses', () => {
  it('rotating X-Forwarded-For no longer escapes the per-IP login lock', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await locking
        .client()
        .request(
          'POST',
          '/api/v1/login',
          { user_name: `nobody${i}x`, password: 'wrong-pass1', captcha: CAPTCHA, type: 1 },
          { headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } },
        );
      answers.push(r.status);
    }
    expect(answers.slice(3)).toEqual([42900, 42900, 42900]);
    const ips = await rows<{ ip: string }>(
      locking.database.db,
      sql`select distinct ip from operation_log where ip like '203.0.113.%'`,
    );
    expect(ips).toEqual([]); // the log keeps the real peer, not the forged one
  });

  it('a proxy listed in TRUST_PROXY is believed; the setting is validated', async () => {
    const c = proxied.client();
    await c.request(
      'POST',
      '/api/v1/login',
      { ...DEMO.agent, password: 'wrong-pass1', captcha: CAPTCHA },
      { headers: { 'x-forwarded-for': '198.51.100.7' } },
    );
    const ips = await rows<{ ip: string }>(
      proxied.database.db,
      sql`select ip from operation_log where ip = '198.51.100.7'`,
    );
    expect(ips.length).toBe(1);
    expect(loadConfig({}).TRUST_PROXY).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(ConfigError);
  });
});

describe('3 and 4. NUL bytes, unbounded ids, and the audit of refusals', () => {
  it('NUL in a login name, a filter or a keyword is a Chinese 40000, never a 500', async () => {
    const admin = await t.as(DEMO.admin);
    const anon = await t.client().post('/api/v1/login', {
      ...DEMO.agent,
      user_name: 'demo\u0000agent',
      password: DEMO_PASSWORD,
      captcha: CAPTCHA,
    });
    const filter = await admin.get('/api/v1/get_admin_log', { action: 'a\u0000b' });
    const netbar = await t.as(DEMO.netbar);
    const keyword = await netbar.get('/api/v1/goods_list', { keyword: '\u0000' });
    const bell = await admin.get('/api/v1/get_admin_log', { user_name: 'x\u0007' });
    for (const r of [anon, filter, keyword, bell]) {
      expect(r.http).toBe(400);
      expect(r.status).toBe(40000);
      expect(r.msg).toMatch(CHINESE);
    }
  });

  it('an id of 2^31 is refused before SQL', async () => {
    const admin = await t.as(DEMO.admin);
    const r = await admin.post('/api/v1/admin_notice_save', {
      id: 2 ** 31,
      title: '边界',
      content: '内容',
      user_types: '1',
    });
    expect(r.status).toBe(40000);
    expect(r.msg).toMatch(CHINESE);
  });

  it('a refused state-changing call with NUL in an id is enveloped in Chinese and audited', async () => {
    const admin = await t.as(DEMO.admin);
    const before = await count(t, 'operation_log');
    const r = await admin.post('/api/v1/admin_notice_publish', { id: '1\u00002' });
    expect(r.http).toBe(400);
    expect(r.raw).not.toMatch(/insert|params|operation_log/i);
    expect(r.msg).toMatch(CHINESE);
    expect(await count(t, 'operation_log')).toBe(before + 1);
    const [last] = await rows<{ target: string; result: string }>(
      t.database.db,
      sql`select target, result from operation_log order by id desc limit 1`,
    );
    expect(last).toEqual({ target: 'id=1\\u00002', result: 'failure' });
  });

  it('an audit insert that fails still answers the envelope, and records the refusal', async () => {
    const admin = await t.as(DEMO.admin);
    const log = t.app.deps.oplog;
    const write = log.write;
    let calls = 0;
    log.write = async (req, e) => {
      if (calls++ === 0) throw new Error('Failed query: insert into operation_log ... params: x');
      return write(req, e);
    };
    try {
      const r = await admin.post('/api/v1/admin_notice_publish', { id: 999999 });
      expect(r.status).toBe(40004);
      expect(r.msg).toMatch(CHINESE);
      expect(r.raw).not.toMatch(/insert/i);
      expect(calls).toBe(2);
    } finally {
      log.write = write;
    }
  });
});
