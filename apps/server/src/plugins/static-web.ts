import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { MSG, Status } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from './error-handler.ts';

/**
 * Serves the built console with a history-mode fallback: a non-API GET that matches no file gets
 * index.html; an unknown API path gets a 404 envelope.
 */
export const staticWebPlugin = fp(async (app: FastifyInstance, opts: { root?: string }) => {
  const root = opts.root;
  const hasWeb = !!root && existsSync(join(root, 'index.html'));
  if (hasWeb && root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders: (res, path) => {
        if (path.includes(`${join(root, 'assets')}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
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
