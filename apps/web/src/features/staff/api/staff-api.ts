import type { AuthArea, InstallStatRow, NetbarRow, Pager, StaffRow } from '@netbar/contract';
import { downloadFile } from '../../../lib/download';
import { http } from '../../../lib/http';

export const STAFF_KEY = ['staff'] as const;

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
  register: (form: Record<string, unknown>) => http.post<{ id: number }>('agent_person_register', form),
  edit: (form: Record<string, unknown>) => http.post<{ id: number }>('agent_person_edit', form),
  del: (id: number) => http.post('agent_person_del', { id }),

  remarks: async (bzId: number) =>
    (await http.get<StaffRemark[]>('agent_person_remark_get', { bz_id: bzId })).data,
  addRemark: (bzId: number, content: string) =>
    http.post('agent_person_remark_add', { bz_id: bzId, content }),
  editRemark: (id: number, content: string) => http.post('agent_person_remark_edit', { id, content }),
  delRemark: (id: number) => http.post('agent_person_remark_del', { id }),

  authTree: async () => (await http.get<AuthTreeNode[]>('get_agent_auth_tree', { types: 2 })).data,
  ownPerms: async () => (await http.get<number[]>('get_auth_list')).data,
  area: async (userId: number) => (await http.get<AuthArea>('agent_auth_area', { user_id: userId })).data,
  saveArea: (body: AuthArea) => http.post<AuthArea>('agent_auth_area', { ...body }),
  netbarOptions: async () => {
    const r = await http.get<Pager<NetbarRow>>('netbar_list', { page: 1, page_size: 1000 });
    return r.data.list.map((n) => ({ value: n.id, label: `${n.name}（${n.city}${n.district}）` }));
  },

  install: async (params: Record<string, unknown>) =>
    (await http.get<InstallStats>('agent_person_install_statistics', params)).data,
  exportInstall: (params: Record<string, unknown>) =>
    downloadFile('agent_person_install_statistics_export', params, '员工装机统计.xlsx'),
};
