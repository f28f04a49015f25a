import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp } from '../../test/harness.ts';
import { countOf } from '../../test/kit.ts';
import { createDelivery } from './delivery.ts';
import { webhookSms } from './sms-webhook.ts';

const msg = {
  channel: 'email' as const,
  to: 'a@example.com',
  purpose: 'password',
  subject: '验证码',
  text: '验证码为123456',
  maskedText: '验证码为******',
  params: { code: '123456' },
  ip: '1.2.3.4',
};

describe('delivery', () => {
  it('sends email over the mailer and keeps only the masked text; the e2e hook exists only when enabled', async () => {
    const t = await createTestApp({ E2E_TEST_HOOKS: '1' });
    try {
      const sent: string[] = [];
      const d = createDelivery(t.database.db, t.config, {
        mailer: { sendMail: async (o) => sent.push(o.text) },
      });
      expect(d.hasProvider('email')).toBe(true);
      expect(d.hasProvider('sms')).toBe(false);
      await d.send(msg);
      expect(sent).toEqual(['验证码为123456']);
      expect(await countOf(t, 'outbox', "status = 'sent' and content = '验证码为******'")).toBe(1);
      const outboxOnly = createDelivery(t.database.db, t.config, { kv: t.app.deps.kv });
      await outboxOnly.send({ ...msg, to: 'b@example.com' });
      expect(await countOf(t, 'outbox', "to_addr = 'b@example.com' and content = '验证码为******'")).toBe(1);
      const hook = await t
        .client()
        .get<{ code: string }>('/api/v1/__test/latest_code', { to: 'b@example.com' });
      expect(hook.data).toEqual({ code: '123456' });
      const failing = createDelivery(t.database.db, t.config, {
        mailer: { sendMail: async () => Promise.reject(new Error('连接失败')) },
      });
      await expect(failing.send(msg)).rejects.toThrow();
      expect(await countOf(t, 'outbox', "status = 'failed' and error = '连接失败'")).toBe(1);
    } finally {
      await t.close();
    }
  });

  it('signs webhook SMS requests with HMAC-SHA256', async () => {
    const calls: { headers: Record<string, string>; body: string }[] = [];
    const fake = (async (_url: string, init: { headers: Record<string, string>; body: string }) => {
      calls.push(init);
      return new Response('{}', { status: 200 });
    }) as unknown as typeof fetch;
    await webhookSms('https://sms.example.com/send', 'secret-secret-secret', fake).send({
      to: '13700000000',
      template: 'VERIFY_CODE',
      params: { code: '123456' },
      signName: '网吧云',
    });
    const { createHmac } = await import('node:crypto');
    const h = calls[0]!.headers;
    const expected = createHmac('sha256', 'secret-secret-secret')
      .update(`${h['x-timestamp']}\n${h['x-nonce']}\n${calls[0]!.body}`)
      .digest('hex');
    expect(h['x-signature']).toBe(expected);
  });

  it('the config refuses test hooks in production and a webhook without its secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', E2E_TEST_HOOKS: '1' })).toThrow(/不允许开启测试接口/);
    expect(() => loadConfig({ SMS_PROVIDER: 'webhook' })).toThrow(/SMS_WEBHOOK_SECRET/);
  });
});
