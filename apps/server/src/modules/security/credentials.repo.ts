import { eq, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { users } from '../../db/schema/foundation.ts';

export type UserRow = typeof users.$inferSelect;

/** Sets an account's password hash; the updated row, or undefined when the account is gone. */
export async function setPasswordHash(db: Conn, userId: number, hash: string): Promise<UserRow | undefined> {
  const [u] = await db
    .update(users)
    .set({ passwordHash: hash, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  return u;
}

/** Binds a new mobile or email to the account. */
export async function setContact(db: Conn, userId: number, set: { mobile: string } | { email: string }) {
  await db
    .update(users)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
