import { createHmac } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Config } from '../../config.ts';
import { newSecret, safeEqual, sha256 } from '../../lib/crypto.ts';
import type { KvStore } from '../../lib/kv.ts';

export const CAPTCHA_COOKIE = 'nb_cap';

/** Used only when no CAPTCHA_SECRET reached the service (buildApp always provides one). */
const fallbackSecret = newSecret();

/**
 * Image captchas: the answer is kept server side under a random id (sent as an httpOnly cookie),
 * as an HMAC with the server's CAPTCHA_SECRET over id and answer (a stolen store of 4-character
 * answers cannot be brute-forced offline without the secret), expires, and can be checked once. CAPTCHA_FIXED makes every answer that value (tests only;
 * refused in production by the config).
 */
/** What is stored for one captcha: HMAC-SHA256(secret, id + answer), case and spaces ignored. */
export const captchaMac = (secret: string, id: string, answer: string) =>
  createHmac('sha256', secret).update(`${id}\n${answer.trim().toLowerCase()}`).digest('hex');

export function createCaptchaService(kv: KvStore, config: Config) {
  const key = (id: string) => `captcha:${sha256(id)}`;
  const mac = (id: string, answer: string) => captchaMac(config.CAPTCHA_SECRET ?? fallbackSecret, id, answer);
  return {
    async issue(): Promise<{ id: string; svg: string }> {
      const c = svgCaptcha.create({
        size: 4,
        noise: 2,
        color: true,
        ignoreChars: '0oO1ilI',
        width: 110,
        height: 40,
      });
      const answer = config.CAPTCHA_FIXED ?? c.text;
      const id = newSecret();
      await kv.set(key(id), mac(id, answer), config.CAPTCHA_TTL_SECONDS);
      return { id, svg: c.data };
    },
    /** True once for a right answer; the answer is gone after any check, right or wrong. */
    async check(id: string | undefined, answer: string): Promise<boolean> {
      if (config.CAPTCHA_FIXED && answer.toLowerCase() === config.CAPTCHA_FIXED.toLowerCase()) {
        if (id) await kv.del(key(id));
        return true;
      }
      if (!id) return false;
      const stored = await kv.take<string>(key(id));
      return !!stored && safeEqual(stored, mac(id, answer));
    },
  };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;
