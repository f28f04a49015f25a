import type { Domain } from '../domain.ts';
import { fileImportRoutes } from './file-import.routes.ts';

/** 数据导入 from a file: members and goods from the old product's export (issue 19 item 4, decision 190). */
export const fileImportDomain: Domain = {
  name: 'file-import',
  service: 'passport',
  routes: [fileImportRoutes],
};

/** 从旧系统导入: a re-import's members already here with the same data count as already here. */
export { countReason } from './file-import.repo.ts';
/**
 * The seam a product connector (issue 19 item 3) feeds: rows in → dry run → commit through the member
 * ledger. A connector writes its rows as a csv with the generic preset's headers and opens a job.
 */
export {
  type ImportDeps,
  importIdle,
  jobOf,
  resumeStale,
  startCheck,
  startCommit,
  upload,
} from './file-import.service.ts';
/** Tests and the bench: a hook after each committed batch (a simulated crash). */
export { runHooks } from './file-import-run.ts';
/** The hourly sweep of uploads never committed (jobs/file-import-sweep.ts). */
export { sweepAbandonedImports } from './file-import-sweep.ts';
export { SAME_MEMBER } from './member-pass.ts';
