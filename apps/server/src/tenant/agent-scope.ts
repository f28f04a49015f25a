import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError } from '../lib/errors.ts';
import { authOf } from './scope.ts';

/**
 * Whose agent data a call may touch: an agent its own; agent staff their agent's, narrowed to the
 * netbars and regions they were granted; an administrator every agent's (agentId null).
 */
export interface AgentScope {
  userId: number;
  type: number;
  agentId: number | null;
  staffUserId: number | null;
}

export function agentScopeOf(req: FastifyRequest): AgentScope {
  const a = authOf(req);
  if (a.type === 4) return { userId: a.userId, type: 4, agentId: null, staffUserId: null };
  if ((a.type === 1 || a.type === 2) && a.agentId) {
    return {
      userId: a.userId,
      type: a.type,
      agentId: a.agentId,
      staffUserId: a.type === 2 ? a.userId : null,
    };
  }
  throw new ForbiddenError();
}

/** The agent id a write acts for; administrators must name one. */
export function ownAgent(s: AgentScope): number {
  if (s.agentId === null) throw new ForbiddenError('请以代理商账号操作');
  return s.agentId;
}

/** WHERE fragment over netbars aliased `n`: the live netbars this scope may see. */
export function netbarWhere(s: AgentScope): SQL {
  const live = sql`n.status <> 0`;
  if (s.agentId === null) return sql`${live} and n.agent_id is not null`;
  const own = sql`${live} and n.agent_id = ${s.agentId}`;
  if (s.staffUserId === null) return own;
  return sql`${own} and (
    exists (select 1 from staff_area_netbars g where g.user_id = ${s.staffUserId} and g.netbar_id = n.id)
    or exists (select 1 from staff_area_regions r where r.user_id = ${s.staffUserId}
      and r.province = n.province and r.city = n.city and (r.district = '' or r.district = n.district)))`;
}
