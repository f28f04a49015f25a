import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { BadInputError, BizError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { imageKind } from './image-kind.ts';

export const uploadDir = (c: { UPLOAD_DIR?: string; DATA_DIR: string }) =>
  resolve(c.UPLOAD_DIR ?? join(c.DATA_DIR, 'uploads'));

/**
 * POST upload_image: one PNG, JPEG, GIF or WebP picture (goods pictures and the like), kept under its
 * content hash in UPLOAD_DIR and served at IMAGES_BASE. The same picture uploaded twice is one file.
 */
export async function uploadRoutes(app: FastifyInstance) {
  const { config } = app.deps;
  const dir = uploadDir(config);
  mkdirSync(dir, { recursive: true });

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
      let buf: Buffer | undefined;
      try {
        const file = await req.file();
        buf = file ? await file.toBuffer() : undefined;
      } catch (e) {
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new BizError(41300, '图片过大', 413);
        throw new BadInputError('请选择要上传的图片');
      }
      if (!buf?.length) throw new BadInputError('请选择要上传的图片');
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
      writeFileSync(join(dir, name), buf);
      return ok({ url: `${config.IMAGES_BASE.replace(/\/?$/, '/')}${name}` }, '上传成功');
    },
  );
}

/** Serves the uploaded pictures at IMAGES_BASE when that is a local path. */
export async function uploadStatic(app: FastifyInstance) {
  const base = app.deps.config.IMAGES_BASE;
  if (!base.startsWith('/')) return;
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
