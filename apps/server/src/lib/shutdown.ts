import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { JOB_DRAIN_MS } from './job-runner.ts';

/** A stop that takes longer is cut short: within the 25 s a balancer or orchestrator waits (decision 193). */
export const SHUTDOWN_LIMIT_MS = 20_000;

/**
 * Graceful stop on SIGTERM or SIGINT (docs/decisions/193): the ready probe turns 503 at once, the
 * listening socket closes (new connections refused), idle keep-alive connections close, the console
 * WebSockets are closed with 1012 (reconnect), requests in flight finish, then the database closes and
 * the process exits 0. Anything still running after `limitMs` is cut and the process exits 1.
 * With `drainMs` (SHUTDOWN_DRAIN_MS, decision 199) the listener stays open that long after ready turns
 * 503 — answering with `Connection: close` — so that a balancer's health check takes the process out of
 * rotation before new connections are refused. Returns the handler (tests call it and remove it).
 */
export function stopOnSignals(
  app: FastifyInstance,
  database: Database,
  opts: { limitMs?: number; drainMs?: number; exit?: (code: number) => void } = {},
) {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const started = performance.now();
    app.lifecycle.draining = true;
    app.log.info({ signal }, '收到停止信号：不再接收新连接，完成进行中的请求后退出');
    const cut = setTimeout(() => {
      app.log.error('停止超时，强制退出');
      app.server.closeAllConnections();
      exit(1);
    }, opts.limitMs ?? SHUTDOWN_LIMIT_MS);
    cut.unref();
    try {
      // no new job run from now on; runs in flight finish (≤ 15 s) before the database closes (decision 197)
      const jobs = app.jobs.stop(JOB_DRAIN_MS);
      const drainMs = opts.drainMs ?? app.deps.config.SHUTDOWN_DRAIN_MS;
      if (drainMs > 0) await new Promise((r) => setTimeout(r, drainMs));
      await app.close();
      await jobs;
      await database.close();
      app.log.info({ ms: Math.round(performance.now() - started) }, '已停止');
      clearTimeout(cut);
      exit(0);
    } catch (e) {
      app.log.error({ err: e }, '停止时出错');
      exit(1);
    }
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  return stop;
}
