import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { rows } from '../db/client.ts';
import { seedAdmin, seedDemo } from '../demo/seed.ts';
import { maskUrl } from '../lib/log.ts';
import { createCaptchaService } from '../modules/account/captcha.service.ts';
import { createOpLog } from '../modules/oplog/oplog.service.ts';
import { createTestApp, DEMO, type TestApp } from '../test/harness.ts';

let t: TestApp;
let web: string;
beforeAll(async () => {
  web = mkdtempSync(join(tmpdir(), 'nb-web-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>网吧云管理平台</title>');
  t = await createTestApp({ BODY_LIMIT_BYTES: '4096', WEB_DIST: web });
});
afterAll(() => t.close());

describe('configuration', () => {
  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ NODE_ENV: 'production', CAPTCHA_FIXED: '1234' }, '生产环境'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ OPLOG_RETENTION_DAYS: '30' }, 'OPLOG_RETENTION_DAYS'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
  ])('refuses %o with a clear message', (env, word) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(word);
  });
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.DATA_DIR).toBe('./data');
    expect(c.SEED_DEMO).toBe(true);
    expect(c.OPLOG_RETENTION_DAYS).toBe(180);
  });
});

describe('envelope and errors', () => {
  it('an unknown API path answers 404 in the envelope', async () => {
    const r = await t.client().get('/api/v1/no_such_call');
    expect(r.http).toBe(404);
    expect(r).toMatchObject({ status: 404, msg: '接口不存在', data: null });
    expect((await t.client().post('/businessimport/nothing')).status).toBe(404);
  });
  it('refuses an over-large body with 413 and a Chinese message', async () => {
    const c = await t.as(DEMO.admin);
    const r = await c.post('/api/v1/admin_notice_save', {
      title: 't',
      content: 'x'.repeat(8000),
      user_types: '1',
    });
    expect(r.http).toBe(413);
    expect(r).toMatchObject({ status: 41300, msg: '请求内容过大' });
  });
  it('answers malformed JSON with 400, never a stack', async () => {
    const c = await t.as(DEMO.admin);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin_notice_save',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        cookie: `nb_sid=${c.cookies.get('nb_sid')}`,
      },
      payload: '{"title": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 40000, msg: '请求格式错误' });
    expect(res.body).not.toMatch(/at .*\.ts|stack/i);
  });
  it('accepts a timestamp parameter on every GET', async () => {
    const c = await t.as(DEMO.agent);
    for (const k of ['t', '_t', 'timestamp'])
      expect((await c.get('/api/v1/notice_list', { [k]: Date.now(), page: 1 })).status).toBe(200);
  });
});

describe('platform endpoints', () => {
  it('health answers when the database is reachable', async () => {
    const r = await t.client().get<{ db: string }>('/api/health');
    expect(r.status).toBe(200);
    expect(['pglite', 'postgres']).toContain(r.data.db);
  });
  it('serves the OpenAPI document and the reference page', async () => {
    const doc = JSON.parse((await t.client().get('/api/openapi.json')).raw);
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/v1/login'].post.summary).toMatch(/登录/);
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/html/);
  });
  it('serves the console with a history-mode fallback', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/goods/goods_list?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('网吧云管理平台');
    expect((await t.client().get('/api/v2/anything')).status).toBe(404);
  });
});

describe('secrets stay out of logs', () => {
  it('masks passwords, codes and tokens in logged URLs', () => {
    const m = maskUrl('/api/v1/x?code=123456&password=abc&token=t&captcha=9&page=2');
    expect(m).not.toMatch(/123456|abc|=t&|=9/);
    expect(m).toContain('page=2');
  });
});

