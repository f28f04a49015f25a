import type { FileImportJob, FileImportKind, Pager } from '@netbar/contract';
import { downloadFile } from '../../../lib/download';
import { http } from '../../../lib/http';

/** The file import calls (decision 190); keys in file-import-keys.ts, hooks in the queries/mutations files. */

export interface ReconcileLine {
  item: string;
  source: number;
  landed: number;
  ok: boolean;
}

export const fileImportApi = {
  list: async (p: { page: number; page_size: number }) =>
    (await http.get<Pager<FileImportJob>>('file_import_list', p)).data,
  detail: async (id: number) => (await http.get<FileImportJob>('file_import_detail', { id })).data,
  reconcile: async (id: number) =>
    (await http.get<{ lines: ReconcileLine[]; moved: number }>('file_import_reconcile', { id })).data,
  upload: async ({ file, kind, preset }: { file: File; kind: FileImportKind; preset: string }) => {
    const form = new FormData();
    form.append('file', file);
    const q = new URLSearchParams({ kind, preset });
    return (await http.post<FileImportJob>(`file_import_upload?${q}`, form)).data;
  },
  check: async ({ id, mapping }: { id: number; mapping: Record<string, string> }) =>
    (await http.post<FileImportJob>('file_import_check', { id, mapping: JSON.stringify(mapping) })).data,
  commit: async (id: number) => (await http.post<FileImportJob>('file_import_commit', { id })).data,
  resume: async (id: number) => (await http.post<FileImportJob>('file_import_resume', { id })).data,
  checkExport: (id: number) => downloadFile('file_import_check_export', { id }, `导入校验-${id}.xlsx`),
  reconcileExport: (id: number) =>
    downloadFile('file_import_reconcile_export', { id }, `导入对账-${id}.xlsx`),
};
