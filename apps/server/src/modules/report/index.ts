import type { Domain } from '../domain.ts';
import { operateStatisticRoutes } from './operate-statistic.routes.ts';
import { reportSettingsRoutes } from './report-settings.routes.ts';
import { salesRankingRoutes } from './sales-ranking.routes.ts';

/** 经营报表：营业日设置、日汇总（rollup）与经营统计（decisions 151, 152）. */
export const reportDomain: Domain = {
  name: 'report',
  service: 'passport',
  routes: [reportSettingsRoutes, operateStatisticRoutes, salesRankingRoutes],
};

// The rollup job (jobs/report-rollup.ts), the demo and the other reports: drain and refresh the daily
// rollups before reading them, and the check that recomputes a day from the raw records.
export {
  drainAll,
  drainDirty,
  recomputeDay,
  refreshedReader,
  refreshRange,
  rolledDays,
  rollupMismatches,
} from './report-rollup.repo.ts';
export { dayStartOf } from './report-settings.repo.ts';
