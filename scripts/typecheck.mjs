#!/usr/bin/env node
// Strict typecheck of every workspace (tsc --noEmit per project); exits non-zero on the first error.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const tsc = join(root, 'node_modules', '.bin', 'tsc');
let ok = true;
for (const p of ['packages/contract', 'apps/server', 'apps/web', 'e2e', 'bench']) {
  const r = spawnSync(tsc, ['-p', p, '--noEmit'], { cwd: root, stdio: 'inherit' });
  console.log(`${r.status === 0 ? '✓' : '✗'} tsc ${p}`);
  ok &&= r.status === 0;
}
process.exit(ok ? 0 : 1);
