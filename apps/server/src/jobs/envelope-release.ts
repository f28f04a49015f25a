import type { FastifyInstance } from 'fastify';
import { releaseEnvelopes } from '../modules/activity/index.ts';
import { serialPasses } from './session-checkpoint.ts';

/** Between looks for a 线上红包 window that opened. */
export const ENVELOPE_RELEASE_EVERY_MS = 15_000;

/**
 * 线上红包 (decision 183): outside tests, at start-up and every 15 seconds, each running envelope whose daily
 * window is open and not yet released today is released once (its row is the guard across passes and
 * processes) and the machines online are told. Tests and the demo call the pass.
 */
export async function envelopeReleaseJob(app: FastifyInstance) {
  if (app.deps.config.NODE_ENV === 'test') return;
  const passes = serialPasses(async () => {
    try {
      await releaseEnvelopes(app.deps.db);
    } catch (e) {
      app.log.error(e, '线上红包推送失败');
    }
  });
  const timer = setInterval(() => void passes.tick(), ENVELOPE_RELEASE_EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => void passes.tick());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await passes.stop();
  });
}
