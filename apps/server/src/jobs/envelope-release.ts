import type { FastifyInstance } from 'fastify';
import { releaseEnvelopes } from '../modules/activity/index.ts';

/** Between looks for a 线上红包 window that opened. */
export const ENVELOPE_RELEASE_EVERY_MS = 15_000;

/**
 * 线上红包 (decision 183): outside tests, at start-up and every 15 seconds, each running envelope whose daily
 * window is open and not yet released today is released once (its row is the guard across passes and
 * processes) and the machines online are told. Tests and the demo call the pass.
 */
export function envelopeReleaseJob(app: FastifyInstance) {
  app.jobs.add({
    name: 'envelope-release',
    title: '线上红包推送',
    everyMs: ENVELOPE_RELEASE_EVERY_MS,
    enabled: app.deps.config.NODE_ENV !== 'test',
    run: () => releaseEnvelopes(app.deps.db),
  });
}
