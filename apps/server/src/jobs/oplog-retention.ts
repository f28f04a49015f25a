import type { FastifyInstance } from 'fastify';

const DAY_MS = 86_400_000;

/**
 * Operation-log retention (docs/decisions/025-operation-log-pages.md): once a day, and once at start
 * outside tests, rows older than OPLOG_RETENTION_DAYS (never fewer than 180) are purged.
 */
export function oplogRetentionJob(app: FastifyInstance) {
  const { oplog, config } = app.deps;
  app.jobs.add({
    name: 'oplog-retention',
    title: '操作日志清理',
    everyMs: DAY_MS,
    enabled: config.NODE_ENV !== 'test',
    run: async () => {
      const n = await oplog.purge(config.OPLOG_RETENTION_DAYS);
      if (n) app.log.info({ purged: n }, '操作日志保留期清理完成');
    },
  });
}
