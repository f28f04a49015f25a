// A real server process for the graceful-stop test (platform/graceful-shutdown.test.ts): the test's demo
// database (NB_TEST_DATABASE_URL, a PostgreSQL clone of the run's template; else a copy of the PGlite
// snapshot folder, removed at exit), the app as main.ts builds it, stopOnSignals, a free port printed as `PORT <n>`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { stopOnSignals } from '../lib/shutdown.ts';

const snapshot = process.env.NB_TEST_SNAPSHOT;
const databaseUrl = process.env.NB_TEST_DATABASE_URL;
if (!snapshot && !databaseUrl) throw new Error('NB_TEST_SNAPSHOT or NB_TEST_DATABASE_URL is required');
const dir = databaseUrl ? '' : mkdtempSync(join(tmpdir(), 'nb-serve-child-'));
if (dir) process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
const database = databaseUrl
  ? await openDatabase({ databaseUrl })
  : await openDatabase({ dataDir: dir, loadDataDir: snapshot as string });
const config = loadConfig({
  NODE_ENV: 'test',
  CAPTCHA_FIXED: '1234',
  LOGIN_DELAY_BASE_MS: '0',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
});
const app = await buildApp({ config, database, logger: false });
stopOnSignals(app, database);
await app.listen({ port: 0, host: '127.0.0.1' });
const addr = app.server.address();
process.stdout.write(`PORT ${typeof addr === 'object' && addr ? addr.port : 0}\n`);
