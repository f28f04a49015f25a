import { eq, sql } from 'drizzle-orm';
import type { Conn } from '../db/client.ts';
import { agents, grants, netbars, staff, users } from '../db/schema/foundation.ts';

export type UserRow = typeof users.$inferSelect;
export type NetbarRow = typeof netbars.$inferSelect;

export async function findUserByName(db: Conn, userName: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(sql`lower(${users.userName}) = lower(${userName})`);
  return rows[0];
}

export async function findUserById(db: Conn, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id));
  return rows[0];
}

/** The user, the employer of a staff member, and the permission ids granted on top of the defaults. */
export async function loadPrincipal(db: Conn, userId: number) {
  const rows = await db
    .select({
      user: users,
      staffAgentId: staff.agentId,
      staffNetbarId: staff.netbarId,
      agentStatus: agents.status,
    })
    .from(users)
    .leftJoin(staff, eq(staff.userId, users.id))
    .leftJoin(agents, eq(agents.id, sql`coalesce(${users.agentId}, ${staff.agentId})`))
    .where(eq(users.id, userId));
  const row = rows[0];
  if (!row) return undefined;
  const extra = await db.select({ permId: grants.permId }).from(grants).where(eq(grants.userId, userId));
  return {
    user: row.user,
    employerAgentId: row.staffAgentId,
    employerNetbarId: row.staffNetbarId,
    extraPerms: extra.map((g) => g.permId),
    /** Status of the agent an agent or agent-staff account belongs to (null for other types). */
    agentStatus: row.agentStatus,
  };
}

export async function findNetbar(db: Conn, id: number): Promise<NetbarRow | undefined> {
  const rows = await db.select().from(netbars).where(eq(netbars.id, id));
  return rows[0];
}
