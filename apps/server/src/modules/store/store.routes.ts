import { pageQuery, storeSwitchBody, UserType } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { authOf, callOf } from '../../tenant/index.ts';
import { createStoreService } from './store.service.ts';

const TAGS = ['门店'];

export async function storeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const stores = createStoreService(app.deps);

  r.get(
    '/get_store_list',
    {
      schema: {
        summary: '可切换的门店列表（分页，可按名称搜索）',
        tags: TAGS,
        querystring: pageQuery.extend({
          keyword: z.string().trim().max(50, { error: '关键字最多50个字符' }).optional(),
        }),
      },
      config: { auth: { types: [UserType.Netbar, UserType.NetbarStaff] } },
    },
    async (req) => {
      const q = req.query;
      const r2 = await stores.list(authOf(req), q);
      return ok({ list: r2.list, page: q.page, page_size: q.page_size, count: r2.count });
    },
  );

  r.post(
    '/change_store',
    {
      schema: {
        summary: '切换门店（cid, pid, nid, change_type, chain_type）',
        tags: TAGS,
        body: storeSwitchBody,
      },
      // netbar staff switch among their granted stores only (decision 145)
      config: { auth: { types: [UserType.Netbar, UserType.NetbarStaff] }, oplog: false },
    },
    async (req) => ok(await stores.switch(callOf(req), authOf(req), req.body), '门店切换成功'),
  );
}
