import { PERM, sessionIdBody } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { sessionEvents } from './session-events.ts';
import { ageAndCheckpoint } from './session-test-hook.ts';

/**
 * Test-only (E2E_TEST_HOOKS=1, which the config refuses in production): the browser test of issue 12's
 * "done when" watches a session bill and end by balance without waiting for the clock (decision 120).
 */
export async function sessionTestRoutes(app: FastifyInstance) {
  const { config, db } = app.deps;
  if (!config.E2E_TEST_HOOKS || config.NODE_ENV === 'production') return;
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  r.post(
    '/__test/session_checkpoint',
    {
      schema: {
        summary: '测试专用：把本店一个上机会话提前若干分钟并立即执行检查点扣费',
        tags: ['测试'],
        body: sessionIdBody.extend({ minutes: z.coerce.number().int().min(0).max(1440) }),
      },
      config: storeAccess(PERM.DIAGRAM_DETAIL),
    },
    async (req) =>
      ok(
        await ageAndCheckpoint(
          { db, events: sessionEvents() },
          storeScopeOf(req),
          req.body.id,
          req.body.minutes,
        ),
      ),
  );
}
