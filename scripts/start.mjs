#!/usr/bin/env node
// `npm start`: build whatever is not built yet, then serve API and console on one port (PORT, default 8080).
import { spawn, spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const b = spawnSync(process.execPath, [`${root}scripts/build.mjs`], { stdio: 'inherit' });
if (b.status !== 0) process.exit(b.status ?? 1);
const child = spawn(process.execPath, ['--enable-source-maps', `${root}apps/server/dist/main.js`], {
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
