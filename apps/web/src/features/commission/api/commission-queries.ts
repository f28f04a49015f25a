import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPerformance, fetchStaffOptions, type Period } from './commission-api';
import { commissionKeys } from './commission-keys';

/** The store's staff for a person rule (the owner only). */
export const staffOptionsQuery = (enabled: boolean) =>
  queryOptions({ queryKey: commissionKeys.staff(), queryFn: fetchStaffOptions, enabled });
export const useStaffOptions = (enabled: boolean) => useQuery(staffOptionsQuery(enabled));

/** Every staff member's figures and commission for a period, with its 合计 and 退款冲减 lines. */
export const performanceQuery = (p: Period) =>
  queryOptions({ queryKey: commissionKeys.performance(p.start, p.end), queryFn: () => fetchPerformance(p) });
export const usePerformance = (p: Period) => useQuery(performanceQuery(p));
