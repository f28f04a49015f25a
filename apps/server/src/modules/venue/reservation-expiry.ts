import type { FastifyInstance } from 'fastify';
import { expireDue } from './reservation.repo.ts';

const EVERY_MS = 30_000;

/**
 * The periodic half of reservation expiry (decision 102): every 30 s, outside tests, due reservations
 * of every store expire and their machines go back to 空闲, so the terminal and the live channel see
 * the change without anyone reading the map. Every read and write of a store's seats also expires its
 * due reservations first (check-on-read), so correctness never waits for this timer.
 */
export async function reservationExpiryJob(app: FastifyInstance) {
  if (app.deps.config.NODE_ENV === 'test') return;
  const sweep = async () => {
    try {
      const freed = await expireDue(app.deps.db, null);
      if (freed.length) app.log.info({ freed: freed.length }, '过期机位预订已释放');
    } catch (e) {
      app.log.error(e, '机位预订过期处理失败');
    }
  };
  const timer = setInterval(sweep, EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
