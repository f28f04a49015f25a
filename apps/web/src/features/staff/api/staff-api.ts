import type { AuthArea, InstallStatRow, NetbarRow, Pager, StaffRow } from '@netbar/contract';
import { downloadFile } from '../../../lib/download';
import { http } from '../../../lib/http';

/** A staff member's form values; id when editing. */
export type StaffSave = Record<string, unknown> & { id?: number };

export interface StaffRemark {
  id: number;
  content: string;
  created_by_name: string;
  created_at: string;
}
export interface AuthTreeNode {
  id: number;
  title: string;
  children: { id: number; title: string }[];
}
export interface InstallStats {
  list: InstallStatRow[];
  total: { registered: number; assigned: number; machines: number };
}

export const staffApi = {
  list: async (params: Record<string, unknown>) =>
    (await http.get<Pager<StaffRow>>('agent_person_list', params)).data,
  exportList: (params: Record<string, unknown>) =>
    downloadFile('agent_person_list_export', params, '员工列表.xlsx'),
  detail: async (id: number) => (await http.get<StaffRow & AuthArea>('agent_person_detail', { id })).data,
  register: async (form: StaffSave) => (await http.post<{ id: number }>('agent_person_register', form)).data,
  edit: async (form: StaffSave) => (await http.post<{ id: number }>('agent_person_edit', form)).data,
  del: async (id: number) => {
    await http.post<null>('agent_person_del', { id });
  },

  remarks: async (bzId: number) =>
    (await http.get<StaffRemark[]>('agent_person_remark_get', { bz_id: bzId })).data,
  addRemark: async (bzId: number, content: string) => {
    await http.post<null>('agent_person_remark_add', { bz_id: bzId, content });
  },
  editRemark: async (id: number, content: string) => {
    await http.post<null>('agent_person_remark_edit', { id, content });
  },
  delRemark: async (id: number) => {
    await http.post<null>('agent_person_remark_del', { id });
  },

  authTree: async () => (await http.get<AuthTreeNode[]>('get_agent_auth_tree', { types: 2 })).data,
  ownPerms: async () => (await http.get<number[]>('get_auth_list')).data,
  area: async (userId: number) => (await http.get<AuthArea>('agent_auth_area', { user_id: userId })).data,
  saveArea: async (body: AuthArea) => (await http.post<AuthArea>('agent_auth_area', { ...body })).data,
  netbarOptions: async () => {
    const r = await http.get<Pager<NetbarRow>>('netbar_list', { page: 1, page_size: 1000 });
    return r.data.list.map((n) => ({ value: n.id, label: `${n.name}（${n.city}${n.district}）` }));
  },

  install: async (params: Record<string, unknown>) =>
    (await http.get<InstallStats>('agent_person_install_statistics', params)).data,
  exportInstall: (params: Record<string, unknown>) =>
    downloadFile('agent_person_install_statistics_export', params, '员工装机统计.xlsx'),
};
