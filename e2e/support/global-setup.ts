import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureBrowser } from '../../scripts/ensure-browser.mjs';
import { startLegacySim } from '../../tools/legacy-sim/server.ts';

const root = join(import.meta.dirname, '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

async function waitHealthy(url: string, child: ChildProcess) {
  // a fresh database migrates and seeds the demo data first: minutes on a busy machine, two at a time
  const deadline = Date.now() + 8 * 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy');
}

/** How many servers (and test files at a time): one per core up to 2, `E2E_WORKERS` to choose. */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || 2);

/** The legacy-product simulator every server imports from (its partner platform too; decision 195). */
let legacyUrl = '';

/** Starts the built server on a free port with a fresh PGlite folder and the demo data. */
async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'netbar-e2e-'));
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      NODE_ENV: 'test',
      CAPTCHA_FIXED: '1234',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_PER_MINUTE: '100000',
      LOGIN_DELAY_BASE_MS: '0',
      E2E_TEST_HOOKS: '1',
      LEGACY_IMPORT_URL: legacyUrl,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    const running = () => child.exitCode === null && child.signalCode === null;
    if (running()) {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      // a server still seeding the demo finishes its statement first: killed after 5 s
      await Promise.race([gone, new Promise((r) => setTimeout(r, 5_000))]);
      if (running()) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  started.push(stop);
  await waitHealthy(baseUrl, child);
  return baseUrl;
}

/** Every server started, so that a failed start stops the others too. */
const started: (() => Promise<void>)[] = [];
const stopAll = () => Promise.all(started.splice(0).map((stop) => stop()));

/**
 * Installs the browser if missing, builds the product, and starts one server per worker, each with its
 * own fresh data: the files of a worker run one after another against its server, as they always did,
 * and two workers never share a database.
 */
export default async function setup(project: TestProject) {
  ensureBrowser();
  const b = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit' });
  if (b.status !== 0) throw new Error('build failed');
  // a few thousand members a store: an import finishes in seconds and still shows its progress
  const sim = await startLegacySim(0, { members: 3000, collections: 50, log: () => {} });
  legacyUrl = sim.url;
  started.push(() => sim.close());
  const urls = await Promise.all(Array.from({ length: E2E_WORKERS }, startServer)).catch(async (e) => {
    await stopAll();
    throw e;
  });
  project.provide('baseUrls', urls);
  return async () => {
    await stopAll();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrls: string[];
  }
}
