import type { SiyuCodeRow, SiyuStatRow } from '@netbar/contract';
import { http } from '../../../lib/http';

/** 私域运营 calls (decision 179); keys in siyu-keys.ts. */
export const fetchCodes = async () => (await http.get<SiyuCodeRow[]>('siyu_codes')).data;
export const fetchStats = async (days: number) =>
  (await http.get<SiyuStatRow[]>('siyu_scan_stats', { days })).data;
export const saveCode = async (b: Record<string, unknown>) =>
  (await http.post<{ id: number }>('siyu_code_save', b)).data;
export const deleteCode = async (b: { id: number }) => (await http.post<null>('siyu_code_delete', b)).data;
