import { sqbNoQuery } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { guardStore, storeScopeOf } from '../../tenant/index.ts';
import { OWNER } from './merchant.routes.ts';
import { importSqb } from './merchant-store.service.ts';

/** POST /api/v1/import_sqb (passport service, spec section 7): link an existing 收钱吧 merchant by its number. */
export async function merchantImportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  r.post(
    '/import_sqb',
    {
      schema: { summary: '导入收钱吧商户（按商户号关联已有商户）', tags: ['商户进件'], body: sqbNoQuery },
      config: OWNER,
    },
    async (req) => {
      const s = storeScopeOf(req);
      return ok(await importSqb(app.deps.db, s.userId, s.netbarId, req.body.merchant_no), '导入成功');
    },
  );
}
