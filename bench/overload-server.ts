// Child process of bench/overload.ts: the real app on an embedded PGlite data folder with the demo
// data, queue settings from the environment. Prints its port and a netbar session cookie.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { runDemoGenerators } from '../apps/server/src/demo/index.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';

const dir = mkdtempSync(join(tmpdir(), 'nb-overload-'));
const database = await openDatabase({ dataDir: dir });
await migrate(database);
await seedDemo(database.db);
await runDemoGenerators(database.db);
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  CAPTCHA_FIXED: '1234',
  LOG_LEVEL: 'silent',
  LOGIN_RATE_PER_MINUTE: '100000',
});
const app = await buildApp({ config, database, logger: false });
// What the server itself saw: time from Fastify receiving each request to its answer, by status.
const seen: Record<number, number[]> = {};
let deepest = 0;
app.addHook('onRequest', async () => {
  deepest = Math.max(deepest, app.dbGate?.queued ?? 0);
});
app.addHook('onResponse', async (_req, reply) => {
  seen[reply.statusCode] = [...(seen[reply.statusCode] ?? []), reply.elapsedTime];
});
const summary = () => {
  const all = Object.values(seen)
    .flat()
    .sort((a, b) => a - b);
  const p99 = all[Math.floor(all.length * 0.99)] ?? 0;
  const counts = Object.fromEntries(Object.entries(seen).map(([k, v]) => [k, v.length]));
  return {
    server_p99_ms: Math.round(p99),
    server_max_ms: Math.round(all.at(-1) ?? 0),
    counts,
    deepest_queue: deepest,
  };
};
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
const login = await fetch(`http://127.0.0.1:${port}/api/v1/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' },
  body: 'user_name=demo_netbar&password=demo123456&captcha=1234&type=3',
});
const cookie = (login.headers.getSetCookie().find((c) => c.startsWith('nb_sid=')) ?? '').split(';')[0];
process.stdout.write(`${JSON.stringify({ port, cookie })}\n`);
process.on('SIGTERM', async () => {
  process.stderr.write(`${JSON.stringify(summary())}\n`);
  await app.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
});
