import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';
import { type SessionCtx, sessions } from '../db/schema/foundation.ts';

export interface SessionRecord {
  idHash: string;
  tokenHash: string;
  userId: number;
  ctx: SessionCtx;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
}

export interface SessionLimits {
  idleSeconds: number;
  absoluteSeconds: number;
}

/** Server-side sessions: PostgreSQL by default, Redis when REDIS_URL is set. */
export interface SessionStore {
  create(
    rec: Omit<SessionRecord, 'createdAt' | 'lastSeenAt' | 'expiresAt'>,
    meta: { ip: string; ua: string },
  ): Promise<void>;
  byId(idHash: string): Promise<SessionRecord | undefined>;
  byToken(tokenHash: string): Promise<SessionRecord | undefined>;
  touch(rec: SessionRecord): Promise<void>;
  setCtx(idHash: string, ctx: SessionCtx): Promise<void>;
  rotateToken(idHash: string, tokenHash: string): Promise<void>;
  destroy(idHash: string): Promise<void>;
  /** Ends every session of a user, optionally keeping one (password change, retrieval). */
  destroyUser(userId: number, exceptIdHash?: string): Promise<number>;
}

const TOUCH_EVERY_MS = 30_000;

function alive(rec: SessionRecord | undefined, lim: SessionLimits): SessionRecord | undefined {
  if (!rec) return undefined;
  const now = Date.now();
  if (rec.expiresAt <= now || rec.lastSeenAt + lim.idleSeconds * 1000 <= now) return undefined;
  return rec;
}

export function pgSessions(db: Db, lim: SessionLimits): SessionStore {
  const read = async (where: ReturnType<typeof eq>) => {
    const rows = await db
      .select()
      .from(sessions)
      .where(and(where, gt(sessions.expiresAt, sql`now()`)));
    const r = rows[0];
    if (!r) return undefined;
    return alive(
      {
        idHash: r.idHash,
        tokenHash: r.tokenHash,
        userId: r.userId,
        ctx: r.ctx,
        createdAt: r.createdAt.getTime(),
        lastSeenAt: r.lastSeenAt.getTime(),
        expiresAt: r.expiresAt.getTime(),
      },
      lim,
    );
  };
  return {
    async create(rec, meta) {
      await db.insert(sessions).values({
        idHash: rec.idHash,
        tokenHash: rec.tokenHash,
        userId: rec.userId,
        ctx: rec.ctx,
        ip: meta.ip,
        userAgent: meta.ua.slice(0, 300),
        expiresAt: new Date(Date.now() + lim.absoluteSeconds * 1000),
      });
      // Housekeeping: forget sessions that ended long ago.
      await db.delete(sessions).where(sql`${sessions.expiresAt} < now() - interval '1 day'`);
    },
    byId: (idHash) => read(eq(sessions.idHash, idHash)),
    byToken: (tokenHash) => read(eq(sessions.tokenHash, tokenHash)),
    async touch(rec) {
      if (Date.now() - rec.lastSeenAt < TOUCH_EVERY_MS) return;
      await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.idHash, rec.idHash));
    },
    async setCtx(idHash, ctx) {
      await db.update(sessions).set({ ctx }).where(eq(sessions.idHash, idHash));
    },
    async rotateToken(idHash, tokenHash) {
      await db.update(sessions).set({ tokenHash }).where(eq(sessions.idHash, idHash));
    },
    async destroy(idHash) {
      await db.delete(sessions).where(eq(sessions.idHash, idHash));
    },
    async destroyUser(userId, except) {
      const rows = await db
        .delete(sessions)
        .where(
          except
            ? and(eq(sessions.userId, userId), ne(sessions.idHash, except))
            : eq(sessions.userId, userId),
        )
        .returning({ id: sessions.idHash });
      return rows.length;
    },
  };
}

export function redisSessions(redis: Redis, prefix: string, lim: SessionLimits): SessionStore {
  const sk = (id: string) => `${prefix}sess:${id}`;
  const tk = (t: string) => `${prefix}tok:${t}`;
  const uk = (u: number) => `${prefix}usess:${u}`;
  const load = async (id: string | null) => {
    if (!id) return undefined;
    const v = await redis.get(sk(id));
    return alive(v ? (JSON.parse(v) as SessionRecord) : undefined, lim);
  };
  const save = async (rec: SessionRecord) => {
    const ttl = Math.max(1, Math.ceil((rec.expiresAt - Date.now()) / 1000));
    await redis
      .multi()
      .set(sk(rec.idHash), JSON.stringify(rec), 'EX', ttl)
      .set(tk(rec.tokenHash), rec.idHash, 'EX', ttl)
      .sadd(uk(rec.userId), rec.idHash)
      .expire(uk(rec.userId), lim.absoluteSeconds)
      .exec();
  };
  const drop = async (id: string) => {
    const v = await redis.get(sk(id));
    if (!v) return false;
    const rec = JSON.parse(v) as SessionRecord;
    await redis.multi().del(sk(id)).del(tk(rec.tokenHash)).srem(uk(rec.userId), id).exec();
    return true;
  };
  return {
    async create(rec) {
      const now = Date.now();
      await save({ ...rec, createdAt: now, lastSeenAt: now, expiresAt: now + lim.absoluteSeconds * 1000 });
    },
    byId: (id) => load(id),
    byToken: async (t) => load(await redis.get(tk(t))),
    async touch(rec) {
      if (Date.now() - rec.lastSeenAt < TOUCH_EVERY_MS) return;
      await save({ ...rec, lastSeenAt: Date.now() });
    },
    async setCtx(id, ctx) {
      const rec = await load(id);
      if (rec) await save({ ...rec, ctx });
    },
    async rotateToken(id, tokenHash) {
      const rec = await load(id);
      if (!rec) return;
      await redis.del(tk(rec.tokenHash));
      await save({ ...rec, tokenHash });
    },
    async destroy(id) {
      await drop(id);
    },
    async destroyUser(userId, except) {
      const ids = await redis.smembers(uk(userId));
      let n = 0;
      for (const id of ids) if (id !== except && (await drop(id))) n++;
      return n;
    },
  };
}
