import { ACCOUNTS, type Session } from './accounts.ts';
import { collection, goodsOf, member, type Summary, summaryOf } from './data.ts';
import type { Reply, Req, Router } from './router.ts';

/**
 * Stores of the logged-in account and their data, page by page (docs/legacy-connectors.md, "Data"):
 * `?cursor=<opaque>&limit=<1-5000>` → `{ items, next_cursor }` (null on the last page).
 */

export interface CatalogOptions {
  /** Members per store (200,000 by default; tests use a few hundred). */
  members: number;
  collections: number;
}

const MAX_LIMIT = 5000;

export function mountCatalog(
  router: Router,
  sessionOf: (t: string) => Session | undefined,
  opt: CatalogOptions,
) {
  const summaries = new Map<number, Summary>();

  /** The handler with the session and the store checked: 401 without a live session, 404 another's store. */
  const withStore =
    (fn: (store: number, req: Req) => Reply) =>
    (req: Req): Reply => {
      const s = sessionOf(req.token);
      if (!s) return [401, { code: 401, msg: '登录已过期，请重新登录' }];
      const store = Number(req.params.id);
      if (!ACCOUNTS[s.account]?.stores.some((x) => x.id === store))
        return [404, { code: 404, msg: '门店不存在或不属于该账号' }];
      return fn(store, req);
    };

  const page = <T>(req: Req, total: number, at: (i: number) => T): Reply => {
    const from = Number(req.query.get('cursor') || 0);
    const limit = Math.min(MAX_LIMIT, Math.max(1, Number(req.query.get('limit') || 1000)));
    if (!Number.isInteger(from) || from < 0 || !Number.isInteger(limit))
      return [400, { code: 400, msg: 'cursor 或 limit 不正确' }];
    const to = Math.min(total, from + limit);
    const items: T[] = [];
    for (let i = from; i < to; i++) items.push(at(i));
    return { code: 0, msg: 'ok', data: { items, next_cursor: to < total ? String(to) : null } };
  };

  router.register('GET /v1/stores', (req) => {
    const s = sessionOf(req.token);
    if (!s) return [401, { code: 401, msg: '登录已过期，请重新登录' }];
    return { code: 0, msg: 'ok', data: ACCOUNTS[s.account]?.stores ?? [] };
  });

  router.register(
    'GET /v1/stores/:id/summary',
    withStore((store) => {
      const s = summaries.get(store) ?? summaryOf(store, opt.members, opt.collections);
      summaries.set(store, s);
      return { code: 0, msg: 'ok', data: s };
    }),
  );
  router.register(
    'GET /v1/stores/:id/members',
    withStore((store, req) => page(req, opt.members, (i) => member(store, i))),
  );
  router.register(
    'GET /v1/stores/:id/goods',
    withStore((store, req) => {
      const g = goodsOf(store);
      return page(req, g.length, (i) => g[i]);
    }),
  );
  router.register(
    'GET /v1/stores/:id/collections',
    withStore((store, req) => page(req, opt.collections, (i) => collection(store, i))),
  );
}
