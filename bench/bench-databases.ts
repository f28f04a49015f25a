// Where a bench runs: a throwaway PostgreSQL database on BENCH_DATABASE_URL (or the default local server),
// dropped by `drop()`; and for the demo benches PGlite in memory (unless --pg) and then such a database.
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';

export interface ScratchDatabase {
  database: Database;
  /** its connection string (for other processes) */
  url: string;
  /** closes the database and drops it */
  drop: () => Promise<void>;
}

/** A new empty PostgreSQL database `<prefix>_<pid>`; null (said on the console) when none answers. */
export async function scratchDatabase(prefix: string): Promise<ScratchDatabase | null> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: url });
  if (
    !(await admin.connect().then(
      () => true,
      () => false,
    ))
  ) {
    console.log(`PostgreSQL：${url} 无法连接，跳过`);
    return null;
  }
  const name = `${prefix}_${process.pid}`;
  await admin.query(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString() });
  return {
    database,
    url: u.toString(),
    drop: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export type Measure = (label: string, database: Database) => Promise<void>;

/**
 * `--database postgres://…`: measures that database as it is (e.g. after `npm run seed:volume`; `build`
 * false: nothing is migrated or generated) and exits. Without the flag it returns and the bench goes on.
 */
export async function onExistingDatabase(
  measure: (label: string, database: Database, build: boolean) => Promise<void>,
): Promise<void> {
  const at = process.argv.indexOf('--database');
  if (at < 0) return;
  const database = await openDatabase({ databaseUrl: process.argv[at + 1] as string });
  try {
    await measure('PostgreSQL（已有数据）', database, false);
  } finally {
    await database.close();
  }
  process.exit(0);
}

export async function onBenchDatabases(prefix: string, measure: Measure): Promise<void> {
  if (!process.argv.includes('--pg')) {
    const lite = await openDatabase({ memory: true });
    try {
      await measure('PGlite', lite);
    } finally {
      await lite.close();
    }
  }
  const pgDb = await scratchDatabase(prefix);
  if (!pgDb) return;
  try {
    await measure('PostgreSQL', pgDb.database);
  } finally {
    await pgDb.drop();
  }
}

/** `--name N` on the command line, else `dflt`. */
export const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};

/** The Beijing calendar day `daysAgo` days before today, YYYY-MM-DD. */
export const beijingDay = (daysAgo: number) =>
  new Date(Date.now() + 8 * 3600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** `users` callers at once, each running `run` `runs` times in a row; every call's time in ms. */
export async function concurrently(
  users: number,
  runs: number,
  run: () => Promise<unknown>,
): Promise<number[]> {
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: users }, async () => {
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        await run();
        times.push(performance.now() - t);
      }
    }),
  );
  return times;
}
