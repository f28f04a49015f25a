import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { KvStore } from '../../lib/kv.ts';
import { insertOutbox } from './outbox.repo.ts';
import { type SmsProvider, webhookSms } from './sms-webhook.ts';
import { TEST_CODE_TTL, testCodeKey, testHooksOn } from './test-codes.ts';

export interface OutgoingMessage {
  channel: 'sms' | 'email';
  to: string;
  purpose: string;
  subject: string;
  /** The full text as the recipient reads it. */
  text: string;
  /** The text with secrets masked: the only text the outbox record ever keeps. */
  maskedText: string;
  /** SMS template parameters (the code). */
  params: Record<string, string>;
  /** The provider's template (default SMS_TEMPLATE_CODE, the verification code). */
  template?: string;
  ip: string;
}

export interface Delivery {
  /** True when a real provider sends this channel; false: messages land in the outbox only. */
  hasProvider(channel: 'sms' | 'email'): boolean;
  send(m: OutgoingMessage): Promise<void>;
}

interface Mailer {
  sendMail(o: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
}

/**
 * SMS and email delivery. Every message gets an outbox row (消息发送记录) with the masked text (the
 * code as ******), so administrators who read the outbox never see a code: with a provider the row
 * records the outcome; without one nothing leaves the server (status outbox) and only the test hook
 * (E2E_TEST_HOOKS=1, never in production) keeps the plain code, in the key-value store.
 */
export function createDelivery(
  db: Db,
  config: Config,
  deps: { mailer?: Mailer; sms?: SmsProvider; kv?: KvStore } = {},
): Delivery {
  const mailer: Mailer | undefined =
    deps.mailer ?? (config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : undefined);
  const sms: SmsProvider | undefined =
    deps.sms ??
    (config.SMS_PROVIDER === 'webhook' && config.SMS_WEBHOOK_URL && config.SMS_WEBHOOK_SECRET
      ? webhookSms(config.SMS_WEBHOOK_URL, config.SMS_WEBHOOK_SECRET)
      : undefined);
  const hasProvider = (channel: 'sms' | 'email') => (channel === 'sms' ? !!sms : !!mailer);

  return {
    hasProvider,
    async send(m) {
      const base = { channel: m.channel, toAddr: m.to, purpose: m.purpose, subject: m.subject, ip: m.ip };
      if (!hasProvider(m.channel)) {
        await insertOutbox(db, { ...base, content: m.maskedText, status: 'outbox' });
        if (deps.kv && testHooksOn(config) && m.params.code)
          await deps.kv.set(testCodeKey(m.to), { code: m.params.code }, TEST_CODE_TTL);
        return;
      }
      try {
        if (m.channel === 'email' && mailer)
          await mailer.sendMail({ from: config.SMTP_FROM, to: m.to, subject: m.subject, text: m.text });
        if (m.channel === 'sms' && sms)
          await sms.send({
            to: m.to,
            template: m.template ?? config.SMS_TEMPLATE_CODE,
            params: m.params,
            signName: config.SMS_SIGN_NAME,
          });
        await insertOutbox(db, { ...base, content: m.maskedText, status: 'sent' });
      } catch (e) {
        const reason = e instanceof Error ? e.message : String(e);
        await insertOutbox(db, {
          ...base,
          content: m.maskedText,
          status: 'failed',
          error: reason.slice(0, 300),
        });
        throw e;
      }
    },
  };
}
