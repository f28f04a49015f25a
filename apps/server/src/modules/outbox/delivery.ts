import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { insertOutbox } from './outbox.repo.ts';
import { type SmsProvider, webhookSms } from './sms-webhook.ts';

export interface OutgoingMessage {
  channel: 'sms' | 'email';
  to: string;
  purpose: string;
  subject: string;
  /** The full text as the recipient reads it. */
  text: string;
  /** The text with secrets masked, kept in the record when a provider really sends it. */
  maskedText: string;
  /** SMS template parameters (the code). */
  params: Record<string, string>;
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
 * SMS and email delivery. Every message gets an outbox row (消息发送记录): without a provider the row
 * is the delivery (development, demo, tests) and keeps the text; with a provider the row keeps the
 * masked text and the outcome.
 */
export function createDelivery(
  db: Db,
  config: Config,
  deps: { mailer?: Mailer; sms?: SmsProvider } = {},
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
        await insertOutbox(db, { ...base, content: m.text, status: 'outbox' });
        return;
      }
      try {
        if (m.channel === 'email' && mailer)
          await mailer.sendMail({ from: config.SMTP_FROM, to: m.to, subject: m.subject, text: m.text });
        if (m.channel === 'sms' && sms)
          await sms.send({
            to: m.to,
            template: config.SMS_TEMPLATE_CODE,
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
