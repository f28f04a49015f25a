import type { OplogRow, Pager } from '@netbar/contract';
import { downloadFile } from '../../../lib/download';
import { http } from '../../../lib/http';

export interface OplogFilters extends Record<string, unknown> {
  period?: [{ format: (f: string) => string }, { format: (f: string) => string }];
  action?: string;
  result?: 'success' | 'failure';
  user_name?: string;
}

function params(f: OplogFilters): Record<string, unknown> {
  const { period, ...rest } = f;
  return {
    ...rest,
    ...(period
      ? { start_date: period[0].format('YYYY-MM-DD'), end_date: period[1].format('YYYY-MM-DD') }
      : {}),
  };
}

/** get_operate_log (own tenant) or get_admin_log (administrators). */
export async function fetchOplog(
  admin: boolean,
  f: OplogFilters & { page: number; page_size: number },
): Promise<Pager<OplogRow>> {
  return (await http.get<Pager<OplogRow>>(admin ? 'get_admin_log' : 'get_operate_log', params(f))).data;
}

export async function exportOplog(admin: boolean, f: OplogFilters): Promise<void> {
  await downloadFile(admin ? 'admin_log_export' : 'operate_log_export', params(f), '操作日志.xlsx');
}
