import type {
  CouponRecordPage,
  CouponTemplateRow,
  MemberCouponRow,
  MemberRow,
  Pager,
} from '@netbar/contract';
import { downloadFile } from '../../../lib/download';
import { http } from '../../../lib/http';

/** 优惠券 calls (decision 186); keys in coupon-keys.ts. */
type Params = Record<string, unknown>;
const clean = (p: Params) =>
  Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== ''));

export const fetchTemplates = async (p: Params) =>
  (await http.get<Pager<CouponTemplateRow>>('coupon_template_list', clean(p))).data;
export const saveTemplate = async (b: Params) =>
  (await http.post<{ id: number }>('coupon_template_save', b)).data;
export const setTemplateStatus = async (b: { id: number; status: 'active' | 'disabled' }) =>
  (await http.post<null>('coupon_template_status', b)).data;
export const issueCoupon = async (b: { template_id: number; member_id: number; request_id: string }) =>
  (await http.post<MemberCouponRow>('coupon_issue', b)).data;
export const voidCoupon = async (b: { id: number }) => (await http.post<null>('coupon_void', b)).data;
export const fetchRecords = async (p: Params) =>
  (await http.get<Pager<MemberCouponRow> & CouponRecordPage>('coupon_record_list', clean(p))).data;
export const exportRecords = (p: Params) => downloadFile('coupon_record_export', clean(p), '优惠券记录.xlsx');
/** The goods categories a coupon's scope may name (quietly none when the caller cannot read them). */
export async function fetchCategories(): Promise<{ id: number; name: string }[]> {
  try {
    return (await http.get<Pager<{ id: number; name: string }>>('goods_class_list', {}, { silent: true }))
      .data.list;
  } catch {
    return [];
  }
}

/** Members by card number, mobile or name (member_lookup). */
export async function findMembers(q: string): Promise<MemberRow[]> {
  try {
    return (await http.get<{ list: MemberRow[] }>('member_lookup', { q }, { silent: true })).data.list;
  } catch {
    return [];
  }
}
export const requestId = () => `cp${Date.now()}${Math.random().toString(36).slice(2, 10)}`;
