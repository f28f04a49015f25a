#!/usr/bin/env node
// Builds what is not built yet (or is older than its sources): the server bundle and the web console.
// The contract is TypeScript source that both bundles compile in (docs/decisions/001-workspace-and-build.md).
// `--force` rebuilds everything; `--web` builds only the console. The console's text files are also
// written precompressed (.br, .gz) by the Vite build (docs/decisions/070-console-compression.md).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const force = process.argv.includes('--force');
const webOnly = process.argv.includes('--web');

function newest(dir) {
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

function stale(output, ...sources) {
  if (force || !existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((s) => existsSync(s) && newest(s) > built);
}

function run(label, cmd, args, cwd) {
  console.log(`» ${label}`);
  // Always a production build, even when called from a test runner that sets NODE_ENV=test.
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) {
    console.error(`构建失败：${label}`);
    process.exit(r.status ?? 1);
  }
}

const contract = join(root, 'packages/contract/src');
if (!webOnly && stale(join(root, 'apps/server/dist/main.js'), join(root, 'apps/server/src'), contract)) {
  run('构建服务端 apps/server', process.execPath, ['build.mjs'], join(root, 'apps/server'));
}
if (
  stale(
    join(root, 'apps/web/dist/index.html'),
    join(root, 'apps/web/src'),
    join(root, 'apps/web/index.html'),
    contract,
  )
) {
  run(
    '构建控制台 apps/web',
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    join(root, 'apps/web'),
  );
}
