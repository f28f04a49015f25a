import type { FastifyInstance } from 'fastify';
import { runDueDraws } from '../modules/activity/index.ts';

/** Between looks for a due live draw. */
export const LIVE_DRAW_EVERY_MS = 15_000;

/**
 * 直播抽奖 (decision 178): outside tests, at start-up and every 15 seconds, every live draw whose time has
 * come and that was never drawn is drawn once (runDueDraws: the draw marks itself done in its own
 * transaction, so a restart or a second process draws nothing twice). Tests and the demo call the pass.
 */
export function liveDrawJob(app: FastifyInstance) {
  app.jobs.add({
    name: 'live-draw',
    title: '直播抽奖开奖',
    everyMs: LIVE_DRAW_EVERY_MS,
    enabled: app.deps.config.NODE_ENV !== 'test',
    run: () => runDueDraws(app.deps.db),
  });
}
