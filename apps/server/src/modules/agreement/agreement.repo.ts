import type { AgreementSlug, AgreementView } from '@netbar/contract';
import { and, asc, desc, eq, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agreements } from '../../db/schema/accounts.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';

type Row = typeof agreements.$inferSelect;

export const toView = (r: Row): AgreementView => ({
  id: r.id,
  slug: r.slug as AgreementSlug,
  title: r.title,
  content: r.content,
  version: r.version,
  effective_date: r.effectiveDate,
  status: r.status,
  published_at: r.publishedAt ? Math.floor(r.publishedAt.getTime() / 1000) : null,
  updated_at: Math.floor(r.updatedAt.getTime() / 1000),
});

export async function publishedAgreement(db: Db, slug: string) {
  return (
    await db
      .select()
      .from(agreements)
      .where(and(eq(agreements.slug, slug), eq(agreements.status, 'published')))
  )[0];
}

export async function allAgreements(db: Db) {
  return db.select().from(agreements).orderBy(asc(agreements.slug), desc(agreements.id));
}

export async function agreementById(db: Db, id: number) {
  return (await db.select().from(agreements).where(eq(agreements.id, id)))[0];
}

export async function findVersion(db: Db, slug: string, version: string) {
  return (
    await db
      .select()
      .from(agreements)
      .where(and(eq(agreements.slug, slug), eq(agreements.version, version)))
  )[0];
}

export async function insertAgreement(db: Db, v: typeof agreements.$inferInsert) {
  const [row] = await db.insert(agreements).values(v).onConflictDoNothing().returning();
  return row;
}

export async function updateDraft(db: Db, id: number, v: Partial<typeof agreements.$inferInsert>) {
  const [row] = await db
    .update(agreements)
    .set({ ...v, updatedAt: sql`now()` })
    .where(and(eq(agreements.id, id), eq(agreements.status, 'draft')))
    .returning();
  return row;
}

/**
 * Publishes one draft: the page's previous published version is archived in the same transaction.
 * The page's rows are locked first, so concurrent publishes run one after the other; false when the
 * draft was published or archived meanwhile (or the one-published-per-page index refused it).
 */
export async function publish(db: Db, id: number, slug: string, by: number): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select id from agreements where slug = ${slug} for update`);
      await tx
        .update(agreements)
        .set({ status: 'archived', updatedAt: sql`now()` })
        .where(and(eq(agreements.slug, slug), eq(agreements.status, 'published')));
      const done = await tx
        .update(agreements)
        .set({ status: 'published', publishedAt: sql`now()`, updatedBy: by, updatedAt: sql`now()` })
        .where(and(eq(agreements.id, id), eq(agreements.status, 'draft')))
        .returning({ id: agreements.id });
      if (!done.length) tx.rollback();
      return true;
    });
  } catch (e) {
    if (isUniqueViolation(e) || e instanceof TransactionRollbackError) return false;
    throw e;
  }
}
