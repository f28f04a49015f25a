import { createHmac, timingSafeEqual } from 'node:crypto';
import { SMS_INBOUND_MSG, SMS_INBOUND_SKEW_S, smsInboundBody } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BadInputError, ForbiddenError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { inboundReply } from './sms-marketing.service.ts';

/** The header value as one string ('' when missing or repeated). */
const header = (v: string | string[] | undefined) => (typeof v === 'string' ? v : '');

/** hex(HMAC-SHA256(secret, timestamp \n nonce \n body)) compared in constant time; a stale timestamp fails. */
export function inboundSignatureOk(
  secret: string | undefined,
  h: { timestamp: string; nonce: string; signature: string },
  body: string,
  nowS = Math.floor(Date.now() / 1000),
): boolean {
  if (!secret || !/^\d{1,12}$/.test(h.timestamp) || !/^[A-Za-z0-9_-]{1,64}$/.test(h.nonce)) return false;
  if (Math.abs(nowS - Number(h.timestamp)) > SMS_INBOUND_SKEW_S) return false;
  if (!/^[0-9a-f]{64}$/i.test(h.signature)) return false;
  const want = createHmac('sha256', secret).update(`${h.timestamp}\n${h.nonce}\n${body}`).digest();
  return timingSafeEqual(want, Buffer.from(h.signature, 'hex'));
}

/**
 * The SMS provider's inbound webhook `POST /sms/inbound` (decision 183): a member's reply, signed with
 * SMS_WEBHOOK_SECRET as our outgoing webhook is. Outside the services' prefixes (no login, no cookie, so no
 * CSRF header: a gateway calls it); an unsigned or badly signed call is 403 before the body is read; a body
 * that is not `{mobile, text}` is refused in Chinese. T / TD / 退订 opts the mobile out for good.
 */
export async function smsInboundRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  // the signature covers the exact bytes: read every body as text here
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) =>
    done(null, body),
  );
  r.post(
    '/sms/inbound',
    {
      schema: {
        summary: '短信服务商回调：会员回复（回复 T/TD/退订 即永久退订；HMAC 签名）',
        tags: ['短信营销'],
        body: z.string({ error: SMS_INBOUND_MSG.body }).optional(),
      },
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
    },
    async (req) => {
      const body = typeof req.body === 'string' ? req.body : '';
      const signed = inboundSignatureOk(
        config.SMS_WEBHOOK_SECRET,
        {
          timestamp: header(req.headers['x-timestamp']),
          nonce: header(req.headers['x-nonce']),
          signature: header(req.headers['x-signature']),
        },
        body,
      );
      if (!signed) throw new ForbiddenError(SMS_INBOUND_MSG.signature);
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        throw new BadInputError(SMS_INBOUND_MSG.body);
      }
      if (!json || typeof json !== 'object' || Array.isArray(json))
        throw new BadInputError(SMS_INBOUND_MSG.body);
      const b = smsInboundBody.safeParse(json);
      if (!b.success) throw new BadInputError(b.error.issues[0]?.message ?? SMS_INBOUND_MSG.body);
      const res = await inboundReply(db, b.data.mobile, b.data.text);
      return ok(res, res.opted_out ? '已退订' : '已记录');
    },
  );
}
