import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  fetchCashiers,
  fetchCurrent,
  fetchDetail,
  fetchSettings,
  fetchSlipTemplate,
  fetchSummary,
} from './shift-api';
import { shiftKeys } from './shift-keys';

/** The signed-in cashier's open shift with its figures (null shift: none open). */
export const currentQuery = () => queryOptions({ queryKey: shiftKeys.current(), queryFn: fetchCurrent });
export const useCurrentShift = () => useQuery(currentQuery());

/** Who may take over the till (the owner and the store's staff). */
export const useCashiers = (enabled = true) =>
  useQuery({ queryKey: shiftKeys.cashiers(), queryFn: fetchCashiers, enabled, staleTime: 60_000 });

/** One shift's handover slip data (figures, count, movements, carried orders). */
export const detailQuery = (id: number | null) =>
  queryOptions({ queryKey: shiftKeys.detail(id), queryFn: () => fetchDetail(id as number), enabled: !!id });
export const useShiftDetail = (id: number | null) => useQuery(detailQuery(id));

/** The summary of a period (by day, cashier and method, with the chart's series). */
export const useShiftSummary = (params: { start: string; end: string; cashier_id?: number }) =>
  useQuery({ queryKey: shiftKeys.summary(params), queryFn: () => fetchSummary(params) });

/** The cloud-billing handover settings. */
export const useShiftSettings = () => useQuery({ queryKey: shiftKeys.settings(), queryFn: fetchSettings });

/** The template the handover slip prints with (store default or built-in; null when unreadable). */
export const useSlipTemplate = () =>
  useQuery({ queryKey: shiftKeys.slipTemplate(), queryFn: fetchSlipTemplate, staleTime: 300_000 });
