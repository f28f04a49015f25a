import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyError } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeErrorLog } from '../plugins/error-handler.ts';
import { createTestApp, DEMO, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('state-changing GETs are judged by the matched route', () => {
  it.each(['/api/v1/logout/', '/api/v1/l%6Fgout', '/api/v1/logout//'])(
    '%s without the CSRF header is refused',
    async (url) => {
      const c = await t.as(DEMO.agent);
      const r = await c.request('GET', url, undefined, { headers: { 'x-requested-with': '' } });
      expect([40003, 404]).toContain(r.status);
      expect((await c.get('/api/v1/user_info')).status).toBe(200);
    },
  );
});

describe('disabled tenants', () => {
  it('a disabled agent takes its own and its staff accounts offline', async () => {
    const agent = await t.as(DEMO.agent2);
    await t.database.db.execute(
      sql`update agents set status = 2 where id = (select agent_id from users where user_name = 'demo_agent2')`,
    );
    expect((await agent.get('/api/v1/user_info')).status).toBe(40005);
    const again = await t
      .client()
      .post('/api/v1/login', { ...DEMO.agent2, password: 'demo123456', captcha: '1234' });
    expect(again.status).toBe(40003);
    expect(again.msg).toBe('账号已被停用，请联系管理员');
    await t.database.db.execute(
      sql`update agents set status = 1 where id = (select agent_id from users where user_name = 'demo_agent2')`,
    );
    expect(
      (await t.client().post('/api/v1/login', { ...DEMO.agent2, password: 'demo123456', captcha: '1234' }))
        .status,
    ).toBe(200);
  });

  it('a deleted store is neither listed nor switchable', async () => {
    const c = await t.as(DEMO.netbar);
    type Store = { nid: number; pid: number; cid: number; netbar_name: string; chain_type: number };
    const stores = (await c.get<{ list: Store[] }>('/api/v1/get_store_list')).data.list;
    const third = stores.find((s) => s.netbar_name === '星际网咖三店')!;
    await t.database.db.execute(sql`update netbars set status = 0 where id = ${third.nid}`);
    const after = (await c.get<{ list: Store[]; count: number }>('/api/v1/get_store_list')).data;
    expect(after.list.map((s) => s.nid)).not.toContain(third.nid);
    const r = await c.post('/api/v1/change_store', {
      cid: third.cid,
      pid: third.pid,
      nid: third.nid,
      change_type: 1,
      chain_type: third.chain_type,
    });
    expect(r.status).toBe(40004);
    await t.database.db.execute(sql`update netbars set status = 1 where id = ${third.nid}`);
  });
});

describe('error logs and unparseable requests', () => {
  it('logs no query parameters of a failed query', () => {
    const err = Object.assign(
      new Error(
        'Failed query: insert into users values ($1, $2)\nparams: racestaff1,$argon2id$v=19$secret,13912345678',
      ),
      {
        code: undefined,
        cause: { code: '23505', constraint: 'users_user_name_uq' },
      },
    ) as unknown as FastifyError;
    const logged = JSON.stringify(safeErrorLog(err));
    expect(logged).not.toMatch(/racestaff1|argon2id|13912345678/);
    expect(logged).toContain('23505');
  });

  it('answers a request line it cannot parse with the Chinese envelope', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const raw = await new Promise<string>((resolve) => {
      const s = connect(port, '127.0.0.1', () =>
        s.write('GET /api/v1/\u00ff\u00fe HTTP/1.1\r\nHost: x\r\n\r\n', 'latin1'),
      );
      let buf = '';
      s.on('data', (d) => {
        buf += d.toString('utf8');
      });
      s.on('close', () => resolve(buf));
      s.on('error', () => resolve(buf));
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    expect(raw).toContain('"status":40000');
    expect(raw).toContain('请求格式错误');
  });
});
