import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject, onTestFailed, onTestFinished } from 'vitest';

/** This worker's server: worker N (VITEST_POOL_ID) has server N of the global setup. */
export const baseUrl = () => {
  const urls = inject('baseUrls');
  return urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length];
};
export const CAPTCHA = '1234';
export const PASSWORD = 'demo123456';

export const ACCOUNTS = {
  admin: { user_name: 'demo_admin', type: 4, label: '内部管理员' },
  agent: { user_name: 'demo_agent', type: 1, label: '代理商' },
  agentStaff: { user_name: 'demo_agent_staff', type: 2, label: '代理商员工' },
  netbar: { user_name: 'demo_netbar', type: 3, label: '网吧' },
  netbarStaff: { user_name: 'demo_netbar_staff', type: 5, label: '网吧员工' },
  pay: { user_name: 'demo_pay', type: 6, label: '支付公司' },
  agent2: { user_name: 'demo_agent2', type: 1, label: '代理商' },
  netbar2: { user_name: 'demo_netbar2', type: 3, label: '网吧' },
} as const;
export type Account = (typeof ACCOUNTS)[keyof typeof ACCOUNTS];

export async function launch(): Promise<Browser> {
  return chromium.launch({
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
}

const pageErrors = new WeakMap<Page, string[]>();

/** Uncaught errors and promise rejections the page has raised so far (then forgets them). */
export function takePageErrors(page: Page): string[] {
  const errors = pageErrors.get(page) ?? [];
  pageErrors.set(page, []);
  return errors;
}

/** Fails unless the page raised no uncaught error; for pages opened in beforeAll (use in afterEach). */
export function expectNoPageErrors(page: Page) {
  expect(takePageErrors(page), 'uncaught errors in the page').toEqual([]);
}

/**
 * A fresh context at 1440×900. Any uncaught error or promise rejection (`pageerror`) fails the test
 * that opened the page; a page opened outside a test is checked with `expectNoPageErrors`.
 */
export async function newPage(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await ctx.newPage();
  pageErrors.set(page, []);
  page.on('pageerror', (e) => pageErrors.get(page)?.push(`${page.url()}: ${e.message}`));
  try {
    onTestFinished(() => expectNoPageErrors(page));
    onTestFailed((ctx) => describeFailure(page, ctx.task.name));
  } catch {
    /* opened in a beforeAll hook: the spec checks it in afterEach */
  }
  return page;
}

/**
 * What a failed test left on the screen, printed into the run's log (CI keeps only the log): the URL, the
 * dialogs, toasts and form errors in view, and a screenshot `failure-…` beside the others.
 */
export async function describeFailure(page: Page, test: string) {
  if (page.isClosed()) return;
  try {
    const texts = async (css: string) =>
      (await page.locator(css).allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').slice(0, 300));
    const seen = {
      url: page.url(),
      dialogs: await texts('.ant-modal:visible, .ant-drawer:visible'),
      toasts: await texts('.ant-message-notice, .ant-notification-notice'),
      formErrors: await texts('.ant-form-item-explain-error'),
    };
    console.log(`[e2e 失败现场] ${test}\n${JSON.stringify(seen, null, 1)}`);
    await screenshot(page, `failure-${test.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 60)}`);
  } catch {
    /* the page went away with the failure */
  }
}

const SHOTS = join(import.meta.dirname, '..', '..', 'screenshots');

export async function screenshot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
}

/**
 * Logs in through the API inside the page's browser context (sets the session cookie) and stores the
 * user as the console does; use `loginViaForm` in the spec that tests the form itself.
 */
export async function loginViaApi(page: Page, who: Account) {
  await page.goto(`${baseUrl()}/account/login`);
  const user = await page.evaluate(
    async ({ who, captcha, password }) => {
      const body = new URLSearchParams({
        user_name: who.user_name,
        type: String(who.type),
        password,
        captcha,
      });
      const r = await fetch('/api/v1/login', {
        method: 'POST',
        body,
        headers: { 'x-requested-with': 'XMLHttpRequest' },
        credentials: 'include',
      });
      return (await r.json()).data;
    },
    { who, captcha: CAPTCHA, password: PASSWORD },
  );
  await page.evaluate((u) => {
    const s = JSON.stringify(u);
    localStorage.setItem('user', s);
    sessionStorage.setItem('user', s);
  }, user);
  return user;
}

/**
 * The spec-wide setup of a screen suite: one browser, one page signed in as `who` (handed to `ready`),
 * no uncaught page error after any test, the browser closed at the end.
 */
export function signedInSuite(who: Account, ready: (page: Page, browser: Browser) => void) {
  let browser: Browser | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    browser = await launch();
    page = await newPage(browser);
    await loginViaApi(page, who);
    ready(page, browser);
  });
  afterEach(async (ctx) => {
    if (page && ctx.task.result?.state === 'fail') await describeFailure(page, ctx.task.name);
    if (page) expectNoPageErrors(page);
  });
  afterAll(() => browser?.close());
}
