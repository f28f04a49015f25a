import type {
  PrintTemplateRow,
  ShiftApproveBody,
  ShiftCashier,
  ShiftCurrent,
  ShiftDetail,
  ShiftHandoverBody,
  ShiftHandoverResult,
  ShiftOpenBody,
  ShiftPettyBody,
  ShiftRecordPage,
  ShiftRow,
  ShiftSettings,
  ShiftSettingsBody,
  ShiftSummary,
} from '@netbar/contract';
import { downloadFile } from '../../../lib/download';
import { http } from '../../../lib/http';

/** The shift calls (one fetcher per call); keys in shift-keys.ts, hooks in shift-queries / shift-mutations. */

type Params = Record<string, unknown>;
const clean = (p: Params) =>
  Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== null && v !== ''));

/** A fresh idempotency key for one write (kept by its dialog until it succeeds, so a retry reuses it). */
export const requestId = () => `s${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

export const fetchCurrent = async () => (await http.get<ShiftCurrent>('shift_current')).data;
export const fetchCashiers = async () => (await http.get<ShiftCashier[]>('shift_cashiers')).data;
export const openShift = (b: ShiftOpenBody) => http.post<{ shift: ShiftRow }>('shift_open', b);
export const pettyCash = (b: ShiftPettyBody) => http.post('shift_petty', b);
export const handover = (b: ShiftHandoverBody) =>
  http.post<ShiftHandoverResult>('shift_handover', b, { json: true });
export const approveShift = (b: ShiftApproveBody) => http.post('shift_approve', b);

export const fetchRecords = async (p: Params) =>
  (await http.get<ShiftRecordPage>('shift_record_list', clean(p))).data;
export const exportRecords = (p: Params) => downloadFile('shift_record_export', clean(p), '交班记录.xlsx');
export const fetchDetail = async (id: number) =>
  (await http.get<ShiftDetail>('shift_record_detail', { id })).data;

export const fetchSummary = async (p: Params) =>
  (await http.get<ShiftSummary>('shift_summary', clean(p))).data;
export const exportSummary = (p: Params) => downloadFile('shift_summary_export', clean(p), '交班汇总.xlsx');

export const fetchSettings = async () => (await http.get<ShiftSettings>('shift_settings')).data;
export const saveSettings = (b: ShiftSettingsBody) => http.post('shift_settings_save', b, { json: true });

/** The store's handover slip template (its default, or the built-in one); a refusal falls back silently. */
export const fetchSlipTemplate = async (): Promise<PrintTemplateRow | null> => {
  try {
    return (
      await http.get<PrintTemplateRow>('print_template_default', { kind: 'handover' }, { silent: true })
    ).data;
  } catch {
    return null;
  }
};
