import { type SQL, sql } from 'drizzle-orm';
import type { TenantScope } from './scope.ts';

/** WHERE fragment over netbars aliased `n`: the live netbars this scope may see. */
export function netbarWhere(s: Pick<TenantScope, 'agentId' | 'staffUserId'>): SQL {
  const live = sql`n.status <> 0`;
  if (s.agentId === null) return sql`${live} and n.agent_id is not null`;
  const own = sql`${live} and n.agent_id = ${s.agentId}`;
  if (s.staffUserId === null) return own;
  return sql`${own} and (
    exists (select 1 from staff_area_netbars g where g.user_id = ${s.staffUserId} and g.netbar_id = n.id)
    or exists (select 1 from staff_area_regions r where r.user_id = ${s.staffUserId}
      and r.province = n.province and r.city = n.city and (r.district = '' or r.district = n.district)))`;
}
