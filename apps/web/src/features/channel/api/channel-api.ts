import type { Pager, SubAgentRow, SubStaticsRow } from '@netbar/contract';
import { downloadFile } from '../../../lib/download';
import { http } from '../../../lib/http';

/** A sub-agent's form values; agent_id when editing. */
export type SubAgentSave = Record<string, unknown> & { agent_id?: number };

export interface SubStatics {
  list: SubStaticsRow[];
  total: { netbars: number; new_netbars: number; spend_fen: number };
}

export const channelApi = {
  list: async (params: Record<string, unknown>) =>
    (await http.get<Pager<SubAgentRow>>('agent_sub_agent', params)).data,
  exportList: (params: Record<string, unknown>) =>
    downloadFile('agent_sub_agent_export', params, '下级渠道.xlsx'),
  get: async (agentId: number) =>
    (await http.get<SubAgentRow>('agent_sub_agent_get', { agent_id: agentId })).data,
  createInfo: async () =>
    (await http.get<{ parent_id: number; parent_name: string }>('reg_sub_agent_info')).data,
  create: async (form: SubAgentSave) =>
    (await http.post<{ agent_id: number }>('reg_sub_agent_info', form)).data,
  edit: async (form: SubAgentSave) =>
    (await http.post<{ agent_id: number }>('agent_edit_subagent', form)).data,
  statics: async (params: Record<string, unknown>) =>
    (await http.get<SubStatics>('agent_sub_statics', params)).data,
  exportStatics: (params: Record<string, unknown>) =>
    downloadFile('agent_sub_statics_export', params, '渠道统计.xlsx'),
};
