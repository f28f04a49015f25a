import type { FastifyInstance } from 'fastify';

const DAY_MS = 86_400_000;

/**
 * Operation-log retention (docs/decisions/025-operation-log-pages.md): once a day, and once at start
 * outside tests, rows older than OPLOG_RETENTION_DAYS (never fewer than 180) are purged.
 */
export async function oplogRetentionJob(app: FastifyInstance) {
  const { oplog, config } = app.deps;
  const purge = async () => {
    try {
      const n = await oplog.purge(config.OPLOG_RETENTION_DAYS);
      if (n) app.log.info({ purged: n }, '操作日志保留期清理完成');
    } catch (e) {
      app.log.error(e, '操作日志清理失败');
    }
  };
  const timer = setInterval(purge, DAY_MS);
  timer.unref();
  app.addHook('onReady', async () => {
    if (config.NODE_ENV !== 'test') void purge();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
