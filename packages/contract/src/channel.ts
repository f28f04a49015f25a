import { z } from 'zod';
import { optionalDate } from './agent';
import { MSG } from './messages';
import {
  accountName,
  address,
  city,
  contact,
  district,
  idParam,
  mobile,
  newPassword,
  pageQuery,
  province,
} from './validation/fields';
import { intField, optional, text } from './validation/helpers';

/** Sub-channels (issue 5): an agent's sub-agents and their totals. */
export const CHANNEL_MSG = {
  notFound: '下级渠道不存在',
  agentName: '渠道名称为1-30个字符',
} as const;

export const subAgentListQuery = pageQuery.extend({
  keyword: optional(z.string({ error: MSG.badParam }).trim().max(30, { error: MSG.badParam })),
});

export interface SubAgentRow {
  id: number;
  name: string;
  user_name: string;
  contact: string;
  mobile: string;
  province: string;
  city: string;
  district: string;
  address: string;
  status: number;
  netbar_count: number;
  created_at: string;
}

const agentName = text(CHANNEL_MSG.agentName, 1, 30);

export const subAgentCreateBody = z.object({
  user_name: accountName,
  password: newPassword,
  name: agentName,
  contact,
  mobile,
  province,
  city,
  district,
  address,
});
export const subAgentEditBody = subAgentCreateBody.omit({ user_name: true, password: true }).extend({
  agent_id: idParam,
  status: intField(MSG.badParam, 1, 2),
});
export const agentIdQuery = z.object({ agent_id: idParam });

export const subStaticsQuery = z.object({ date_from: optionalDate, date_to: optionalDate });

export interface SubStaticsRow {
  agent_id: number;
  name: string;
  netbars: number;
  new_netbars: number;
  spend_fen: number;
}
