#!/usr/bin/env node
// `npm start`: build whatever is not built yet, then serve API and console on one port (PORT, default 8080).
import { spawn, spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const b = spawnSync(process.execPath, [`${root}scripts/build.mjs`], { stdio: 'inherit' });
if (b.status !== 0) process.exit(b.status ?? 1);
// the embedded demo database's snapshot, built once per migrations × demo code × day, so that a fresh
// DATA_DIR starts by copying it rather than migrating and seeding (decision 064)
if (!process.env.DATABASE_URL && !/^(0|false|no)$/i.test(process.env.SEED_DEMO ?? '')) {
  const p = spawnSync(process.execPath, [`${root}apps/server/dist/main.js`, '--prepare'], {
    stdio: 'inherit',
  });
  if (p.status !== 0) process.exit(p.status ?? 1);
}
const child = spawn(process.execPath, ['--enable-source-maps', `${root}apps/server/dist/main.js`], {
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
