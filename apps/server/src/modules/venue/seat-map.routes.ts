import { idParam, layoutSaveBody, PERM, seatLinkSaveBody } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { actorOf, guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { findArea } from './area.repo.ts';
import { latestLayout } from './layout.repo.ts';
import { liveMap, saveLayout } from './layout.service.ts';
import { resetSeatLink, saveSeatLink, seatLink } from './reservation.service.ts';

const areaQuery = z.object({ area_id: idParam });

/** The seat-map editor (10518), the live map /diagram_detail (4002) and the public link's settings. */
export async function seatMapRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db } = app.deps;
  const EDIT = storeAccess(PERM.MACHINE_POSITION_DIAGRAM);
  const LIVE = storeAccess(PERM.DIAGRAM_DETAIL, PERM.MACHINE_POSITION_DIAGRAM);
  const TAGS = ['机位图'];

  r.get(
    '/seat_layout',
    { schema: { summary: '区域机位图（最新版本）', tags: TAGS, querystring: areaQuery }, config: EDIT },
    async (req) => {
      const s = storeScopeOf(req);
      if (!(await findArea(db, s, req.query.area_id))) throw new NotFoundError('区域不存在');
      return ok(await latestLayout(db, s, req.query.area_id));
    },
  );

  r.post(
    '/seat_layout_save',
    {
      schema: {
        summary: '保存机位图（每次保存为新版本，base_version 为编辑时载入的版本）',
        tags: TAGS,
        body: layoutSaveBody,
      },
      config: EDIT,
    },
    async (req) => ok(await saveLayout(db, storeScopeOf(req), req.body, actorOf(req).name), '保存成功'),
  );

  r.get(
    '/diagram_detail',
    { schema: { summary: '实时机位图（各区域机位状态）', tags: TAGS }, config: LIVE },
    async (req) => {
      const list = await liveMap(db, storeScopeOf(req));
      return ok({ list, page: 1, page_size: list.length, count: list.length });
    },
  );

  r.get(
    '/seat_link',
    { schema: { summary: '机位图公开链接（预订用）', tags: TAGS }, config: EDIT },
    async (req) => ok(await seatLink(db, storeScopeOf(req))),
  );

  r.post(
    '/seat_link_save',
    {
      schema: { summary: '设置公开链接（保留时长、启用）', tags: TAGS, body: seatLinkSaveBody },
      config: EDIT,
    },
    async (req) => ok(await saveSeatLink(db, storeScopeOf(req), req.body), '保存成功'),
  );

  r.post(
    '/seat_link_reset',
    { schema: { summary: '重置公开链接（旧链接和二维码立即失效）', tags: TAGS }, config: EDIT },
    async (req) => ok(await resetSeatLink(db, storeScopeOf(req)), '链接已重置'),
  );
}
