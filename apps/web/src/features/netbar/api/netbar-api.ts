import type { DayStartSetting } from '@netbar/contract';
import {
  type AgentStatics,
  type NetbarRow,
  type Pager,
  type ProductRow,
  type RemarkRow,
  Status,
} from '@netbar/contract';
import { downloadFile } from '../../../lib/download';
import { HttpError, http } from '../../../lib/http';

/** A replayed request (40007: the first click already did it) counts as done, with the first result. */
function orReplay<T>(call: Promise<{ data: T }>): Promise<T> {
  return call.then(
    (r) => r.data,
    (e: unknown) => {
      if (e instanceof HttpError && e.status === Status.SILENT_2) return e.data as T;
      throw e;
    },
  );
}

export type NetbarList = Pager<NetbarRow> & { total_machines: number };

/** GET netbar_list: the table and its filters. */
export async function fetchNetbars(params: Record<string, unknown>): Promise<NetbarList> {
  return (await http.get<NetbarList>('netbar_list', params)).data;
}
export const exportNetbars = (params: Record<string, unknown>) =>
  downloadFile('netbar_list_export', params, '网吧列表.xlsx');
export async function fetchStatics(): Promise<AgentStatics> {
  return (await http.get<AgentStatics>('agent_statics')).data;
}

/** Table-header filter lists (spec section 7 'Agent filter lists'). */
export async function staffOptions(p: { page: number; page_size: number }) {
  const r = await http.get<Pager<{ id: number; true_name: string }>>('agent_person_list', {
    page: String(p.page),
    page_size: String(p.page_size),
  });
  return r.data.list.map((s) => ({ value: s.id, label: s.true_name }));
}
export async function versionOptions(isHost: boolean) {
  const r = await http.get<{ server_version: string }[]>(
    'agent_server_versions',
    isHost ? { is_host: '1' } : {},
  );
  return r.data.map((v) => ({ value: v.server_version, label: v.server_version }));
}
export async function ipOptions(isHost: boolean) {
  const r = await http.get<{ ip: string }[]>('agent_ips', isHost ? { is_host: '1' } : {});
  return r.data.map((v) => ({ value: v.ip, label: v.ip }));
}
export async function contactOptions(filter?: Record<string, string>) {
  const r = await http.get<{ contact: string }[]>('agent_trust_contract', filter);
  return r.data.map((v) => ({ value: v.contact, label: v.contact }));
}
export async function mobileOptions(filter?: Record<string, string>) {
  const r = await http.get<{ mobile: string }[]>('agent_trust_mobile', filter);
  return r.data.map((v) => ({ value: v.mobile, label: v.mobile }));
}

export const registerNetbar = async (form: Record<string, unknown>) =>
  (await http.post<{ netbar_id: number }>('agent_register_sub_netbar', form)).data;
export const editNetbar = async (form: Record<string, unknown>) => {
  await http.post<null>('agent_netbar_edit', form);
};
export const deleteNetbars = async (ids: number[]) => {
  await http.post<null>('agent_netbar_del', { netbar_ids: ids });
};
/** person_id 0 takes the assignment away. */
export const setNetbarsPerson = async ({ ids, personId }: { ids: number[]; personId: number }) => {
  await http.post<null>('agent_set_netbars_person', { netbar_ids: ids, person_id: personId });
};

export async function fetchRemarks(netbarId: number): Promise<RemarkRow[]> {
  return (await http.get<RemarkRow[]>('agent_netbar_remark_get', { netbar_id: netbarId })).data;
}
export const addRemark = async (v: { netbarId: number; content: string; followDate: string }) => {
  await http.post<null>('agent_netbar_remark_add', {
    netbar_id: v.netbarId,
    content: v.content,
    follow_date: v.followDate,
  });
};
export const deleteRemark = async (id: number) => {
  await http.post<null>('agent_netbar_remark_del', { id });
};

export async function fetchProducts(): Promise<ProductRow[]> {
  return (await http.get<ProductRow[]>('product_info')).data;
}
export interface ExtensionOrder {
  id: number;
  order_no: string;
  amount_fen: number;
  months: number;
  machine_count: number;
}
/** POST agent_netbar_extension: one request id per opened dialog, so a double click makes one order. */
export const createExtension = (netbarId: number, months: number, productId: number, requestId: string) =>
  orReplay(
    http.post<ExtensionOrder>('agent_netbar_extension', {
      netbar_id: netbarId,
      months,
      product_id: productId,
      request_id: requestId,
    }),
  );
export const payOrder = (id: number) =>
  orReplay(http.get<{ balance_fen: number }>('agent_consumption_pay', { id }));
export interface ExtendInput {
  netbarId: number;
  months: number;
  productId: number;
  requestId: string;
}
/** 续费 in one step: the order, then its payment from the wallet (an unpaid order stays in 消费订单). */
export async function extendNetbar(v: ExtendInput): Promise<ExtensionOrder> {
  const order = await createExtension(v.netbarId, v.months, v.productId, v.requestId);
  await payOrder(order.id);
  return order;
}
export const newRequestId = () => `ext-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** GET agent_netbar_bind: the netbar's login name and the 6-digit code its owner generated. */
export const bindNetbar = async ({ userName, code }: { userName: string; code: string }) =>
  (await http.get<{ netbar_id: number }>('agent_netbar_bind', { user_name: userName, code })).data;
export const unbindNetbar = async (netbarId: number) => {
  await http.post<null>('agent_netbar_unbind', { netbar_id: netbarId });
};
export async function fetchBalance(): Promise<number> {
  return (await http.get<{ balance_fen: number }>('agent_balance', undefined, { silent: true })).data
    .balance_fen;
}

export interface BindCode {
  code: string;
  expires_in: number;
}
/** POST netbar_bind_code: the netbar owner's one-time code (24 hours) for an agent binding. */
export const issueBindCode = async () => (await http.post<BindCode>('netbar_bind_code')).data;

/** The grace limit the platform allows (agent_delay_config). */
export const fetchDelayMax = async () =>
  (await http.get<{ delay_max_days: number }>('agent_delay_config')).data.delay_max_days;
/** agent_delay_config_save: grace days after expiry for one netbar. */
export const saveDelay = async ({ netbarId, days }: { netbarId: number; days: number }) => {
  await http.post<null>('agent_delay_config_save', { netbar_ids: [netbarId], delay_days: days });
};

/** report_day_start: the current store's business-day start (营业日开始时间, decision 151). */
export const fetchDayStart = async () => (await http.get<DayStartSetting>('report_day_start')).data;
/** report_day_start_save: the owner sets it ('HH:mm'); the store's reports regroup their history. */
export const saveDayStart = async (day_start: string) =>
  (await http.post<DayStartSetting>('report_day_start_save', { day_start })).data;
