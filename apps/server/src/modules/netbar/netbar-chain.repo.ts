import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { netbarWhere, type TenantScope } from '../../tenant/index.ts';

/** The scope's live netbars in this chain. */
export async function chainMemberIds(db: Conn, s: TenantScope, chainId: number): Promise<number[]> {
  const r = await rows<{ id: number }>(
    db,
    sql`select n.id from netbars n where ${netbarWhere(s)} and n.chain_id = ${chainId}`,
  );
  return r.map((x) => Number(x.id));
}

/** The scope's chains with their head and members. */
export async function chainList(db: Conn, s: TenantScope) {
  const r = await rows<{
    chain_id: number;
    chain_name: string;
    chain_type: number;
    head_name: string;
    members: { id: number; name: string }[];
  }>(
    db,
    sql`select n.chain_id, max(n.chain_name) as chain_name, max(n.chain_type) as chain_type,
      coalesce((select h.name from netbars h where h.id = n.chain_id), '') as head_name,
      json_agg(json_build_object('id', n.id, 'name', n.name) order by n.id) as members
      from netbars n where ${netbarWhere(s)} and n.chain_id <> 0 group by n.chain_id order by n.chain_id`,
  );
  return r.map((x) => ({ ...x, chain_id: Number(x.chain_id), chain_type: Number(x.chain_type) }));
}

/** Is this an active staff member of the agent? */
export async function isActiveStaff(db: Conn, agentId: number, userId: number): Promise<boolean> {
  const r = await rows<{ id: number }>(
    db,
    sql`select u.id from users u join staff st on st.user_id = u.id
      where u.id = ${userId} and u.type = 2 and u.status = 1 and st.agent_id = ${agentId}`,
  );
  return r.length > 0;
}

/** The distinct agents of these netbars. */
export async function agentsOfNetbars(db: Conn, ids: number[]): Promise<number[]> {
  const r = await rows<{ agent_id: number }>(
    db,
    sql`select distinct agent_id from netbars where id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  return r.map((x) => Number(x.agent_id));
}

/** A staff member who registered or bound a netbar may keep working on it. */
export async function grantNetbarToStaff(tx: Conn, staffUserId: number, netbarId: number) {
  await tx.execute(
    sql`insert into staff_area_netbars (user_id, netbar_id) values (${staffUserId}, ${netbarId}) on conflict do nothing`,
  );
}

export async function markRegisteredBy(tx: Conn, netbarId: number, userId: number) {
  await tx.execute(
    sql`update netbar_agent_info set registered_by = coalesce(registered_by, ${userId}) where netbar_id = ${netbarId}`,
  );
}

/** The stored agent settings (kv `agent:settings`), if any. */
export async function settingsRow<T>(db: Conn, key: string): Promise<Partial<T>> {
  const r = await rows<{ value: T }>(db, sql`select value from kv where key = ${key}`);
  return r[0]?.value ?? {};
}
