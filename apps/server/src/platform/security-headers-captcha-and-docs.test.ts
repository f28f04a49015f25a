import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDocsMode, loadConfig } from '../config.ts';
import { rows } from '../db/client.ts';
import { sha256 } from '../lib/crypto.ts';
import { captchaMac } from '../modules/account/captcha.service.ts';
import { CAPTCHA, createTestApp, DEMO, DEMO_PASSWORD, type TestApp } from '../test/harness.ts';

// Issue 11: browser security headers and Secure cookies, captcha answers under an HMAC, API docs modes.
let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  t = await createTestApp({ API_DOCS: 'login' });
  proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' });
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

const CHINESE = /[\u4e00-\u9fff]/;

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
