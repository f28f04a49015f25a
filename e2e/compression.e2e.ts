import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

// The console's files go out precompressed (docs/decisions/070-console-compression.md).
describe('compressed delivery', () => {
  it('the login page gets every hashed script compressed, as brotli when asked, cached for a year', async () => {
    const page = await newPage(browser);
    const scripts: { url: string; encoding?: string; cache?: string; accept: string }[] = [];
    page.on('response', async (r) => {
      if (!/\/assets\/.+\.js$/.test(r.url())) return;
      scripts.push({
        url: r.url(),
        encoding: r.headers()['content-encoding'],
        cache: r.headers()['cache-control'],
        accept: (await r.request().allHeaders())['accept-encoding'] ?? '',
      });
    });
    const doc = await page.goto(`${baseUrl()}/account/login`);
    expect(doc?.headers()['cache-control']).toBe('no-cache');
    await page.getByAltText('验证码').waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) {
      // the browser's own request: br where it offers br, otherwise gzip
      expect(s.encoding, s.url).toBe(s.accept.includes('br') ? 'br' : 'gzip');
      expect(s.cache).toBe('public, max-age=31536000, immutable');
    }
    // asked for brotli explicitly (a browser on HTTPS always offers it)
    const asset = scripts[0]!.url;
    const br = await page.request.get(asset, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers()['content-encoding']).toBe('br');
    expect((await br.body()).length).toBeGreaterThan(0);
    await page.context().close();
  });
});
