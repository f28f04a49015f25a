import svgCaptcha from 'svg-captcha';
import type { Config } from '../../config.ts';
import { newSecret, sha256 } from '../../lib/crypto.ts';
import type { KvStore } from '../../lib/kv.ts';

export const CAPTCHA_COOKIE = 'nb_cap';

/**
 * Image captchas: the answer is kept server side under a random id (sent as an httpOnly cookie),
 * hashed, expires, and can be checked once. CAPTCHA_FIXED makes every answer that value (tests only;
 * refused in production by the config).
 */
export function createCaptchaService(kv: KvStore, config: Config) {
  const key = (id: string) => `captcha:${sha256(id)}`;
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
      await kv.set(key(id), sha256(answer.toLowerCase()), config.CAPTCHA_TTL_SECONDS);
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
      return !!stored && stored === sha256(answer.trim().toLowerCase());
    },
  };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;
