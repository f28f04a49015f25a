import { createHash } from 'node:crypto';
import { PERM, SCREEN_LIMITS, screenLinkBody, screenPushBody, screenSaveBody } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BadInputError, BizError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { typeOfName } from '../../lib/storage.ts';
import { readOneFile } from '../../lib/upload-file.ts';
import { actorOf, guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { publicUrl } from '../upload/index.ts';
import { mediaKind } from './media-kind.ts';
import {
  changeLink,
  pushState,
  type ScreenDeps,
  saveScreen,
  screenSettings,
} from './secondary-screen.service.ts';

const TAGS = ['副屏'];
const mb = (n: number) => Math.floor(n / 1024 / 1024) || 1;

/**
 * 副屏设置 (application secondary_screen 10520, decision 191): the slideshow, its schedule and the link, read
 * and changed with 10520 (staff when granted). The 收银台 (264 or 2640, as order_create) pushes what it
 * shows; the push writes no operation log (a checkout sends a few a minute).
 */
export async function secondaryScreenRoutes(app: FastifyInstance, d: ScreenDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { config, storage } = app.deps;
  const access = storeAccess(PERM.SECONDARY_SCREEN);

  r.get(
    '/secondary_screen_settings',
    { schema: { summary: '本店副屏设置：轮播素材、播放时间与副屏链接', tags: TAGS }, config: access },
    async (req) => ok(await screenSettings(d, storeScopeOf(req))),
  );

  r.post(
    '/secondary_screen_save',
    { schema: { summary: '保存副屏轮播与播放时间', tags: TAGS, body: screenSaveBody }, config: access },
    async (req) => ok(await saveScreen(d, storeScopeOf(req), actorOf(req).name, req.body), '保存成功'),
  );

  r.post(
    '/secondary_screen_link',
    {
      schema: { summary: '重新生成或停用副屏链接（旧链接立即失效）', tags: TAGS, body: screenLinkBody },
      config: access,
    },
    async (req) => {
      const on = req.body.action === 'regenerate';
      const row = await changeLink(d, storeScopeOf(req), on, actorOf(req).name);
      return ok(row, on ? '已生成新的副屏链接，旧链接已失效' : '副屏链接已停用');
    },
  );

  r.post(
    '/secondary_screen_upload',
    {
      schema: {
        summary: '上传副屏素材（图片 PNG/JPEG/GIF/WebP 或视频 MP4/WebM，multipart 字段 file）',
        tags: TAGS,
        consumes: ['multipart/form-data'],
      },
      config: access,
    },
    async (req) => {
      const { buf } = await readOneFile(req, {
        missing: '请选择要上传的图片或视频',
        tooLarge: `视频不能超过${mb(SCREEN_LIMITS.videoMaxBytes)}MB`,
      });
      const m = mediaKind(buf);
      if (!m) throw new BadInputError('只能上传 PNG、JPEG、GIF、WebP 图片或 MP4、WebM 视频');
      const max = m.kind === 'image' ? config.UPLOAD_MAX_BYTES : SCREEN_LIMITS.videoMaxBytes;
      if (buf.length > max)
        throw new BizError(41300, `${m.kind === 'image' ? '图片' : '视频'}不能超过${mb(max)}MB`, 413);
      const name = `${createHash('sha256').update(buf).digest('hex').slice(0, 32)}.${m.ext}`;
      await storage.put('uploads', name, buf, typeOfName(name));
      return ok({ kind: m.kind, url: publicUrl(config.IMAGES_BASE, name) }, '上传成功');
    },
  );

  r.post(
    '/secondary_screen_push',
    {
      schema: {
        summary: '收银台推送副屏显示内容（购物车、应收、付款码、谢谢惠顾）',
        tags: TAGS,
        body: screenPushBody,
      },
      config: {
        ...storeAccess(PERM.ORDER_LIST, PERM.CASHIER),
        oplog: false,
        // a 收银台 pushes at most a few times a second (150 ms debounce); a runaway script is slowed
        rateLimit: { max: 600, timeWindow: '1 minute' },
      },
    },
    async (req) => {
      await pushState(d, storeScopeOf(req), req.body);
      return ok(null);
    },
  );
}
