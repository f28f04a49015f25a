import { and, arrayContains, desc, eq, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { noticeReads, notices } from '../../db/schema/notice.ts';
import { type PageQuery, pageOffset } from '../../lib/paging.ts';

const epoch = (c: typeof notices.publishTime | typeof notices.createdAt) =>
  sql<number>`coalesce(extract(epoch from ${c})::bigint, 0)`;

/** Published notices addressed to a user type: the only ones a user may see. */
const visibleTo = (type: number) =>
  and(eq(notices.status, 'published'), arrayContains(notices.userTypes, [type]));

export async function listForUser(db: Conn, user: { id: number; type: number }, q: PageQuery) {
  const where = visibleTo(user.type);
  const [list, total] = await Promise.all([
    db
      .select({
        id: notices.id,
        title: notices.title,
        publish_time: epoch(notices.publishTime),
        is_read: sql<number>`case when ${noticeReads.userId} is null then 0 else 1 end`,
      })
      .from(notices)
      .leftJoin(noticeReads, and(eq(noticeReads.noticeId, notices.id), eq(noticeReads.userId, user.id)))
      .where(where)
      .orderBy(desc(notices.publishTime), desc(notices.id))
      .limit(q.page_size)
      .offset(pageOffset(q)),
    db.select({ n: sql<number>`count(*)::int` }).from(notices).where(where),
  ]);
  return {
    list: list.map((r) => ({ ...r, publish_time: Number(r.publish_time), is_read: Number(r.is_read) })),
    count: Number(total[0]?.n ?? 0),
  };
}

export async function findVisible(db: Conn, id: number, type: number) {
  const rows = await db
    .select({
      id: notices.id,
      title: notices.title,
      content: notices.content,
      publish_time: epoch(notices.publishTime),
    })
    .from(notices)
    .where(and(eq(notices.id, id), visibleTo(type)));
  return rows[0] ? { ...rows[0], publish_time: Number(rows[0].publish_time) } : undefined;
}

export async function markRead(db: Conn, noticeId: number, userId: number) {
  await db.insert(noticeReads).values({ noticeId, userId }).onConflictDoNothing();
}

export async function unreadCount(db: Conn, user: { id: number; type: number }) {
  const r = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notices)
    .leftJoin(noticeReads, and(eq(noticeReads.noticeId, notices.id), eq(noticeReads.userId, user.id)))
    .where(and(visibleTo(user.type), sql`${noticeReads.userId} is null`));
  return Number(r[0]?.n ?? 0);
}

export async function adminList(db: Conn, q: PageQuery) {
  const [list, total] = await Promise.all([
    db
      .select({
        id: notices.id,
        title: notices.title,
        content: notices.content,
        user_types: notices.userTypes,
        status: notices.status,
        publish_time: sql<number | null>`extract(epoch from ${notices.publishTime})::bigint`,
        created_at: epoch(notices.createdAt),
      })
      .from(notices)
      .orderBy(desc(notices.id))
      .limit(q.page_size)
      .offset(pageOffset(q)),
    db.select({ n: sql<number>`count(*)::int` }).from(notices),
  ]);
  return {
    list: list.map((r) => ({
      ...r,
      publish_time: r.publish_time === null ? null : Number(r.publish_time),
      created_at: Number(r.created_at),
    })),
    count: Number(total[0]?.n ?? 0),
  };
}

export async function findById(db: Conn, id: number) {
  return (await db.select().from(notices).where(eq(notices.id, id)))[0];
}

export async function insertNotice(
  db: Conn,
  v: { title: string; content: string; userTypes: number[]; createdBy: number },
) {
  const [row] = await db.insert(notices).values(v).returning({ id: notices.id });
  return row!.id;
}

export async function updateNotice(db: Conn, id: number, v: Partial<typeof notices.$inferInsert>) {
  await db
    .update(notices)
    .set({ ...v, updatedAt: sql`now()` })
    .where(eq(notices.id, id));
}
