// The built product on a free port with a fresh temporary DATA_DIR (as e2e/support/global-setup.ts
// does), for the web benchmarks. Builds what is stale first.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
export const CAPTCHA = '1234';
export const PASSWORD = 'demo123456';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('没有空闲端口'))));
    });
  });
}

export async function startBuiltServer(): Promise<{ base: string; stop: () => Promise<void> }> {
  if (spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' }).status !== 0)
    throw new Error('构建失败');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'nb-webbench-'));
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      CAPTCHA_FIXED: CAPTCHA,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_PER_MINUTE: '100000',
      LOGIN_DELAY_BASE_MS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  };
  // a fresh database migrates and seeds the demo data first: up to 3 minutes on a busy machine
  for (let i = 0; i < 720; i++) {
    if (child.exitCode !== null) throw new Error(`服务端已退出（${child.exitCode}）`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop };
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error('服务端未能启动');
}

/** The login form's fields, as the console posts them (captcha fixed by CAPTCHA_FIXED). */
export const loginForm = (user_name: string, type: number) =>
  new URLSearchParams({ user_name, password: PASSWORD, captcha: CAPTCHA, type: String(type) }).toString();
