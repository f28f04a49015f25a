import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { invalidatePrincipals } from '../tenant/principal-cache.ts';
import { isStateChanging } from './csrf.ts';

/**
 * Several processes on one Redis (decision 198): each keeps its own short cache of sessions, principals
 * and store checks (tenant/principal-cache.ts, PRINCIPAL_TTL_MS). A state-changing request clears this
 * process's caches before and after it runs; here it also tells every other process, before its answer
 * leaves, so a logout, a password change or a withdrawn grant made through process A is not honoured by
 * process B for the rest of B's cache window. Embedded (no Redis): one process, nothing to tell.
 */
export async function authSync(app: FastifyInstance, redis: Redis, url: string, channel: string) {
  const onError = (e: unknown) => app.log.error({ err: e }, 'auth cache sync');
  const sub = new Redis(url, { maxRetriesPerRequest: null });
  sub.on('error', onError);
  sub.on('message', (ch: string) => {
    if (ch === channel) invalidatePrincipals();
  });
  await sub.subscribe(channel);
  app.addHook('onSend', async (req) => {
    if (isStateChanging(req)) await redis.publish(channel, '1').catch(onError);
  });
  app.addHook('onClose', async () => {
    sub.disconnect();
  });
}
