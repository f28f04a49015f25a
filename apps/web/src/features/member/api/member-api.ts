import {
  COUNTER_SCAN_TYPES,
  type CounterScanRow,
  type CounterScanType,
  type LevelRow,
  type MemberCouponRow,
  type MemberLedgerRow,
  type MemberMoveResult,
  type MemberRow,
  type MemberSettings,
  type Pager,
  type PayTypeData,
  type RedemptionRow,
  type ScanLogonInfo,
  Status,
  type TopUpPreview,
} from '@netbar/contract';
import { downloadFile } from '../../../lib/download';
import { HttpError, http } from '../../../lib/http';

/** The member calls, one fetcher each; keys in member-keys.ts, hooks in member-queries / member-mutations. */

type Params = Record<string, unknown>;
const clean = (p: Params) =>
  Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== null && v !== ''));

/** A fresh idempotency key for one money call (kept by the dialog, so a retried click reuses it). */
export const requestId = () => `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

export type MemberPage = Pager<MemberRow> & {
  totals: { principal_fen: number; bonus_fen: number };
  stores: { id: number; name: string }[];
};
export const fetchMembers = async (p: Params) => (await http.get<MemberPage>('member_list', clean(p))).data;
export const exportMembers = (p: Params) => downloadFile('member_export', clean(p), '会员列表.xlsx');
export const fetchMember = async (id: number) => (await http.get<MemberRow>('member_detail', { id })).data;
export const fetchLedger = async (p: Params) =>
  (await http.get<Pager<MemberLedgerRow>>('member_ledger', clean(p))).data;
export const saveMember = (v: Params) => http.post<MemberRow>('member_save', clean(v));
export const changeStatus = (v: { id: number; action: string }) => http.post<MemberRow>('member_status', v);
export const refundCard = (v: { id: number; reason: string; request_id: string }) =>
  http.post<MemberMoveResult>('member_refund', v);
export const revealCard = async (id: number) =>
  (await http.post<{ card_no: string }>('member_card_reveal', { id })).data;
export const topUp = (v: { member_id: number; amount_fen: number; request_id: string; remark?: string }) =>
  http.post<MemberMoveResult>('member_topup', clean(v));
/** 会员充值's preview (decision 187): the 营销活动 the amount would join; silent, the dialog just shows none. */
export const fetchTopUpPreview = async (member_id: number, amount_fen: number) =>
  (await http.get<TopUpPreview>('member_topup_preview', { member_id, amount_fen }, { silent: true })).data;
export const correct = (v: Params) => http.post<MemberMoveResult>('member_correct', clean(v));
export const transfer = (v: Params) => http.post<MemberMoveResult>('member_transfer', clean(v));
export const redeem = (v: Params) => http.post<MemberMoveResult>('member_redeem', clean(v));

export const fetchSettings = async () => (await http.get<MemberSettings>('member_settings')).data;
export const saveSettings = (v: Params) => http.post<MemberSettings>('member_settings_save', clean(v));

export const fetchLevels = async () => (await http.get<LevelRow[]>('member_level_list')).data;
export const saveLevel = (v: Params) => http.post<LevelRow>('member_level_save', clean(v));
export const deleteLevel = (id: number) => http.post<null>('member_level_delete', { id });

export type RedemptionPage = Pager<RedemptionRow> & { totals: { points: number } };
export const fetchRedemptions = async (p: Params) =>
  (await http.get<RedemptionPage>('redemption_list', clean(p))).data;
export const exportRedemptions = (p: Params) =>
  downloadFile('redemption_export', clean(p), '积分兑换记录.xlsx');

export const resetPassword = (v: { id: number; password: string }) =>
  http.post<{ id: number; name: string }>('member_password_reset', v);

/** The public QR logon page (no login): the ticket's store and machine, then the member's confirmation. */
export const fetchScanInfo = async (ticket: string) =>
  (await http.get<ScanLogonInfo>('scan_logon_info', { ticket }, { silent: true })).data;
export type ScanLogonDone = {
  machine_name: string;
  member_name: string;
  plan_name: string;
  minutes_left: number;
};
/** Silent: the page shows a refusal inside its card (a toast would cover the page's head on a phone). */
export const confirmScanLogon = (v: { ticket: string; account: string; password: string }) =>
  http.post<ScanLogonDone>('scan_logon_confirm', v, { silent: true });

/** 扫码充值 (decisions 169, 182): the store's 收银台 scan methods, the QR, its poll and its cancel. */
export async function fetchScanTypes(): Promise<{ pay_type: CounterScanType; name: string }[]> {
  const d = (await http.get<PayTypeData>('/api/c1/get_pay_type', {}, { silent: true })).data;
  return d.cashier.filter((m): m is typeof m & { pay_type: CounterScanType } =>
    (COUNTER_SCAN_TYPES as readonly string[]).includes(m.pay_type),
  );
}
/** A retried start (same request id) answers 40007 with the first QR: the same payment. */
export async function startScanTopUp(b: {
  member_id: number;
  amount_fen: number;
  pay_type: CounterScanType;
  request_id: string;
  remark?: string;
}): Promise<CounterScanRow> {
  try {
    return (await http.post<CounterScanRow>('member_scan_topup', clean(b), { json: true })).data;
  } catch (e) {
    if (e instanceof HttpError && e.status === Status.SILENT_2 && e.data) return e.data as CounterScanRow;
    throw e;
  }
}
export const queryScanTopUp = async (payment_no: string) =>
  (await http.get<CounterScanRow>('counter_scan_query', { payment_no }, { silent: true })).data;
export const cancelScanTopUp = async (payment_no: string) =>
  (await http.post<CounterScanRow>('counter_scan_cancel', { payment_no }, { json: true })).data;

/** 优惠券 (decision 186): every coupon of the member this store may see, newest first. */
export const fetchMemberCoupons = async (memberId: number) =>
  (await http.get<MemberCouponRow[]>('member_coupons', { member_id: memberId })).data;
