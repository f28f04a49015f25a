// Console weight and speed, in headless Chromium on the production build: the gzip JS bytes loaded by
// /account/login and by /home after login, and the time until the login form is usable.
// Goals (issue 3): login ≤ 200 KB gzip JS, shell ≤ 400 KB. The login figure is the sum of the gzip sizes
// (level 9, each file on its own) of every script the page requests until the network is idle, modulepreload
// links included; the second figure adds what a person's first touch and typing load (the account-type
// select, the request client, the validation schema: docs/decisions/097-light-login-entry.md).
// Issue 13: the 收银台 (/order/cashier) ≤ 250 KB gzip JS on top of the store owner's shell, counted from /home
// to the screen ready to scan (docs/decisions/131-cashier-screen.md).
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

/** Every JS response of a page; `total()` gzips their bodies once the page has settled. */
function trackJs(page: Page) {
  let pending: Promise<number>[] = [];
  page.on('response', (r) => {
    if (!r.url().split('?')[0]!.endsWith('.js') || !r.ok()) return;
    // a response still arriving when the page is closed (after its figure was taken) has no body to read
    pending.push(
      r
        .body()
        .then((b) => gzipSync(b, { level: 9 }).length)
        .catch(() => 0),
    );
  });
  return {
    total: async () => (await Promise.all(pending)).reduce((a, b) => a + b, 0),
    count: () => pending.length,
    reset: () => {
      pending = [];
    },
  };
}

ensureBrowser();
if (spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' }).status !== 0)
  process.exit(1);
const dataDir = mkdtempSync(join(tmpdir(), 'nb-websize-'));
const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    CAPTCHA_FIXED: '1234',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
  },
  stdio: 'inherit',
});
// the first start migrates and writes 90 days of demo data: minutes on a busy machine
for (let i = 0; i < 2400; i++) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {
    /* starting */
  }
  await new Promise((r) => setTimeout(r, 250));
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
/** A page in a fresh context (cold cache) carrying the session of `user_name` (account type `type`). */
async function loggedIn(user_name: string, type: number): Promise<Page> {
  const loginCtx = await browser.newContext();
  const loginPage = await loginCtx.newPage();
  await loginPage.goto(`${base}/account/login`);
  const user: string = await loginPage.evaluate(
    async ([name, t]) => {
      const r = await fetch('/api/v1/login', {
        method: 'POST',
        headers: { 'x-requested-with': 'XMLHttpRequest' },
        body: new URLSearchParams({ user_name: name, password: 'demo123456', captcha: '1234', type: t }),
      });
      return JSON.stringify((await r.json()).data) as string;
    },
    [user_name, String(type)] as const,
  );
  const cookies = await loginCtx.cookies();
  await loginCtx.close();
  const ctx = await browser.newContext();
  await ctx.addCookies(cookies);
  await ctx.addInitScript((u) => {
    localStorage.setItem('user', u);
    sessionStorage.setItem('user', u);
  }, user);
  return ctx.newPage();
}

try {
  const times: number[] = [];
  let loginBytes = 0;
  let loginFiles = 0;
  let loginTypedBytes = 0;
  for (let run = 0; run < 3; run++) {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    const t0 = Date.now();
    await page.goto(`${base}/account/login`);
    const input = page.locator('input[placeholder="请输入账号"]');
    await input.waitFor({ state: 'visible' });
    await input.fill('demo_agent');
    times.push(Date.now() - t0);
    await ctx.close();
    // Bytes are counted in a second, clean visit: first the page alone, then after typing (which
    // loads the validation chunk on first use).
    const ctx2 = await browser.newContext();
    const p2 = await ctx2.newPage();
    const js2 = trackJs(p2);
    await p2.goto(`${base}/account/login`);
    await p2.waitForLoadState('networkidle');
    loginBytes = await js2.total();
    loginFiles = js2.count();
    await p2.locator('input[placeholder="请输入账号"]').fill('demo_agent');
    await p2.locator('input[placeholder="请输入账号"]').blur();
    await p2.waitForLoadState('networkidle');
    await p2.waitForTimeout(300);
    loginTypedBytes = await js2.total();
    await ctx2.close();
  }
  // Log in once, then open /home in a fresh context (cold cache) carrying that session.
  const page = await loggedIn('demo_agent', 1);
  const js = trackJs(page);
  await page.goto(`${base}/home`);
  await page.waitForLoadState('networkidle');
  const shellBytes = await js.total();
  // The 收银台 (issue 13): a store owner opens /home cold, then the cashier route in the same page (as a
  // click in the menu would); the figure is the JS the route loads on top of the shell.
  const owner = await loggedIn('demo_netbar', 3);
  const ownerJs = trackJs(owner);
  await owner.goto(`${base}/home`);
  await owner.getByText('快捷入口').first().waitFor({ timeout: 60_000 });
  await owner.waitForLoadState('networkidle');
  await owner.waitForTimeout(300);
  const storeShellBytes = await ownerJs.total();
  ownerJs.reset();
  await owner.evaluate(() => {
    history.pushState({}, '', '/order/cashier');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await owner.locator('input[placeholder^="扫码或输入条码"]').waitFor({ state: 'visible', timeout: 30_000 });
  await owner.waitForLoadState('networkidle');
  await owner.waitForTimeout(300);
  const cashierBytes = await ownerJs.total();
  const cashierFiles = ownerJs.count();
  times.sort((a, b) => a - b);
  console.log('\n控制台体积与速度（生产构建，无缓存）');
  console.log(
    `/account/login  JS ${(loginBytes / 1024).toFixed(1)} KB gzip，${loginFiles} 个文件（目标 ≤ 200 KB）；` +
      `首次操作并输入后（账号类型下拉、请求库、校验代码）共 ${(loginTypedBytes / 1024).toFixed(1)} KB`,
  );
  console.log(`/home（登录后） JS ${(shellBytes / 1024).toFixed(1)} KB gzip（目标 ≤ 400 KB）`);
  console.log(
    `/order/cashier 收银台 在外壳之上另加 JS ${(cashierBytes / 1024).toFixed(1)} KB gzip，${cashierFiles} 个文件（目标 ≤ 250 KB；网吧外壳 ${(storeShellBytes / 1024).toFixed(1)} KB）`,
  );
  console.log(`登录表单可用用时 中位数 ${times[1]} ms（3 次：${times.join(' / ')} ms）`);
} finally {
  await browser.close();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
