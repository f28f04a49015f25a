// Bundles the server (and the contract it imports as TypeScript source) into dist/main.js, and the
// xlsx export worker into dist/xlsx-worker.mjs.
// npm packages stay external: they are installed next to it.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((d) => d !== '@netbar/contract');

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((d) => `${d}/*`)],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
// the xlsx export worker (decision 065): main.js starts it as ./xlsx-worker.mjs beside itself
await build({
  entryPoints: ['src/lib/xlsx-worker.mjs'],
  outfile: 'dist/xlsx-worker.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: [...external, ...external.map((d) => `${d}/*`)],
  logLevel: 'warning',
});
console.log('服务端已构建：apps/server/dist/main.js, dist/xlsx-worker.mjs');
