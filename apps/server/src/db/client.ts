import { createHash } from 'node:crypto';
import { constants, cpSync, mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { extractDataDirTarball } from './untar.ts';

export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
/** Repos accept either the database or an open transaction. */
export type Conn = Db | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Where reports and exports read (decision 201): a pool on DATABASE_READ_URL, a read replica; the
   * primary (`db` itself) without one. Never for writes, nor for a read that must see a write just made.
   */
  readDb: Db;
  /** Runs a script of several statements (migrations). */
  exec(script: string): Promise<void>;
  /** Runs `fn` holding a cluster-wide lock, so concurrent starts migrate once. */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** PostgreSQL: the pool's connections, idle ones, and callers waiting for one (metrics, decision 193). */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  /**
   * A tarball made by PGlite's dumpDataDir (tests start from a migrated snapshot), or a data folder
   * to copy into an empty `dataDir` (the demo snapshot of a fresh start, decision 069).
   */
  loadDataDir?: Blob | string;
  /** In-memory PGlite (tests). */
  memory?: boolean;
  /** PostgreSQL: connections in the pool (default 10). */
  poolMax?: number;
  /** PostgreSQL: a read replica for reports and exports (DATABASE_READ_URL). */
  readUrl?: string;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const primary = await openPostgres(opts.databaseUrl, opts.poolMax);
    return opts.readUrl ? withReplica(primary, opts.readUrl, opts.poolMax) : primary;
  }
  return openPglite(opts);
}

async function openPglite(opts: OpenOptions): Promise<Database> {
  let dataDir: string | undefined;
  let unlock = () => {};
  if (!opts.memory && opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true });
    // One process per data folder: a second one would silently lose the first one's writes.
    unlock = lockDataDir(opts.dataDir);
    dataDir = opts.dataDir;
  }
  let client: PGlite;
  try {
    const from = opts.loadDataDir;
    // a snapshot for a data folder on disk is copied or unpacked here, natively (decision 069)
    if (dataDir && from) {
      if (typeof from === 'string')
        cpSync(from, dataDir, { recursive: true, mode: constants.COPYFILE_FICLONE });
      else extractDataDirTarball(new Uint8Array(await from.arrayBuffer()), dataDir);
    }
    const tarball = !dataDir && typeof from !== 'string' ? from : undefined;
    client = await PGlite.create({ dataDir, loadDataDir: tarball });
  } catch (e) {
    unlock();
    throw e;
  }
  const db = drizzlePglite(client) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    readDb: db,
    exec: async (script) => {
      await client.exec(script);
    },
    // PGlite is single-connection and single-process: there is nobody to race with.
    withLock: (_key, fn) => fn(),
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}

async function openPool(url: string, max: number, options = '-c jit=off'): Promise<pg.Pool> {
  // jit off: the app's queries are short OLTP reads; JIT compiling them cost 230-280 ms per call (decision 060)
  const pool = new pg.Pool({ connectionString: url, max, options });
  pool.on('error', () => {
    /* an idle client died; the pool replaces it */
  });
  await pool.query('select 1');
  return pool;
}

/** The primary, plus a read-only pool on the replica for `readDb` (decision 201). */
async function withReplica(primary: Database, url: string, max = 10): Promise<Database> {
  // read only even if the URL names a writable server by mistake: a write sent there fails loudly
  const pool = await openPool(url, max, '-c jit=off -c default_transaction_read_only=on');
  return {
    ...primary,
    readDb: drizzlePg(pool) as unknown as Db,
    close: async () => {
      try {
        await primary.close();
      } finally {
        await pool.end();
      }
    },
  };
}

async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = await openPool(url, max);
  const db = drizzlePg(pool) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    readDb: db,
    exec: async (script) => {
      await pool.query(script);
    },
    withLock: async (key, fn) => {
      const c = await pool.connect();
      try {
        await c.query('select pg_advisory_lock($1)', [key]);
        return await fn();
      } finally {
        await c.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
        c.release();
      }
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/** Type of the `pglite` instance a Database wraps, for the test snapshot helper. */
export type { PGlite };

interface Internals {
  dialect: { sqlToQuery(q: import('drizzle-orm').SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      q: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
}

/**
 * Rows of a raw SQL query, whichever driver runs it. With `name`, PostgreSQL keeps it as a named
 * prepared statement per connection (parsed and planned once; decision 066): for the hot list
 * queries. The name carries a hash of the text, since a filter changes the text.
 */
export async function rows<T>(db: Conn, q: import('drizzle-orm').SQL, name?: string): Promise<T[]> {
  if (name) {
    const d = db as unknown as Internals;
    const query = d.dialect.sqlToQuery(q);
    const id = `${name}_${createHash('sha1').update(query.sql).digest('hex').slice(0, 16)}`;
    const r = (await d.session.prepareQuery(query, undefined, id, false).execute()) as { rows: T[] };
    return r.rows;
  }
  const r = (await db.execute(q)) as unknown as { rows: T[] };
  return r.rows;
}
