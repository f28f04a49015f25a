import type {
  AuditQrcodeBody,
  FixedQrcode,
  Pager,
  PaymentListData,
  PaymentMethodRow,
  PaymentSettings,
  PaymentSortItem,
  PayProvider,
  PayType,
  PayTypeData,
  QrcodeListQuery,
  QuickPaymentStatus,
  StoreQrcodeData,
} from '@netbar/contract';
import { http } from '../../../lib/http';

/**
 * The payment service's store calls (/api/c1: JSON, bearer token, no cookie; decision 162); keys in
 * payment-method-keys.ts.
 */
const C1 = '/api/c1/';

export interface MethodSave {
  id?: number;
  pay_type?: PayType;
  name: string;
  cashier: boolean;
  client: boolean;
  provider?: PayProvider;
  settings?: PaymentSettings;
}

export const fetchPaymentList = async (storeId?: number) =>
  (await http.get<PaymentListData>(`${C1}payment_list`, storeId ? { store_id: storeId } : {})).data;
export const fetchPayTypes = async () => (await http.get<PayTypeData>(`${C1}get_pay_type`)).data;
export const savePaymentMethod = ({ id, pay_type, ...rest }: MethodSave) =>
  id
    ? http.post<PaymentMethodRow>(`${C1}payment_edit`, { id, ...rest })
    : http.post<PaymentMethodRow>(`${C1}payment_add`, { pay_type, ...rest });
export const enablePaymentMethod = (v: { id: number; enabled: boolean }) =>
  http.post<PaymentMethodRow>(`${C1}payment_enable`, v);
export const deletePaymentMethod = (id: number) => http.post(`${C1}payment_del`, { id });
export const savePaymentSort = (ids: number[]) =>
  http.post<PaymentSortItem[]>(`${C1}edit_payment_sort`, { ids });

export const fetchQuickPayment = async () =>
  (await http.get<QuickPaymentStatus>(`${C1}get_quick_payment_status`)).data;
export const switchQuickPayment = (enabled: boolean) =>
  http.post<QuickPaymentStatus>(`${C1}switch_quick_payment`, { enabled });

export const fetchStoreQrcode = async () => (await http.get<StoreQrcodeData>(`${C1}get_qrcode`)).data;
export const applyQrcode = () => http.post<StoreQrcodeData>(`${C1}apply_fixed_qrcode`, {});

export const fetchQrcodeQueue = async (q: Partial<QrcodeListQuery> & { page: number; page_size: number }) =>
  (await http.get<Pager<FixedQrcode>>(`${C1}fixed_qrcode_list`, q)).data;
export const auditQrcode = (b: AuditQrcodeBody) => http.post<FixedQrcode>(`${C1}audit_fixed_qrcode`, b);
