import { createHash } from 'node:crypto';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { BadInputError, BizError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { typeOfName, uploadDir } from '../../lib/storage.ts';
import { readOneFile } from '../../lib/upload-file.ts';
import { imageKind } from './image-kind.ts';
import { serveStored } from './upload-serve.ts';

export { uploadDir };

/** The public address of a stored upload: IMAGES_BASE + its name. */
export const publicUrl = (imagesBase: string, name: string) => `${imagesBase.replace(/\/?$/, '/')}${name}`;

/** The stored upload an address names (IMAGES_BASE + a plain file name), or undefined. */
export function uploadName(imagesBase: string, url: string): string | undefined {
  const base = imagesBase.replace(/\/?$/, '/');
  if (!url.startsWith(base)) return undefined;
  const name = url.slice(base.length);
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(name) && !name.includes('..') ? name : undefined;
}

/**
 * POST upload_image: one PNG, JPEG, GIF or WebP picture (goods pictures and the like), kept under its
 * content hash in storage's uploads (UPLOAD_DIR or the bucket, decision 200) and served at IMAGES_BASE.
 * The same picture uploaded twice is one file.
 */
export async function uploadRoutes(app: FastifyInstance) {
  const { config, storage } = app.deps;

  app.post(
    '/upload_image',
    {
      schema: {
        summary: '上传图片（PNG/JPEG/GIF/WebP，multipart 字段 file）',
        tags: ['文件'],
        consumes: ['multipart/form-data'],
      },
    },
    async (req) => {
      const { buf } = await readOneFile(req, { missing: '请选择要上传的图片', tooLarge: '图片过大' });
      if (buf.length > config.UPLOAD_MAX_BYTES) {
        throw new BizError(
          41300,
          `图片不能超过${Math.floor(config.UPLOAD_MAX_BYTES / 1024 / 1024) || 1}MB`,
          413,
        );
      }
      const kind = imageKind(buf);
      if (!kind) throw new BadInputError('只能上传 PNG、JPEG、GIF 或 WebP 图片');
      const name = `${createHash('sha256').update(buf).digest('hex').slice(0, 32)}.${kind}`;
      await storage.put('uploads', name, buf, typeOfName(name));
      return ok({ url: publicUrl(config.IMAGES_BASE, name) }, '上传成功');
    },
  );
}

/**
 * Serves the uploads at IMAGES_BASE when that is a local path: the files from the disk, or (S3) each
 * object streamed from the bucket, so the bucket needs no public access. An IMAGES_BASE that is a URL (a
 * CDN in front of the bucket) is served by that.
 */
export async function uploadStatic(app: FastifyInstance) {
  const base = app.deps.config.IMAGES_BASE;
  if (!base.startsWith('/')) return;
  if (app.deps.storage.kind !== 'local') return serveStored(app, base.replace(/\/?$/, '/'));
  await app.register(fastifyStatic, {
    root: uploadDir(app.deps.config),
    prefix: base.replace(/\/?$/, '/'),
    decorateReply: false,
    index: false,
    setHeaders: (res) => {
      res.header('cache-control', 'public, max-age=31536000, immutable');
      res.header('x-content-type-options', 'nosniff');
    },
  });
}
