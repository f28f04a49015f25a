import type { NetbarStaffAuthNode, NetbarStaffRow, Pager, StoreRow } from '@netbar/contract';
import { downloadFile } from '../../../lib/download';
import { http } from '../../../lib/http';

/** A staff member's form values; id when editing. */
export type NetbarStaffSave = Record<string, unknown> & { id?: number };

export interface NetbarStaffRemark {
  id: number;
  content: string;
  created_by_name: string;
  created_at: string;
}

/** The calls of 员工列表 (/NetbarStaffManage/staffList 52, decision 145). */
export const netbarStaffApi = {
  list: async (params: Record<string, unknown>) =>
    (await http.get<Pager<NetbarStaffRow>>('netbar_staff_list', params)).data,
  exportList: (params: Record<string, unknown>) =>
    downloadFile('netbar_staff_list_export', params, '网吧员工.xlsx'),
  add: async (form: NetbarStaffSave) => (await http.post<{ id: number }>('netbar_staff_add', form)).data,
  edit: async (form: NetbarStaffSave) => (await http.post<NetbarStaffRow>('netbar_staff_edit', form)).data,
  setStatus: async (v: { id: number; status: number }) => {
    await http.post<null>('netbar_staff_status', v);
  },
  resetPassword: async (v: { id: number; password: string }) => {
    await http.post<null>('netbar_staff_reset_password', v);
  },
  /** Whether a login name is taken by any account (names are unique across user types). */
  accountExists: async (user_name: string) =>
    (await http.get<{ is_exist: 0 | 1 }>('check_user_is_exist', { user_name }, { silent: true })).data
      .is_exist === 1,

  authTree: async () => (await http.get<NetbarStaffAuthNode[]>('netbar_staff_auth_tree')).data,
  grant: async (v: { user_id: number; perm_ids: number[] }) =>
    (await http.post<NetbarStaffRow>('netbar_staff_grant', v)).data,
  /** The stores the owner may manage (the store switch's list). */
  stores: async () =>
    (await http.get<Pager<StoreRow>>('get_store_list', { page: 1, page_size: 1000 })).data.list.map((s) => ({
      value: s.nid,
      label: s.netbar_name,
    })),

  remarks: async (bzId: number) =>
    (await http.get<NetbarStaffRemark[]>('netbar_staff_remark_get', { bz_id: bzId })).data,
  addRemark: async (v: { bzId: number; content: string }) => {
    await http.post<null>('netbar_staff_remark_add', { bz_id: v.bzId, content: v.content });
  },
  editRemark: async (v: { id: number; content: string }) => {
    await http.post<null>('netbar_staff_remark_edit', v);
  },
  delRemark: async (id: number) => {
    await http.post<null>('netbar_staff_remark_del', { id });
  },
};
