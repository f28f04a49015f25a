import { terminalDesktopQuery } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { terminalScopeOf } from '../../tenant/index.ts';
import { etagMatches, machineDesktop } from '../desktop/index.ts';
import { TERMINAL_CALL, TERMINAL_SECURITY, TERMINAL_TAGS } from './terminal-api.routes.ts';

/**
 * 桌面 of a PC (decision 192), beneath the terminal authentication hook: the effective desktop of one of
 * the store's machines with an ETag; a poll with If-None-Match of the current ETag gets 304 and no body.
 */
export async function terminalDesktopRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;

  r.get(
    '/terminal_desktop',
    {
      schema: {
        summary: '本机当前生效的桌面（壁纸、图标分组、滚动公告、登录广告；ETag / If-None-Match → 304）',
        tags: TERMINAL_TAGS,
        security: TERMINAL_SECURITY,
        querystring: terminalDesktopQuery,
      },
      config: TERMINAL_CALL,
    },
    async (req, reply) => {
      const s = terminalScopeOf(req);
      const { desktop, etag } = await machineDesktop(
        db,
        config.IMAGES_BASE,
        s.netbarId!,
        req.query.machine_id,
      );
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (etagMatches(req.headers['if-none-match'], etag)) return reply.code(304).send();
      return ok(desktop);
    },
  );
}
