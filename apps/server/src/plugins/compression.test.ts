import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../test/harness.ts';

// The built console is served precompressed, JSON lists and exports compressed above 1 KB
// (docs/decisions/070-console-compression.md). The web is built once (skipped when up to date).
const root = join(import.meta.dirname, '../../../..');
const web = join(root, 'apps/web/dist');

let t: TestApp;
let asset: string;
beforeAll(async () => {
  const b = spawnSync(process.execPath, [join(root, 'scripts/build.mjs'), '--web'], { stdio: 'inherit' });
  if (b.status !== 0) throw new Error('构建失败');
  asset = readdirSync(join(web, 'assets')).find((f) => /^index-[\w-]+\.js$/.test(f)) ?? '';
  t = await createTestApp({ WEB_DIST: web });
}, 300_000);
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'x-requested-with': 'XMLHttpRequest', ...headers } });

describe('the built console', () => {
  it('sends a hashed asset as brotli when asked, cached for a year', async () => {
    expect(asset).not.toBe('');
    const r = await get(`/assets/${asset}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(r.headers.vary)).toMatch(/accept-encoding/i);
    const plain = readFileSync(join(web, 'assets', asset));
    expect(brotliDecompressSync(r.rawPayload).equals(plain)).toBe(true);
    expect(r.rawPayload.length).toBeLessThan(plain.length / 2);
  });
  it('sends gzip to a browser without brotli, and the plain file to one without either', async () => {
    const gz = await get(`/assets/${asset}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(readFileSync(join(web, 'assets', asset)))).toBe(true);
    const plain = await get(`/assets/${asset}`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(readFileSync(join(web, 'assets', asset)))).toBe(true);
  });
  it('never caches the page itself for long', async () => {
    for (const url of ['/account/login', '/index.html']) {
      const r = await get(url, { 'accept-encoding': 'br' });
      expect(r.statusCode).toBe(200);
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(r.rawPayload).toString()).toContain('<div id="root">');
    }
  });
});

describe('API answers', () => {
  it('compresses a list above 1 KB, not a tiny answer', async () => {
    const list = await get('/api/v1/get_area?parentID=0', { 'accept-encoding': 'gzip, deflate, br' });
    expect(list.headers['content-encoding']).toBe('br');
    const body = brotliDecompressSync(list.rawPayload);
    expect(body.length).toBeGreaterThan(1024);
    expect(JSON.parse(body.toString())).toMatchObject({ status: 200 });
    const tiny = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.json().status).toBe(200);
  });
  it('sends a streamed xlsx export as it is: its zip entries are deflated already', async () => {
    const c = await t.as(DEMO.admin);
    const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const r = await get('/api/v1/admin_log_export', { cookie, 'accept-encoding': 'gzip, br' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
