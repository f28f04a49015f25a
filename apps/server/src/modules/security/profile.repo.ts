import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agents, netbars, users } from '../../db/schema/foundation.ts';

export interface ProfileChange {
  trueName: string;
  email: string;
  qq: string;
  province: string;
  city: string;
  district: string;
  address: string;
  postcode: string;
  passwordHash?: string;
}

/** The caller's own row only: the WHERE clause is the caller's id. */
export async function updateOwnUser(
  db: Db,
  userId: number,
  c: ProfileChange,
  extra: (tx: Db) => Promise<void>,
) {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...c, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await extra(tx as unknown as Db);
  });
}

export async function updateOwnNetbar(
  db: Db,
  netbarId: number,
  ownerUserId: number,
  v: { machineCount: number; contact: string; region: Record<string, string> },
) {
  await db
    .update(netbars)
    .set({ machineCount: v.machineCount, contact: v.contact, ...v.region })
    .where(sql`${netbars.id} = ${netbarId} and ${netbars.ownerUserId} = ${ownerUserId}`);
}

export async function updateOwnAgent(
  db: Db,
  agentId: number,
  ownerUserId: number,
  v: { name?: string; region: Record<string, string> },
) {
  await db
    .update(agents)
    .set({ ...(v.name ? { name: v.name } : {}), ...v.region })
    .where(sql`${agents.id} = ${agentId} and ${agents.ownerUserId} = ${ownerUserId}`);
}

export async function agentOf(db: Db, agentId: number) {
  return (await db.select().from(agents).where(eq(agents.id, agentId)))[0];
}
export async function netbarOf(db: Db, netbarId: number) {
  return (await db.select().from(netbars).where(eq(netbars.id, netbarId)))[0];
}
