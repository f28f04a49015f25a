import { queryOptions, useQuery } from '@tanstack/react-query';
import { fileImportApi } from './file-import-api';
import { fileImportKeys } from './file-import-keys';

/** How often an open job is reloaded while it checks or writes (the spec's 3 s import polling). */
export const POLL_MS = 3000;
const busy = (s: string | undefined) => s === 'checking' || s === 'running';

export const fileImportDetailQuery = (id: number) =>
  queryOptions({ queryKey: fileImportKeys.detail(id), queryFn: () => fileImportApi.detail(id) });
/** The open job, polled every 3 s while it is being checked or written. */
export const useFileImportJob = (id: number | undefined) =>
  useQuery({
    ...fileImportDetailQuery(id ?? 0),
    enabled: id !== undefined,
    refetchInterval: (q) => (busy(q.state.data?.status) ? POLL_MS : false),
  });

export const fileImportReconcileQuery = (id: number) =>
  queryOptions({ queryKey: fileImportKeys.reconcile(id), queryFn: () => fileImportApi.reconcile(id) });
export const useFileImportReconcile = (id: number, enabled: boolean) =>
  useQuery({ ...fileImportReconcileQuery(id), enabled });
