import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { ok } from '../lib/reply.ts';
import type { TenantScope } from './scope.ts';
import { guardStore, storeAccess, storeScopeOf } from './store-scope.ts';

/** An operating report (/operating_statements): its screen answer and its xlsx export, same query. */
export interface ReportRoute<Q extends z.ZodTypeAny> {
  /** the API path of the screen; the export is `<path>_export` */
  path: string;
  summary: string;
  exportSummary: string;
  tags: string[];
  /** the report's permission id: the owner, or staff holding it */
  perm: number;
  query: Q;
  /** `readDb`: the read replica (decision 201), for what the report reads after its writes (refreshRange). */
  read: (db: Db, s: TenantScope, q: z.infer<Q>, readDb: Db) => Promise<unknown>;
  exported: (db: Db, s: TenantScope, q: z.infer<Q>, reply: FastifyReply, readDb: Db) => Promise<unknown>;
}

/**
 * Registers a report's two routes the one way: the store re-checked (`guardStore`), netbar accounts and
 * staff holding `perm`, the scope from `storeScopeOf`, the screen answered with `ok`, the export
 * uncompressed (it streams).
 */
export function reportRoutes<Q extends z.ZodTypeAny>(app: FastifyInstance, route: ReportRoute<Q>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db, readDb } = app.deps;
  const config = storeAccess(route.perm);
  r.get(
    `/${route.path}`,
    { schema: { summary: route.summary, tags: route.tags, querystring: route.query }, config },
    async (req) => ok(await route.read(db, storeScopeOf(req), req.query as z.infer<Q>, readDb)),
  );
  r.get(
    `/${route.path}_export`,
    {
      compress: false,
      schema: { summary: route.exportSummary, tags: route.tags, querystring: route.query },
      config,
    },
    async (req, reply) => route.exported(db, storeScopeOf(req), req.query as z.infer<Q>, reply, readDb),
  );
}
