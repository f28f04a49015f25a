import { and, count, eq, sql } from 'drizzle-orm';
import type { Conn, Db } from '../../db/client.ts';
import { agents, netbars, users } from '../../db/schema/foundation.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';

export async function userExists(db: Conn, userName: string, type?: number): Promise<boolean> {
  const byName = sql`lower(${users.userName}) = lower(${userName})`;
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(type ? and(byName, eq(users.type, type)) : byName);
  return Number(row?.n ?? 0) > 0;
}

export async function mobileUseCount(db: Conn, mobile: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.mobile, mobile));
  return Number(row?.n ?? 0);
}

export interface NewAccount {
  userName: string;
  passwordHash: string;
  trueName: string;
  mobile: string;
  email: string;
  qq: string;
  address: string;
  postcode: string;
  province: string;
  city: string;
  district: string;
}

/** An agent and its type-1 owner account, in one transaction. Returns null when the name was taken meanwhile. */
export async function insertAgentAccount(db: Db, a: NewAccount, agentName: string) {
  try {
    return await db.transaction(async (tx) => {
      const region = { province: a.province, city: a.city, district: a.district, address: a.address };
      const [agent] = await tx
        .insert(agents)
        .values({ name: agentName, contact: a.trueName, mobile: a.mobile, ...region })
        .returning({ id: agents.id });
      const [user] = await tx
        .insert(users)
        .values({ ...a, type: 1, agentId: agent!.id })
        .returning({ id: users.id });
      await tx.update(agents).set({ ownerUserId: user!.id }).where(eq(agents.id, agent!.id));
      return { userId: user!.id, agentId: agent!.id };
    });
  } catch (e) {
    if (isUniqueViolation(e)) return null;
    throw e;
  }
}

/** A standalone netbar (its own pid) and its type-3 owner account, in one transaction. */
export async function insertNetbarAccount(
  db: Db,
  a: NewAccount,
  n: { name: string; machineCount: number; contact: string },
) {
  try {
    return await db.transaction(async (tx) => {
      const region = { province: a.province, city: a.city, district: a.district, address: a.address };
      const [bar] = await tx
        .insert(netbars)
        .values({
          name: n.name,
          machineCount: n.machineCount,
          contact: n.contact,
          mobile: a.mobile,
          ...region,
        })
        .returning({ id: netbars.id });
      const id = bar!.id;
      const [user] = await tx
        .insert(users)
        .values({ ...a, type: 3, netbarId: id })
        .returning({ id: users.id });
      await tx.update(netbars).set({ pid: id, ownerUserId: user!.id }).where(eq(netbars.id, id));
      return { userId: user!.id, netbarId: id };
    });
  } catch (e) {
    if (isUniqueViolation(e)) return null;
    throw e;
  }
}
