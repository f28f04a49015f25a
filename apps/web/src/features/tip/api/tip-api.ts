import type {
  MemberRow,
  TipCounterBody,
  TipListAnswer,
  TipPayoutBody,
  TipPayoutResult,
  TipResult,
  TipStaffOption,
  TipUnpaidRow,
} from '@netbar/contract';
import { downloadFile } from '../../../lib/download';
import { http } from '../../../lib/http';

/** The tip calls (/NetbarStaffManage/RewardRecord 274, 打赏 at the counter, 打赏发放 2741); keys in tip-keys.ts. */

type Params = Record<string, unknown>;
const clean = (p: Params) =>
  Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== null && v !== ''));

/** A fresh idempotency key for one tip or payout (kept by its dialog until it lands). */
export const requestId = () => `tp${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

export const fetchTips = async (p: Params) => (await http.get<TipListAnswer>('tip_list', clean(p))).data;
export const exportTips = (p: Params, name: string) => downloadFile('tip_export', clean(p), name);
export const fetchUnpaid = async () => (await http.get<TipUnpaidRow[]>('tip_unpaid')).data;
export const fetchTipStaff = async () => (await http.get<TipStaffOption[]>('tip_staff')).data;
export const staffOptions = async () =>
  (await fetchTipStaff()).map((s) => ({ value: s.id, label: `${s.name}（${s.position || '员工'}）` }));

export const tipAtCounter = async (b: TipCounterBody) => (await http.post<TipResult>('tip_counter', b)).data;
export const payout = async (b: TipPayoutBody) => (await http.post<TipPayoutResult>('tip_payout', b)).data;

/** Members by full card number or mobile (member_lookup: the counter's grant is enough). */
export async function findMembers(q: string): Promise<MemberRow[]> {
  try {
    return (await http.get<{ list: MemberRow[] }>('member_lookup', { q }, { silent: true })).data.list;
  } catch {
    return [];
  }
}
