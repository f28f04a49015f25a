// Child process of bench/scale.ts: on the scale database, the real Fastify app and a bare node:http
// server running the same SQL (the stock repos called directly, no session, validation or hooks).
// Prints their ports, the logins' cookies, the measured store and its own pid (for RSS).
import { createServer } from 'node:http';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { listLedger } from '../apps/server/src/modules/stock/stock-ledger.repo.ts';
import { stockReport } from '../apps/server/src/modules/stock/stock-report.repo.ts';
import { systemStoreScope } from '../apps/server/src/tenant/index.ts';

const [url, nidText] = process.argv.slice(2);
const nid = Number(nidText);
const scope = systemStoreScope(nid);
const database = await openDatabase({ databaseUrl: url! });
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
  const u = new URL(req.url ?? '/', 'http://x');
  const q = Object.fromEntries(u.searchParams) as Record<string, string>;
  const page = { page: Number(q.page ?? 1), page_size: Number(q.page_size ?? 10) };
  try {
    let data: unknown;
    if (u.pathname === '/ledger') data = await listLedger(database.db, scope, { ...q, ...page } as never);
    else if (u.pathname === '/report')
      data = await stockReport(database.db, scope, { ...q, ...page } as never);
    else data = null;
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.end(JSON.stringify({ status: 200, msg: '操作成功', data }));
  } catch (e) {
    res.statusCode = 500;
    res.end(String(e));
  }
});
await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
const barePort = (bare.address() as { port: number }).port;

async function login(user_name: string, type: number) {
  const r = await fetch(`http://127.0.0.1:${appPort}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' },
    body: `user_name=${user_name}&password=demo123456&captcha=1234&type=${type}`,
  });
  return (r.headers.getSetCookie().find((c) => c.startsWith('nb_sid=')) ?? '').split(';')[0];
}
const store = await login('demo_netbar', 3);
const agent = await login('demo_agent', 1);
process.stdout.write(`${JSON.stringify({ appPort, barePort, store, agent, pid: process.pid })}\n`);
process.on('SIGTERM', async () => {
  await app.close();
  bare.close();
  await database.close();
  process.exit(0);
});
