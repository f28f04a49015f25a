import type {
  Charge,
  ComputerStatistics,
  MachineRow,
  MemberRow,
  OpenSessionRow,
  Pager,
  RatePlanRow,
  SessionEndResult,
  SessionRow,
  VenueAreaRow,
} from '@netbar/contract';
import { downloadFile } from '../../../lib/download';
import { http } from '../../../lib/http';

/** The session calls (one fetcher per call); keys in session-keys.ts, hooks in session-queries/mutations. */

type Params = Record<string, unknown>;

export const fetchOpen = async (p: Params) =>
  (await http.get<Pager<OpenSessionRow>>('online_session_list', p)).data;
export const fetchHistory = async (p: Params) =>
  (await http.get<Pager<SessionRow> & { total_fen: number }>('online_session_history', p)).data;
export const fetchDetail = async (id: number) =>
  (await http.get<SessionRow & { charge: Charge }>('online_session_detail', { id })).data;
export const startSession = (v: { member_id: number; machine_id: number }) =>
  http.post<{ id: number; charged_fen: number; minutes_left: number; plan_name: string }>(
    'online_session_start',
    v,
  );
export const endSession = (id: number) => http.post<SessionEndResult>('online_session_end', { id });

export const fetchPlans = async () => (await http.get<Pager<RatePlanRow>>('rate_plan_list')).data.list;
export const savePlan = (v: Params) => http.post<{ id: number }>('rate_plan_save', v, { json: true });
export const deletePlan = (id: number) => http.post<null>('rate_plan_delete', { id });

/** Choices for the forms: the store's areas, member levels, free machines, members by keyword. */
export const fetchAreas = async () => (await http.get<Pager<VenueAreaRow>>('venue_area_list')).data.list;
type Level = { id: number; name: string };
/** The member domain answers its levels as a plain list. */
export const fetchLevels = async () => (await http.get<Level[]>('member_level_list')).data;
export const fetchMachineChoices = async () =>
  (await http.get<Pager<MachineRow>>('machine_list', { page: 1, page_size: 1000 })).data.list;
export const fetchFreeMachines = async () =>
  (await fetchMachineChoices()).filter((m) => ['空闲', '离线', '预订'].includes(m.state));
export const searchMembers = async (keyword: string) =>
  (await http.get<Pager<MemberRow>>('member_list', { keyword, status: 1, page: 1, page_size: 20 })).data.list;

/** 上机统计 (240): start/end business days and optionally one store. */
export interface ComputerParams {
  start: string;
  end: string;
  store_id?: number;
}
export const fetchComputerStats = async (p: ComputerParams) =>
  (await http.get<ComputerStatistics>('computer_statistics', { ...p })).data;
export const exportComputerStats = (p: ComputerParams) =>
  downloadFile('computer_statistics_export', { ...p }, `上机统计-${p.start}至${p.end}.xlsx`);
