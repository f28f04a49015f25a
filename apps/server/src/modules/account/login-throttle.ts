import { MSG } from '@netbar/contract';
import type { Config } from '../../config.ts';
import { TooManyError } from '../../lib/errors.ts';
import type { KvStore } from '../../lib/kv.ts';

/**
 * Repeated login failures: each failure waits longer before answering (base × 2^(n-1), at most 5 s),
 * and LOGIN_MAX_FAILURES failures for one account (LOGIN_IP_MAX_FAILURES for one IP) within
 * LOGIN_LOCK_MINUTES lock it until that window ends. See docs/decisions/004-login-throttle.md.
 */
export function createLoginThrottle(kv: KvStore, config: Config) {
  const window = config.LOGIN_LOCK_MINUTES * 60;
  const userKey = (name: string) => `lf:u:${name.toLowerCase()}`;
  const ipKey = (ip: string) => `lf:ip:${ip}`;
  const lockMessage = (seconds: number) => MSG.loginLocked(Math.max(1, seconds));
  return {
    async assertOpen(userName: string, ip: string): Promise<void> {
      const [u, i] = await Promise.all([kv.get<number>(userKey(userName)), kv.get<number>(ipKey(ip))]);
      if ((u ?? 0) >= config.LOGIN_MAX_FAILURES)
        throw new TooManyError(lockMessage(await kv.ttl(userKey(userName))));
      if ((i ?? 0) >= config.LOGIN_IP_MAX_FAILURES)
        throw new TooManyError(lockMessage(await kv.ttl(ipKey(ip))));
    },
    /** Records a failure and waits the growing delay. */
    async fail(userName: string, ip: string): Promise<void> {
      const [n] = await Promise.all([kv.incr(userKey(userName), window), kv.incr(ipKey(ip), window)]);
      const delay = Math.min(5000, config.LOGIN_DELAY_BASE_MS * 2 ** Math.max(0, n - 1));
      if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    },
    async succeed(userName: string): Promise<void> {
      await kv.del(userKey(userName));
    },
  };
}
