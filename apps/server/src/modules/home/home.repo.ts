import { and, count, eq, gt, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { agents, netbars, users } from '../../db/schema/foundation.ts';
import { netbarWhere, type TenantScope } from '../../tenant/index.ts';

export type NetbarRow = typeof netbars.$inferSelect;

const n = (r: { n: number }[]) => Number(r[0]?.n ?? 0);

/** Netbars, machines, expiring within 30 days and expired, over netbars aliased `n` matching `where`. */
export async function netbarFigures(db: Conn, where: SQL | undefined) {
  const r = await rows<{ netbars: number; machines: number; expiring: number; expired: number }>(
    db,
    sql`select count(*)::int as netbars, coalesce(sum(n.machine_count), 0)::int as machines,
      count(*) filter (where n.expire_at between now() and now() + interval '30 days')::int as expiring,
      count(*) filter (where n.expire_at < now())::int as expired
      from netbars n${where ? sql` where ${where}` : sql``}`,
  );
  const x = r[0];
  return {
    netbars: Number(x?.netbars ?? 0),
    machines: Number(x?.machines ?? 0),
    expiring: Number(x?.expiring ?? 0),
    expired: Number(x?.expired ?? 0),
  };
}

/** The figures over one agent's netbars (deleted ones included, as the agent's home always counted). */
export const agentNetbarFigures = (db: Conn, agentId: number) =>
  netbarFigures(db, sql`n.agent_id = ${agentId}`);

/** The figures over the netbars this scope may see (agent staff: their granted netbars and regions). */
export const scopedNetbarFigures = (db: Conn, s: TenantScope) => netbarFigures(db, netbarWhere(s));

export const countAgents = async (db: Conn) => n(await db.select({ n: count() }).from(agents));
export const countUsers = async (db: Conn) => n(await db.select({ n: count() }).from(users));
export const countActiveAgents = async (db: Conn) =>
  n(await db.select({ n: count() }).from(agents).where(lt(agents.status, 2)));
export const countSubAgents = async (db: Conn, agentId: number) =>
  n(await db.select({ n: count() }).from(agents).where(eq(agents.parentId, agentId)));

export async function findNetbarRow(db: Conn, id: number): Promise<NetbarRow | undefined> {
  return (await db.select().from(netbars).where(eq(netbars.id, id)))[0];
}

/** Machines added to one store in 机器管理, 停用 ones left out (as the dashboard's total). */
export async function countStoreMachines(db: Conn, nid: number): Promise<number> {
  return n(
    await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from machines where netbar_id = ${nid} and state <> '停用'`,
    ),
  );
}

/** The stores of a chain, or under a head store. */
export const countChainStores = async (db: Conn, chainId: number, headId: number) =>
  n(
    await db
      .select({ n: count() })
      .from(netbars)
      .where(or(eq(netbars.chainId, chainId), eq(netbars.pid, headId))),
  );

export const countServedNetbars = async (db: Conn) =>
  n(
    await db
      .select({ n: count() })
      .from(netbars)
      .where(and(isNotNull(netbars.expireAt), gt(netbars.expireAt, sql`now()`))),
  );
