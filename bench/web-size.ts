// Console weight and speed, in headless Chromium on the production build: the gzip JS bytes loaded by
// /account/login and by /home after login, and the time until the login form is usable.
// Goals (issue 3): login ≤ 200 KB gzip JS, shell ≤ 400 KB.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { ensureBrowser } from '../scripts/ensure-browser.mjs';

const root = join(import.meta.dirname, '..');
const PORT = 18000 + (process.pid % 1000);
const base = `http://127.0.0.1:${PORT}`;

function trackJs(page: Page) {
  let bytes = 0;
  const files: string[] = [];
  page.on('response', async (r) => {
    if (!r.url().endsWith('.js') || !r.ok()) return;
    try {
      bytes += gzipSync(await r.body(), { level: 9 }).length;
      files.push(r.url().split('/').pop() ?? '');
    } catch {
      /* navigation raced the body */
    }
  });
  return { total: () => bytes, files, reset: () => { bytes = 0; files.length = 0; } };
}

ensureBrowser();
if (spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' }).status !== 0) process.exit(1);
const dataDir = mkdtempSync(join(tmpdir(), 'nb-websize-'));
const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', CAPTCHA_FIXED: '1234', NODE_ENV: 'test', LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});
for (let i = 0; i < 200; i++) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {
    /* starting */
  }
  await new Promise((r) => setTimeout(r, 250));
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const times: number[] = [];
  let loginBytes = 0;
  for (let run = 0; run < 3; run++) {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    const js = trackJs(page);
    const t0 = Date.now();
    await page.goto(`${base}/account/login`);
    await page.locator('input[placeholder="请输入账号"]').waitFor({ state: 'visible' });
    await page.locator('input[placeholder="请输入账号"]').fill('demo_agent');
    times.push(Date.now() - t0);
    await page.waitForLoadState('networkidle');
    loginBytes = js.total();
    await ctx.close();
  }
  // Log in once, then open /home in a fresh context (cold cache) carrying that session.
  const loginCtx = await browser.newContext();
  const loginPage = await loginCtx.newPage();
  await loginPage.goto(`${base}/account/login`);
  const user: string = await loginPage.evaluate(async () => {
    const r = await fetch('/api/v1/login', {
      method: 'POST',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      body: new URLSearchParams({ user_name: 'demo_agent', password: 'demo123456', captcha: '1234', type: '1' }),
    });
    return JSON.stringify((await r.json()).data) as string;
  });
  const cookies = await loginCtx.cookies();
  await loginCtx.close();
  const ctx = await browser.newContext();
  await ctx.addCookies(cookies);
  await ctx.addInitScript((u) => {
    localStorage.setItem('user', u);
    sessionStorage.setItem('user', u);
  }, user);
  const page = await ctx.newPage();
  const js = trackJs(page);
  await page.goto(`${base}/home`);
  await page.waitForLoadState('networkidle');
  const shellBytes = js.total();
  times.sort((a, b) => a - b);
  console.log('\n控制台体积与速度（生产构建，无缓存）');
  console.log(`/account/login  JS ${(loginBytes / 1024).toFixed(1)} KB gzip（目标 ≤ 200 KB）`);
  console.log(`/home（登录后） JS ${(shellBytes / 1024).toFixed(1)} KB gzip（目标 ≤ 400 KB）`);
  console.log(`登录表单可用用时 中位数 ${times[1]} ms（3 次：${times.join(' / ')} ms）`);
} finally {
  await browser.close();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
