import type { OperateParams } from './report-api';

/** The operating-report query keys (decision 090). */
export const reportKeys = {
  all: ['report'] as const,
  operate: (p: OperateParams) => [...reportKeys.all, 'operate', p] as const,
  salesRanking: () => [...reportKeys.all, 'sales-ranking'] as const,
  prizeStatistics: () => [...reportKeys.all, 'prize-statistics'] as const,
};
