import type { FastifyInstance } from 'fastify';
import { expireDueRows } from './reservation.repo.ts';
import { seatsChanged } from './seat-events.ts';

const EVERY_MS = 30_000;

/**
 * The periodic half of reservation expiry (decision 102): every 30 s, outside tests, due reservations
 * of every store expire and their machines go back to 空闲, so the terminal and the live channel see
 * the change without anyone reading the map. Every read and write of a store's seats also expires its
 * due reservations first (check-on-read), so correctness never waits for this timer.
 */
export async function reservationExpiryJob(app: FastifyInstance) {
  app.jobs.add({
    name: 'reservation-expiry',
    title: '机位预订过期处理',
    everyMs: EVERY_MS,
    atStart: false,
    enabled: app.deps.config.NODE_ENV !== 'test',
    run: async () => {
      const freed = await expireDueRows(app.deps.db, null);
      if (freed.length) app.log.info({ freed: freed.length }, '过期机位预订已释放');
      const byStore = new Map<number, number[]>();
      for (const m of freed) byStore.set(m.netbar_id, [...(byStore.get(m.netbar_id) ?? []), m.id]);
      for (const [nid, ids] of byStore) seatsChanged(nid, ids);
    },
  });
}
