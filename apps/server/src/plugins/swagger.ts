import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { apiDocsMode } from '../config.ts';
import { UnauthenticatedError } from '../lib/errors.ts';
import { findSession, resolveAuth } from './auth.ts';

/** OpenAPI 3 generated from the route schemas: /api/openapi.json, browsable at /api/docs. */
export const swaggerPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: '网吧云管理平台 API',
        version: '0.1.0',
        description: '统一信封 {status, msg, data}；见 docs/api-conventions.md',
      },
      components: {
        securitySchemes: {
          cookie: { type: 'apiKey', in: 'cookie', name: 'nb_sid' },
          bearer: { type: 'http', scheme: 'bearer' },
          // the terminal API (docs/decisions/110): the store's server key and the store's id
          serverKey: { type: 'apiKey', in: 'header', name: 'X-Server-Key' },
          netbarId: { type: 'apiKey', in: 'header', name: 'X-Netbar-Id' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // API_DOCS (docs/decisions/055-captcha-hmac-and-api-docs.md): public in development, signed-in users
  // only in production, or not served at all.
  const mode = apiDocsMode(app.deps.config);
  if (mode === 'off') return;
  const onRequest = async (req: FastifyRequest) => {
    if (mode !== 'login') return;
    const sess = (await findSession(app, req, 'cookie')) ?? (await findSession(app, req, 'bearer'));
    if (!sess || !(await resolveAuth(app, sess))) throw new UnauthenticatedError('请先登录后再查看接口文档');
  };
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list' },
    uiHooks: { onRequest },
  });
  app.get('/api/openapi.json', { schema: { hide: true }, onRequest }, async () => app.swagger());
});
