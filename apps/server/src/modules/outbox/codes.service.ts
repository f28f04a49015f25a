import { randomInt } from 'node:crypto';
import { ACCOUNT_MSG, OP_FROM_LABELS, Status, shanghaiDate } from '@netbar/contract';
import type { Config } from '../../config.ts';
import { sha256 } from '../../lib/crypto.ts';
import { BadInputError, BizError, TooManyError } from '../../lib/errors.ts';
import type { KvStore } from '../../lib/kv.ts';
import type { Delivery } from './delivery.ts';

export const CODE_TTL_SECONDS = 600;
export const RESEND_SECONDS = 180;
export const MAX_GUESSES = 5;

export type Channel = 'sms' | 'email';

/** Who a code is for: its purpose (register, retrieve, password ...), channel and address. */
export interface CodeTarget {
  purpose: string;
  channel: Channel;
  to: string;
  /** Binds the code to an account too (security centre, retrieval). */
  userId?: number;
}

/** Daily caps count per Beijing calendar day (they reset at 00:00 Asia/Shanghai, not 08:00). */
const today = () => shanghaiDate();
const keyOf = (t: CodeTarget) => sha256(`${t.purpose}|${t.channel}|${t.to.toLowerCase()}|${t.userId ?? 0}`);

/**
 * One-time codes by SMS or email: 6 digits, stored hashed, single use, 10 minutes, at most 5 guesses;
 * one code per address per 180 s and daily caps per address and per IP against SMS pumping
 * (docs/decisions/021-verification-codes.md).
 */
export function createCodeService(kv: KvStore, config: Config, delivery: Delivery) {
  return {
    async issue(t: CodeTarget, ip: string): Promise<{ wait: number }> {
      const addr = t.to.toLowerCase();
      const cooldown = `code:cd:${t.channel}:${sha256(addr)}`;
      const left = await kv.ttl(cooldown);
      if (left > 0) throw new TooManyError(ACCOUNT_MSG.resendWait(left));
      const dayTarget = await kv.incr(`code:day:${t.channel}:${sha256(addr)}:${today()}`, 86400);
      if (dayTarget > config.CODE_DAILY_MAX_PER_TARGET) {
        throw new TooManyError(t.channel === 'sms' ? ACCOUNT_MSG.dailyCapMobile : ACCOUNT_MSG.dailyCapEmail);
      }
      const dayIp = await kv.incr(`code:dayip:${sha256(ip)}:${today()}`, 86400);
      if (dayIp > config.CODE_DAILY_MAX_PER_IP) throw new TooManyError(ACCOUNT_MSG.dailyCapIp);
      await kv.set(cooldown, 1, RESEND_SECONDS);

      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const k = keyOf(t);
      await kv.set(`code:v:${k}`, sha256(`${k}:${code}`), CODE_TTL_SECONDS);
      await kv.del(`code:tries:${k}`);
      const what = OP_FROM_LABELS[t.purpose] ?? '身份验证';
      const text = (c: string) =>
        `【${config.SMS_SIGN_NAME}】您正在进行${what}操作，验证码为${c}，10分钟内有效，请勿泄露给他人。`;
      try {
        await delivery.send({
          channel: t.channel,
          to: t.to,
          purpose: t.purpose,
          subject: `${config.SYSTEM_NAME}验证码`,
          text: text(code),
          maskedText: text('******'),
          params: { code },
          ip,
        });
      } catch {
        await kv.del(`code:v:${k}`);
        await kv.del(cooldown);
        throw new BizError(Status.INTERNAL, '验证码发送失败，请稍后再试', 502);
      }
      return { wait: RESEND_SECONDS };
    },

    /** Checks a code; a right one is used up, a wrong one counts against the 5 guesses. */
    async verify(t: CodeTarget, code: string): Promise<void> {
      const k = keyOf(t);
      const stored = await kv.get<string>(`code:v:${k}`);
      if (!stored) throw new BadInputError(ACCOUNT_MSG.codeWrong);
      const tries = await kv.incr(`code:tries:${k}`, CODE_TTL_SECONDS);
      if (tries > MAX_GUESSES) {
        await kv.del(`code:v:${k}`);
        throw new BadInputError(ACCOUNT_MSG.codeTooManyTries);
      }
      if (stored !== sha256(`${k}:${code}`)) {
        if (tries >= MAX_GUESSES) {
          await kv.del(`code:v:${k}`);
          throw new BadInputError(ACCOUNT_MSG.codeTooManyTries);
        }
        throw new BadInputError(ACCOUNT_MSG.codeWrong);
      }
      // Single use: only the caller that takes the key wins.
      const taken = await kv.take<string>(`code:v:${k}`);
      if (taken !== stored) throw new BadInputError(ACCOUNT_MSG.codeWrong);
      await kv.del(`code:tries:${k}`);
    },

    /** Whether a code is waiting for this target (without using it). */
    async pending(t: CodeTarget): Promise<boolean> {
      return (await kv.get<string>(`code:v:${keyOf(t)}`)) !== undefined;
    },
  };
}
export type CodeService = ReturnType<typeof createCodeService>;
