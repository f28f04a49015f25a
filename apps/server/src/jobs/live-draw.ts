import type { FastifyInstance } from 'fastify';
import { runDueDraws } from '../modules/activity/index.ts';
import { serialPasses } from './session-checkpoint.ts';

/** Between looks for a due live draw. */
export const LIVE_DRAW_EVERY_MS = 15_000;

/**
 * 直播抽奖 (decision 178): outside tests, at start-up and every 15 seconds, every live draw whose time has
 * come and that was never drawn is drawn once (runDueDraws: the draw marks itself done in its own
 * transaction, so a restart or a second process draws nothing twice). Tests and the demo call the pass.
 */
export async function liveDrawJob(app: FastifyInstance) {
  if (app.deps.config.NODE_ENV === 'test') return;
  const passes = serialPasses(async () => {
    try {
      await runDueDraws(app.deps.db);
    } catch (e) {
      app.log.error(e, '直播抽奖开奖失败');
    }
  });
  const timer = setInterval(() => void passes.tick(), LIVE_DRAW_EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => void passes.tick());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await passes.stop();
  });
}
