// Child process of bench/terminal-load.ts: the real app (NODE_ENV development, so the session checkpoint
// job runs every 30 s as in production) on the load database, listening on a free port. Prints one JSON
// line with its port, then one line per checkpoint pass as the job reports it (start and end, with the
// tally and its duration in ms). Closes on SIGTERM.
import { subscribe } from 'node:diagnostics_channel';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { checkpointPassChannel } from '../apps/server/src/jobs/session-checkpoint.ts';

const [url, memberKey] = process.argv.slice(2);
const out = (x: object) => process.stdout.write(`${JSON.stringify(x)}\n`);
subscribe(checkpointPassChannel.name, (m) => out({ pass: m }));

const database = await openDatabase({ databaseUrl: url! });
const config = loadConfig({
  NODE_ENV: 'development',
  CAPTCHA_FIXED: '1234',
  LOG_LEVEL: 'silent',
  LOGIN_RATE_PER_MINUTE: '100000',
  LOGIN_DELAY_BASE_MS: '0',
  MEMBER_FIELD_KEY: memberKey!,
  DATA_DIR: mkdtempSync(join(tmpdir(), 'nb-load-')),
});
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
out({ port: (app.server.address() as { port: number }).port, pid: process.pid });
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
