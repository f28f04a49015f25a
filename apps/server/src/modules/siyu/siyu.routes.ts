import { PERM, SIYU_MSG, siyuSaveBody, siyuStatsQuery } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import * as svc from './siyu.service.ts';

const TAGS = ['私域运营'];
const idBody = z.object({ id: z.coerce.number({ error: SIYU_MSG.notFound }).int().min(1).max(2147483647) });

/** 私域运营 (siyu 10522, decision 179): the app must be enabled (the auth hook refuses otherwise). */
export async function siyuRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db, config } = app.deps;
  const access = storeAccess(PERM.SIYU);
  const files = { imagesBase: config.IMAGES_BASE, storage: app.deps.storage };

  r.get(
    '/siyu_codes',
    { schema: { summary: '私域运营：二维码列表（今日/累计扫码）', tags: TAGS }, config: access },
    async (req) => ok(await svc.siyuCodes(db, storeScopeOf(req))),
  );
  r.post(
    '/siyu_code_save',
    {
      schema: {
        summary: '私域运营：保存二维码（图片先经 upload_image 上传）',
        tags: TAGS,
        body: siyuSaveBody,
      },
      config: access,
    },
    async (req) => ok(await svc.saveCode(db, storeScopeOf(req), files, req.body), '保存成功'),
  );
  r.post(
    '/siyu_code_delete',
    { schema: { summary: '私域运营：删除二维码', tags: TAGS, body: idBody }, config: access },
    async (req) => {
      await svc.removeCode(db, storeScopeOf(req), req.body.id);
      return ok(null, '删除成功');
    },
  );
  r.get(
    '/siyu_scan_stats',
    {
      schema: { summary: '私域运营：每日扫码次数', tags: TAGS, querystring: siyuStatsQuery },
      config: access,
    },
    async (req) => ok(await svc.scanStats(db, storeScopeOf(req), req.query.days)),
  );
}

/**
 * The public scan link /s/<token> (outside the services' prefixes, no login): counts the scan and
 * redirects to the code's own stored picture. Any other query (?to=, ?url=) is ignored; an unknown
 * token answers 404 in Chinese.
 */
export async function siyuScanRoute(app: FastifyInstance) {
  const { db, config } = app.deps;
  const files = { imagesBase: config.IMAGES_BASE, storage: app.deps.storage };
  app.get<{ Params: { token: string } }>(
    '/s/:token',
    { schema: { hide: true }, config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
    async (req, reply) => {
      const image = await svc.scan(db, files, String(req.params.token ?? ''));
      if (!image) throw new NotFoundError(SIYU_MSG.notFound);
      return reply.header('cache-control', 'no-store').redirect(image, 302);
    },
  );
}
