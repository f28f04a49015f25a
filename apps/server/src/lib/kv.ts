import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';
import { kv } from '../db/schema/foundation.ts';

/**
 * Short-lived keys (captcha answers, login-failure counters, SMS limits): PostgreSQL by default,
 * Redis when REDIS_URL is set, so several server processes share them.
 */
export interface KvStore {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  /** Reads and deletes in one step: a single-use value can be taken once. */
  take<T>(key: string): Promise<T | undefined>;
  del(key: string): Promise<void>;
  /** Adds 1 and returns the new count; the key expires ttlSeconds after its first increment. */
  incr(key: string, ttlSeconds: number): Promise<number>;
  ttl(key: string): Promise<number>;
}

const live = () => or(isNull(kv.expiresAt), gt(kv.expiresAt, sql`now()`));
const expiry = (ttl: number) => sql`now() + make_interval(secs => ${ttl})`;

export function pgKv(db: Db): KvStore {
  return {
    async get<T>(key: string) {
      const rows = await db
        .select({ value: kv.value })
        .from(kv)
        .where(and(eq(kv.key, key), live()));
      return rows[0]?.value as T | undefined;
    },
    async set(key, value, ttl) {
      await db
        .insert(kv)
        .values({ key, value, expiresAt: expiry(ttl) })
        .onConflictDoUpdate({ target: kv.key, set: { value, expiresAt: expiry(ttl) } });
    },
    async take<T>(key: string) {
      const rows = await db
        .delete(kv)
        .where(eq(kv.key, key))
        .returning({ value: kv.value, expiresAt: kv.expiresAt });
      const row = rows[0];
      if (!row || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) return undefined;
      return row.value as T;
    },
    async del(key) {
      await db.delete(kv).where(eq(kv.key, key));
    },
    async incr(key, ttl) {
      await db.delete(kv).where(and(eq(kv.key, key), lt(kv.expiresAt, sql`now()`)));
      const rows = await db
        .insert(kv)
        .values({ key, value: 1, expiresAt: expiry(ttl) })
        .onConflictDoUpdate({ target: kv.key, set: { value: sql`to_jsonb((${kv.value})::int + 1)` } })
        .returning({ value: kv.value });
      return Number(rows[0]?.value ?? 0);
    },
    async ttl(key) {
      const rows = await db
        .select({ s: sql<number>`extract(epoch from (${kv.expiresAt} - now()))` })
        .from(kv)
        .where(and(eq(kv.key, key), live()));
      return rows[0] ? Math.max(0, Math.ceil(Number(rows[0].s))) : 0;
    },
  };
}

export function redisKv(redis: Redis, prefix: string): KvStore {
  const k = (key: string) => `${prefix}kv:${key}`;
  return {
    async get<T>(key: string) {
      const v = await redis.get(k(key));
      return v === null ? undefined : (JSON.parse(v) as T);
    },
    async set(key, value, ttl) {
      await redis.set(k(key), JSON.stringify(value), 'EX', ttl);
    },
    async take<T>(key: string) {
      const v = await redis.getdel(k(key));
      return v === null ? undefined : (JSON.parse(v) as T);
    },
    async del(key) {
      await redis.del(k(key));
    },
    async incr(key, ttl) {
      const [[, n]] = (await redis.multi().incr(k(key)).expire(k(key), ttl, 'NX').exec()) as [[null, number]];
      return n;
    },
    async ttl(key) {
      return Math.max(0, await redis.ttl(k(key)));
    },
  };
}