describe('captcha', () => {
  it('serves an SVG image and sets an httpOnly cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/get_captcha_img?t=1' });
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.body).toMatch(/^<svg/);
    expect(String(res.headers['set-cookie'])).toMatch(/nb_cap=.*HttpOnly/i);
  });
  it('is single use and expires', async () => {
    const svc = createCaptchaService(t.app.deps.kv, {
      ...t.app.deps.config,
      CAPTCHA_FIXED: undefined,
      CAPTCHA_TTL_SECONDS: 1,
    });
    const { sha256 } = await import('../lib/crypto.ts');
    const { captchaMac } = await import('../modules/account/captcha.service.ts');
    const seal = (id: string) => captchaMac(t.app.deps.config.CAPTCHA_SECRET!, id, 'abcd');
    const a = await svc.issue();
    await t.app.deps.kv.set(`captcha:${sha256(a.id)}`, seal(a.id), 60);
    expect(await svc.check(a.id, 'wxyz')).toBe(false);
    expect(await svc.check(a.id, 'abcd')).toBe(false); // gone after the wrong guess
    const b = await svc.issue();
    await t.app.deps.kv.set(`captcha:${sha256(b.id)}`, seal(b.id), 60);
    expect(await svc.check(b.id, 'ABCD')).toBe(true);
    expect(await svc.check(b.id, 'abcd')).toBe(false); // single use
    const c = await svc.issue();
    await t.app.deps.kv.set(`captcha:${sha256(c.id)}`, seal(c.id), 1);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await svc.check(c.id, 'abcd')).toBe(false); // expired
  });
});

describe('operation log', () => {
  it('is append-only: rows can be neither changed nor deleted', async () => {
    await t.client().login(DEMO.agent);
    await expect(t.database.db.execute(sql`update operation_log set result = 'failure'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from operation_log`)).rejects.toThrow();
  });
  it('the purge never removes rows younger than 180 days', async () => {
    const log = createOpLog(t.database.db);
    const before = (
      await rows<{ n: number }>(t.database.db, sql`select count(*)::int n from operation_log`)
    )[0]!.n;
    expect(before).toBeGreaterThan(0);
    await log.purge(1);
    const after = (
      await rows<{ n: number }>(t.database.db, sql`select count(*)::int n from operation_log`)
    )[0]!.n;
    expect(after).toBe(before);
  });
  it('the writer takes who and from where, not a request', async () => {
    const log = createOpLog(t.database.db);
    const by = {
      auth: { userId: 1, userName: 'x\u0001y', type: 1, agentId: 7, nid: 0 } as const,
      ip: '10.0.0.9',
    };
    await log.write(by, { action: '直接写入', result: 'success', target: 't' });
    const r = await rows<{ user_name: string; ip: string; agent_id: number; netbar_id: number | null }>(
      t.database.db,
      sql`select user_name, ip, agent_id, netbar_id from operation_log where action = '直接写入'`,
    );
    expect(r).toEqual([{ user_name: 'x\\u0001y', ip: '10.0.0.9', agent_id: 7, netbar_id: null }]);
  });
  it('writes a row for every state-changing call, with the caller and result', async () => {
    const admin = await t.as(DEMO.admin);
    await admin.post('/api/v1/admin_notice_save', { title: '日志测试', content: '内容', user_types: '1' });
    await admin.post('/api/v1/admin_notice_publish', { id: 999999 });
    const r = await rows<{ action: string; result: string; user_name: string }>(
      t.database.db,
      sql`select action, result, user_name from operation_log where user_name = 'demo_admin' and action like '公告管理%' order by id desc limit 2`,
    );
    expect(r.reverse()).toEqual([
      { action: '公告管理：新建或修改草稿', result: 'success', user_name: 'demo_admin' },
      { action: '公告管理：发布公告', result: 'failure', user_name: 'demo_admin' },
    ]);
  });
});

describe('demo data', () => {
  it('is idempotent', async () => {
    const count = async () =>
      (
        await rows<{ n: number }>(
          t.database.db,
          sql`select (select count(*) from users) + (select count(*) from netbars) + (select count(*) from agents) as n`,
        )
      )[0]!.n;
    const before = Number(await count());
    await seedDemo(t.database.db);
    expect(Number(await count())).toBe(before);
  });
});

describe('without demo data', () => {
  it('creates one administrator once, with a generated password printed once', async () => {
    const pwd = await seedAdmin(t.database.db);
    expect(pwd).toMatch(/^[\w-]{16}$/);
    expect(await seedAdmin(t.database.db)).toBeUndefined();
    const r = await t
      .client()
      .post('/api/v1/login', { user_name: 'admin', type: 4, password: pwd, captcha: '1234' });
    expect(r.status).toBe(200);
  });
});
