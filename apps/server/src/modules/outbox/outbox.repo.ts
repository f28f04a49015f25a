import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { outbox } from '../../db/schema/accounts.ts';
import { type PageQuery, pageOffset } from '../../lib/paging.ts';

export type OutboxInsert = typeof outbox.$inferInsert;

export async function insertOutbox(db: Conn, row: OutboxInsert): Promise<void> {
  await db.insert(outbox).values(row);
}

export interface OutboxFilter {
  channel?: 'sms' | 'email';
  to?: string;
}

function where(f: OutboxFilter): SQL | undefined {
  const c: SQL[] = [];
  if (f.channel) c.push(eq(outbox.channel, f.channel));
  if (f.to) c.push(ilike(outbox.toAddr, `%${f.to.replace(/[\\%_]/g, (m) => `\\${m}`)}%`));
  return c.length ? and(...c) : undefined;
}

/** Administrators only (the route says so): the outbox has no tenant. */
export async function listOutbox(db: Conn, f: OutboxFilter, q: PageQuery) {
  const w = where(f);
  const [total] = await db.select({ n: count() }).from(outbox).where(w);
  const list = await db
    .select()
    .from(outbox)
    .where(w)
    .orderBy(desc(outbox.id))
    .limit(q.page_size)
    .offset(pageOffset(q));
  return { list, count: Number(total?.n ?? 0) };
}
