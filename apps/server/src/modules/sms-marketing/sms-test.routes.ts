import { PERM, quietUntil } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { guardStore, storeAccess } from '../../tenant/index.ts';
import { messagingOf } from '../outbox/index.ts';
import { dispatchSms } from './sms-dispatch.ts';

/**
 * Test-only (E2E_TEST_HOOKS=1, which the config refuses in production): NODE_ENV=test runs no dispatcher
 * job, so the browser test of issue 17 runs one dispatcher pass now — in quiet hours as at their end
 * (08:00), where 发送 has moved the campaign. The pass is the job's own (every due campaign, the daily cap).
 */
export async function smsTestRoutes(app: FastifyInstance) {
  const { config, db } = app.deps;
  if (!config.E2E_TEST_HOOKS || config.NODE_ENV === 'production') return;
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  r.post(
    '/__test/sms_dispatch',
    {
      schema: { summary: '测试专用：立即执行一次短信营销发送（免打扰时段按其结束时刻）', tags: ['测试'] },
      config: storeAccess(PERM.SMS_MARKETING),
    },
    async () => {
      const now = new Date();
      const at = quietUntil(now) ?? now;
      return ok(await dispatchSms(db, messagingOf(app.deps).delivery, config.SMS_MARKETING_DAILY_CAP, at));
    },
  );
}
