import type {
  CommissionRuleRow,
  CommissionRuleSaveBody,
  Pager,
  PerformanceRecordPage,
  StaffPerformance,
} from '@netbar/contract';
import { downloadFile } from '../../../lib/download';
import { http } from '../../../lib/http';

/** The commission calls (/NetbarStaffManage/staff_performance 246); keys in commission-keys.ts. */

type Params = Record<string, unknown>;
const clean = (p: Params) =>
  Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== null && v !== ''));

export interface StaffOption {
  id: number;
  name: string;
  role: string;
}

export const fetchRules = async (p: Params) =>
  (await http.get<Pager<CommissionRuleRow>>('commission_rule_list', clean(p))).data;
export const saveRule = (b: CommissionRuleSaveBody) =>
  http.post<CommissionRuleRow>('commission_rule_save', b);
export const deleteRule = (id: number) => http.post('commission_rule_delete', { id });
export const fetchStaffOptions = async () => (await http.get<StaffOption[]>('commission_staff_options')).data;

export interface Period {
  start: string;
  end: string;
}
export const fetchPerformance = async (p: Period) =>
  (await http.get<StaffPerformance>('staff_performance', { ...p })).data;
export const exportPerformance = (p: Period) =>
  downloadFile('staff_performance_export', { ...p }, `员工业绩-${p.start}至${p.end}.xlsx`);
export const fetchRecords = async (p: Params) =>
  (await http.get<PerformanceRecordPage>('staff_performance_records', clean(p))).data;
