import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { MSG, Status } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from './error-handler.ts';

/**
 * Serves the built console with a history-mode fallback: a non-API GET that matches no file gets
 * index.html (never cached for long); an unknown API path gets a 404 envelope. Files go out
 * precompressed (brotli or gzip, written at build time: docs/decisions/070-console-compression.md).
 */
export const staticWebPlugin = fp(async (app: FastifyInstance, opts: { root?: string }) => {
  const root = opts.root;
  const hasWeb = !!root && existsSync(join(root, 'index.html'));
  if (hasWeb && root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside every text file; the variant the browser accepts is sent.
      preCompressed: true,
      setHeaders: (res, path) => {
        // Hashed assets never change; anything else (index.html) is revalidated on every visit.
        res.header(
          'cache-control',
          path.startsWith(join(root, 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (isApiPath(path) || req.method !== 'GET' || !hasWeb) {
      return reply.code(404).send({ status: Status.UNKNOWN_PATH, msg: MSG.unknownPath, data: null });
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
});
