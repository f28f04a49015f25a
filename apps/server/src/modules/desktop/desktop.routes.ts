import {
  DESKTOP_MSG,
  desktopDeleteBody,
  desktopGame,
  desktopIdQuery,
  desktopSaveBody,
  gameIconSvg,
  PERM,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { readOneFile } from '../../lib/upload-file.ts';
import { actorOf, guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { desktopConfig, desktopSettings, removeDesktop, saveDesktop } from './desktop.service.ts';
import { DESKTOP_FILE_KINDS, type DesktopFileKind, storePicture } from './desktop-files.ts';

const TAGS = ['桌面设置'];
const uploadQuery = z.object({
  kind: z.enum(DESKTOP_FILE_KINDS as [DesktopFileKind, ...DesktopFileKind[]], { error: '上传类型不正确' }),
});

/**
 * 桌面设置 (application desktop_settings 10503 and its editor /custom_desktop 4001, decision 192): read and
 * changed with 10503 (staff when granted). Another store's configuration answers as absent. The game
 * icons are public pictures (the PCs and the preview load them without a session).
 */
export async function desktopRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db, config, storage } = app.deps;
  const d = { db, storage, imagesBase: config.IMAGES_BASE };
  const access = storeAccess(PERM.DESKTOP_SETTINGS);

  r.get(
    '/desktop_settings',
    { schema: { summary: '本店桌面配置（默认与各区域、时段）', tags: TAGS }, config: access },
    async (req) => ok(await desktopSettings(d, storeScopeOf(req))),
  );

  r.get(
    '/desktop_config',
    { schema: { summary: '一个桌面配置', tags: TAGS, querystring: desktopIdQuery }, config: access },
    async (req) => ok(await desktopConfig(d, storeScopeOf(req), req.query.id)),
  );

  r.post(
    '/desktop_config_save',
    { schema: { summary: '保存桌面配置（新增或修改）', tags: TAGS, body: desktopSaveBody }, config: access },
    async (req) => ok(await saveDesktop(d, storeScopeOf(req), actorOf(req).name, req.body), '保存成功'),
  );

  r.post(
    '/desktop_config_delete',
    { schema: { summary: '删除桌面配置', tags: TAGS, body: desktopDeleteBody }, config: access },
    async (req) => {
      await removeDesktop(d, storeScopeOf(req), req.body.id);
      return ok(null, '删除成功');
    },
  );

  r.post(
    '/desktop_upload',
    {
      schema: {
        summary: '上传壁纸、自定义图标或登录广告图片（multipart 字段 file；按内容识别并缩放）',
        tags: TAGS,
        querystring: uploadQuery,
        consumes: ['multipart/form-data'],
      },
      config: access,
    },
    async (req) => {
      const { buf } = await readOneFile(req, {
        missing: DESKTOP_MSG.fileMissing,
        tooLarge: DESKTOP_MSG.tooLarge(8),
      });
      return ok(await storePicture(d.storage, d.imagesBase, req.query.kind, buf), '上传成功');
    },
  );

  r.get(
    '/desktop_game_icon',
    {
      schema: {
        summary: '常用游戏图标（SVG）',
        tags: TAGS,
        querystring: z.object({ id: z.string().max(40) }),
      },
      config: { auth: { public: true } },
    },
    async (req, reply) => {
      const g = desktopGame(req.query.id);
      if (!g) throw new NotFoundError('游戏不存在');
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(gameIconSvg(g));
    },
  );
}
