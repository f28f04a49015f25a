import type { FastifyInstance } from 'fastify';
import { sweepAbandonedImports } from '../modules/file-import/index.ts';

/**
 * Uploads never committed (decision 196): outside tests, every hour, file imports nobody committed for 24 h
 * lose their uploaded file and their problem rows (sweepAbandonedImports; running, interrupted and done
 * imports are never touched).
 */
export function fileImportSweepJob(app: FastifyInstance) {
  const { db, config } = app.deps;
  app.jobs.add({
    name: 'file-import-sweep',
    title: '过期导入文件清理',
    everyMs: 3_600_000,
    enabled: config.NODE_ENV !== 'test',
    run: async () => {
      const r = await sweepAbandonedImports(db, config.DATA_DIR);
      if (r.files) app.log.info(r, '过期的导入文件已清理');
    },
  });
}
