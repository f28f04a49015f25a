// Child process of bench/user-info.ts: starts, on one database, the real Fastify app and a bare node:http
// server that answers GET user_info with the same JSON after the same session lookup. Prints their ports.

import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import { sha256 } from '../apps/server/src/lib/crypto.ts';
import { buildUserRecord } from '../apps/server/src/modules/account/user-record.ts';
import { resolveAuth } from '../apps/server/src/plugins/auth.ts';

const url = process.argv[2] || undefined;
const database = await openDatabase(
  url ? { databaseUrl: url } : { dataDir: mkdtempSync(join(tmpdir(), 'nb-bench-')) },
);
await migrate(database);
await seedDemo(database.db);
const config = loadConfig({
  NODE_ENV: 'test',
  CAPTCHA_FIXED: '1234',
  LOG_LEVEL: 'silent',
  LOGIN_RATE_PER_MINUTE: '100000',
});
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const appPort = (app.server.address() as { port: number }).port;

const bare = createServer(async (req, res) => {
  const sid = /(?:^|;\s*)nb_sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  const sess = sid ? await app.deps.sessions.byId(sha256(sid)) : undefined;
  const auth = sess && (await resolveAuth(app, sess));
  res.setHeader('content-type', 'application/json; charset=utf-8');
  if (!sess || !auth) {
    res.statusCode = 401;
    res.end(JSON.stringify({ status: 40005, msg: '登录已过期，请重新登录', data: null }));
    return;
  }
  await app.deps.sessions.touch(sess);
  res.end(
    JSON.stringify({ status: 200, msg: '操作成功', data: await buildUserRecord(app.deps.db, auth, '') }),
  );
});
await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
const barePort = (bare.address() as { port: number }).port;

const login = await fetch(`http://127.0.0.1:${appPort}/api/v1/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' },
  body: 'user_name=demo_agent&password=demo123456&captcha=1234&type=1',
});
const cookie = (login.headers.getSetCookie().find((c) => c.startsWith('nb_sid=')) ?? '').split(';')[0];
process.stdout.write(`${JSON.stringify({ appPort, barePort, cookie })}\n`);
process.on('SIGTERM', async () => {
  await app.close();
  bare.close();
  await database.close();
  process.exit(0);
});
