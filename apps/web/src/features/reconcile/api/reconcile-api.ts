import type {
  DiffKind,
  Pager,
  ReconcileDiff,
  ReconcileDiffPage,
  ReconcileRun,
  ReconcileRunBody,
} from '@netbar/contract';
import { downloadFile } from '../../../lib/download';
import { http } from '../../../lib/http';

/** 对账 (decision 168): the payment service's reconciliation calls (/api/c1, bearer token). */
const C1 = '/api/c1/';

export const reconcileKeys = {
  all: ['reconcile'] as const,
  runs: () => [...reconcileKeys.all, 'runs'] as const,
  diffs: (runId: number) => [...reconcileKeys.all, 'diffs', runId] as const,
  providers: () => [...reconcileKeys.all, 'providers'] as const,
};

export interface RunFilters extends Record<string, unknown> {
  provider?: string;
  day?: string;
}
export interface DiffFilters extends Record<string, unknown> {
  kind?: DiffKind;
  keyword?: string;
}

export const fetchProviders = async () => (await http.get<string[]>(`${C1}reconcile_providers`)).data;
export const fetchRuns = async (q: RunFilters & { page: number; page_size: number }) =>
  (await http.get<Pager<ReconcileRun>>(`${C1}reconcile_list`, q)).data;
export const fetchDiffs = async (q: DiffFilters & { run_id: number; page: number; page_size: number }) =>
  (await http.get<ReconcileDiffPage>(`${C1}reconcile_diff_list`, q)).data as Pager<ReconcileDiff>;
export const runReconcile = (b: ReconcileRunBody) => http.post<ReconcileRun>(`${C1}reconcile_run`, b);
export const exportDiffs = (q: DiffFilters & { run_id: number }) =>
  downloadFile(`${C1}reconcile_diff_export`, q, '对账差异.xlsx');
