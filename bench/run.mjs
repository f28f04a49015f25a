#!/usr/bin/env node
// `npm run bench`: every benchmark, each printing its figures. `npm run bench -- user-info` runs one.
import { spawnSync } from 'node:child_process';

const all = { 'user-info': 'user-info.ts', 'web-size': 'web-size.ts' };
const pick = process.argv.slice(2).filter((a) => a in all);
for (const name of pick.length ? pick : Object.keys(all)) {
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', new URL(all[name], import.meta.url).pathname], {
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
