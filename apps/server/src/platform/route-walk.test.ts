import type { UserTypeValue } from '@netbar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, DEMO, type TestApp } from '../test/harness.ts';
import type { RouteInfo } from '../types.ts';

let t: TestApp;
const clients = new Map<string, Client>();
/** Each demo account's permission ids, as its login answered them. */
const pathIds = new Map<string, Set<number>>();

beforeAll(async () => {
  t = await createTestApp();
  for (const who of Object.values(DEMO)) {
    const c = t.client();
    const r = await c.login(who);
    clients.set(who.user_name, c);
    pathIds.set(who.user_name, new Set(r.data.auth.path.map((p) => p.id)));
  }
});
afterAll(() => t.close());

const SERVICES = ['/api/v1/', '/api/c1/', '/api/merchant/', '/businessimport/'];
const protectedRoutes = () =>
  t.app.routeList.filter((r) => SERVICES.some((p) => r.url.startsWith(p)) && !r.auth?.public);
const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1');
const bearer = (url: string) => !url.startsWith('/api/v1/');

function lacks(rule: RouteInfo['auth'], type: UserTypeValue, user: string): boolean {
  if (!rule) return false;
  if (rule.types && !rule.types.includes(type)) return true;
  const perms = pathIds.get(user) ?? new Set<number>();
  return !!rule.perms && !rule.perms.some((id) => perms.has(id));
}

/** Each walk visits every endpoint (×every user type lacking it): ~15 s quiet, several times that on a busy CI machine. */
const WALK_MS = 240_000;

describe('every protected endpoint', () => {
  it('there are protected endpoints on each service', () => {
    const urls = protectedRoutes().map((r) => r.url);
    for (const p of SERVICES) expect(urls.some((u) => u.startsWith(p))).toBe(true);
  });

  it(
    'answers 40005 without a session or token',
    async () => {
      const anon = t.client();
      const failures: string[] = [];
      for (const r of protectedRoutes()) {
        const res = await anon.request(
          r.method as 'GET' | 'POST',
          concrete(r.url),
          {},
          { bearer: bearer(r.url) },
        );
        if (res.status !== 40005) failures.push(`${r.method} ${r.url} → ${res.status} ${res.msg}`);
      }
      expect(failures).toEqual([]);
    },
    WALK_MS,
  );

  it(
    'refuses (40003) every user type and staff member lacking its permission',
    async () => {
      const failures: string[] = [];
      let checked = 0;
      for (const r of protectedRoutes()) {
        for (const who of Object.values(DEMO)) {
          if (!lacks(r.auth, who.type, who.user_name)) continue;
          const c = clients.get(who.user_name)!;
          const res = await c.request(
            r.method as 'GET' | 'POST',
            concrete(r.url),
            {},
            { bearer: bearer(r.url) },
          );
          checked++;
          if (res.status !== 40003)
            failures.push(`${who.user_name} ${r.method} ${r.url} → ${res.status} ${res.msg}`);
        }
      }
      expect(failures).toEqual([]);
      expect(checked).toBeGreaterThan(0);
    },
    WALK_MS,
  );

  it('every endpoint appears in the OpenAPI document with a Chinese summary', async () => {
    const doc = (await t.client().get('/api/openapi.json')) as unknown as { raw: string };
    const spec = JSON.parse(doc.raw) as { paths: Record<string, Record<string, { summary?: string }>> };
    const missing: string[] = [];
    for (const r of t.app.routeList.filter((x) => SERVICES.some((p) => x.url.startsWith(p)))) {
      const path = r.url.replace(/:([A-Za-z_]+)/g, '{$1}');
      const op = spec.paths[path]?.[r.method.toLowerCase()];
      if (!op?.summary || !/[\u4e00-\u9fa5]/.test(op.summary)) missing.push(`${r.method} ${r.url}`);
    }
    expect(missing).toEqual([]);
  });
});
