import { outboxQuery, PERM, UserType } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors.ts';
import { pager } from '../../lib/paging.ts';
import { ok } from '../../lib/reply.ts';
import { listOutbox } from './outbox.repo.ts';
import { testCodeKey, testHooksOn } from './test-codes.ts';

const TAGS = ['消息发送记录'];

/** 消息发送记录 for administrators, and the e2e-only code reader. */
export async function outboxRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config, kv } = app.deps;

  r.get(
    '/outbox_list',
    {
      schema: { summary: '消息发送记录（短信与邮件）', tags: TAGS, querystring: outboxQuery },
      config: { auth: { types: [UserType.Admin], perms: [PERM.OUTBOX_ADMIN] } },
    },
    async (req) => {
      const q = req.query;
      const { list, count } = await listOutbox(db, { channel: q.channel, to: q.to }, q);
      return ok(
        pager(q, {
          count,
          list: list.map((o) => ({
            id: o.id,
            channel: o.channel,
            to: o.toAddr,
            purpose: o.purpose,
            subject: o.subject,
            content: o.content,
            status: o.status,
            error: o.error,
            created_at: Math.floor(o.createdAt.getTime() / 1000),
          })),
        }),
      );
    },
  );

  // Test-only (docs/decisions/022-message-delivery.md): exists only with E2E_TEST_HOOKS=1 outside
  // production, so a browser test can read the code it was sent (kept by delivery.ts, never in the outbox).
  // The config refuses the flag in production.
  if (testHooksOn(config)) {
    r.get(
      '/__test/latest_code',
      {
        schema: {
          summary: '测试专用：读取发往某手机号或邮箱的最新验证码',
          tags: ['测试'],
          querystring: z.object({ to: z.string().min(3).max(100) }),
        },
        config: { auth: { public: true } },
      },
      async (req) => {
        const code = (await kv.get<{ code: string }>(testCodeKey(req.query.to)))?.code;
        if (!code) throw new NotFoundError('没有发往该地址的验证码');
        return ok({ code });
      },
    );
  }
}
