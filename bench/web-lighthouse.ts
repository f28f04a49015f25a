// Lighthouse 12 (performance and accessibility) on one URL in Debian's chromium, cold cache. `user` logs
// in first (through the API, from a page that loads no console file) and keeps the session.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import { loginForm } from './web-server.ts';

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  transferredBytes: number;
}

async function logIn(port: number, base: string, who: { user_name: string; type: number }) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0]!.newPage();
  await page.goto(`${base}/api/health`);
  await page.evaluate(
    async ([body]) => {
      const r = await fetch('/api/v1/login', {
        method: 'POST',
        body,
        headers: {
          'x-requested-with': 'XMLHttpRequest',
          'content-type': 'application/x-www-form-urlencoded',
        },
      });
      const u = JSON.stringify((await r.json()).data);
      localStorage.setItem('user', u);
      sessionStorage.setItem('user', u);
    },
    [loginForm(who.user_name, who.type)],
  );
  await page.close();
  await browser.close();
}

export async function runLighthouse(
  url: string,
  profile: 'desktop' | 'mobile',
  user?: { base: string; user_name: string; type: number },
): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    if (user) await logIn(chrome.port, user.base, user);
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        // a logged-in run keeps its cookie and storage (the HTTP cache is still cold: nothing was loaded)
        disableStorageReset: !!user,
      },
      profile === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error('Lighthouse 没有结果');
    const { categories, audits } = result.lhr;
    const num = (id: string) => Math.round(audits[id]?.numericValue ?? Number.NaN);
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      lcpMs: num('largest-contentful-paint'),
      tbtMs: num('total-blocking-time'),
      fcpMs: num('first-contentful-paint'),
      transferredBytes: num('total-byte-weight'),
    };
  } finally {
    chrome.kill();
  }
}
