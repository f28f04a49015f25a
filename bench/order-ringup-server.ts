// Child process of bench/order-ringup.ts: the real app on the bench database, in its own process so the
// 20 simulated cashiers' HTTP clients never share its event loop. Prints one JSON line with its port.
// Server time of a request = the HTTP server's 'request' event to the response's 'finish' (it includes
// waiting for a pool connection and for the event loop, not the client's queueing). Requests carrying
// `x-ringup: <tag>` add their server time to that tag (one ring-up = its 5 scans + the order call).
// Every SQL statement the app sends (pg Client.query, pool and transaction clients alike: BEGIN, COMMIT
// and SAVEPOINT included) is counted. On a line `stats` on stdin it prints one JSON line with the times
// per path, per tag and the statement count since the last `stats`, then resets them.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';

const [url, poolMax] = process.argv.slice(2);
const out = (x: object) => process.stdout.write(`${JSON.stringify(x)}\n`);

let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  // RINGUP_SQL_LOG=1: every statement's first words on stderr (what the count is made of)
  if (process.env.RINGUP_SQL_LOG) {
    const q = args[0] as string | { text?: string };
    process.stderr.write(
      `SQL ${(typeof q === 'string' ? q : (q?.text ?? '')).replace(/\s+/g, ' ').slice(0, 110)}\n`,
    );
  }
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

const database = await openDatabase({ databaseUrl: url!, poolMax: poolMax ? Number(poolMax) : undefined });
const config = loadConfig({
  NODE_ENV: 'test',
  CAPTCHA_FIXED: '1234',
  LOG_LEVEL: 'silent',
  LOGIN_RATE_PER_MINUTE: '100000',
  LOGIN_DELAY_BASE_MS: '0',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'nb-ringup-')),
});
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });

let byPath: Record<string, number[]> = {};
let byTag: Record<string, number> = {};
app.server.on('request', (req, res) => {
  const t0 = performance.now();
  const tag = req.headers['x-ringup'];
  res.once('finish', () => {
    const ms = performance.now() - t0;
    const path = (req.url ?? '').split('?')[0]!;
    const xs = byPath[path] ?? [];
    xs.push(ms);
    byPath[path] = xs;
    if (typeof tag === 'string') byTag[tag] = (byTag[tag] ?? 0) + ms;
  });
});
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() !== 'stats') return;
  out({ byPath, byTag, statements });
  byPath = {};
  byTag = {};
  statements = 0;
});
out({ port: (app.server.address() as { port: number }).port, pool: database.kind });
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
