import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDocsMode, ConfigError, loadConfig } from '../config.ts';
import { rows } from '../db/client.ts';
import { sha256 } from '../lib/crypto.ts';
import { captchaMac } from '../modules/account/captcha.service.ts';
import { CAPTCHA, createTestApp, DEMO, DEMO_PASSWORD, type TestApp } from '../test/harness.ts';

// Issue 11: each of these held for an attacker before the fix.
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
const count = async (app: TestApp, table: string) =>
  (await rows<{ n: number }>(app.database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

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

describe('5. ledgers are append-only', () => {
  beforeAll(async () => {
    await t.as(DEMO.agent); // a login writes log rows
    await t.as(DEMO.netbar);
  });
  const refused = async (q: ReturnType<typeof sql>) => expect(t.database.db.execute(q)).rejects.toThrow();

  it('UPDATE, DELETE and TRUNCATE are refused on every ledger, and no session flag opens them', async () => {
    expect(await count(t, 'stock_ledger')).toBeGreaterThan(0);
    await refused(sql`truncate operation_log`);
    await refused(sql`truncate wallet_ledger`);
    await refused(sql`truncate stock_ledger`);
    await refused(sql`update stock_ledger set delta = delta + 1`);
    await refused(sql`delete from stock_ledger`);
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.oplog_purge', 'on', true)`);
        await tx.execute(sql`delete from operation_log`);
      }),
    ).rejects.toThrow();
    expect(await count(t, 'operation_log')).toBeGreaterThan(0);
  });

  it('old rows leave only through ledger_purge, and never a ledger without retention', async () => {
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table operation_log disable trigger operation_log_no_change`);
      await tx.execute(
        sql`update operation_log set at = now() - interval '400 days' where id = (select min(id) from operation_log)`,
      );
      await tx.execute(sql`alter table operation_log enable trigger operation_log_no_change`);
    });
    await refused(sql`delete from operation_log where at < now() - interval '300 days'`);
    await refused(sql`select ledger_purge('wallet_ledger', 1)`);
    await refused(sql`select ledger_purge('stock_ledger', 1)`);
    const before = await count(t, 'operation_log');
    expect(await t.app.deps.oplog.purge(1)).toBe(1);
    expect(await count(t, 'operation_log')).toBe(before - 1);
  });
});

describe('8. browser security headers and Secure cookies', () => {
  const expectHeaders = (h: Record<string, unknown>) => {
    const csp = String(h['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['x-frame-options']).toBe('DENY');
    expect(h['referrer-policy']).toBe('same-origin');
  };

  it('the console and the API carry CSP, nosniff, Referrer-Policy and no framing', async () => {
    for (const url of ['/', '/api/v1/user_info', '/api/health']) {
      const res = await t.app.inject({ method: 'GET', url });
      expectHeaders(res.headers);
      expect(res.headers['strict-transport-security']).toBeUndefined(); // plain http
    }
  });

  it('https through a trusted proxy: HSTS and Secure cookies; an untrusted claim changes nothing', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const viaProxy = await proxied.client().request('GET', '/api/v1/get_captcha_img', undefined, {
      headers: https,
    });
    expect(viaProxy.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(String(viaProxy.headers['set-cookie'])).toMatch(/nb_cap=.*;\s*Secure/i);
    const login = await proxied
      .client()
      .request(
        'POST',
        '/api/v1/login',
        { ...DEMO.agent, password: DEMO_PASSWORD, captcha: CAPTCHA },
        { headers: https },
      );
    expect(login.status).toBe(200);
    expect(String(login.headers['set-cookie'])).toMatch(/nb_sid=.*;\s*Secure/i);
    const forged = await t.client().request('GET', '/api/v1/get_captcha_img', undefined, { headers: https });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
    expect(String(forged.headers['set-cookie'])).not.toMatch(/Secure/i);
  });
});

describe('9. captcha answers and API documentation', () => {
  it('stores an HMAC under a persisted server secret, not a hash of the answer', async () => {
    const c = t.client();
    await c.get('/api/v1/get_captcha_img');
    const id = c.cookies.get('nb_cap')!;
    const stored = await t.app.deps.kv.get<string>(`captcha:${sha256(id)}`);
    expect(stored).not.toBe(sha256(CAPTCHA.toLowerCase()));
    const secret = t.app.deps.config.CAPTCHA_SECRET!;
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(stored).toBe(captchaMac(secret, id, CAPTCHA));
    const [kept] = await rows<{ v: string }>(
      t.database.db,
      sql`select value #>> '{}' as v from kv where key = 'secret:captcha_hmac'`,
    );
    expect(kept?.v).toBe(secret);
    // a second process on the same database agrees on it
    expect(proxied.app.deps.config.CAPTCHA_SECRET).not.toBe(secret); // (its own database)
  });

  it('API docs: public in development, login by default in production, or off', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(anon.statusCode).toBe(401);
    expect(JSON.parse(anon.body).msg).toMatch(CHINESE);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(401);
    const admin = await t.as(DEMO.admin);
    const signedIn = await admin.get('/api/openapi.json');
    expect(signedIn.http).toBe(200);
    expect((await proxied.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(200);
    expect(apiDocsMode(loadConfig({ NODE_ENV: 'production' }))).toBe('login');
    expect(apiDocsMode(loadConfig({ NODE_ENV: 'development' }))).toBe('public');
    expect(apiDocsMode(loadConfig({ NODE_ENV: 'production', API_DOCS: 'off' }))).toBe('off');
  });
});
