import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { migrationsDir, serverRoot } from '../db/paths.ts';
import { extractDataDirTarball } from '../db/untar.ts';
import { runDemoGenerators } from './index.ts';
import { seedDemo } from './seed.ts';

/**
 * A migrated and seeded demo database as a PGlite data folder (decisions 064, 069), built once and
 * copied into an empty DATA_DIR on first start instead of running every migration and seed statement
 * there (a plain file copy: no tarball to unpack at start). Its name carries a hash of the migrations, the demo code and the CST day (the demo's dates are
 * relative to today), so a change to any of them builds a new one. Only for the embedded demo database.
 */

const cst = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

function snapshotKey(): string {
  const h = createHash('sha256');
  const dir = migrationsDir();
  for (const f of readdirSync(dir).sort()) h.update(f).update(readFileSync(join(dir, f)));
  const demoSrc = join(serverRoot(), 'src', 'demo');
  if (existsSync(demoSrc))
    for (const f of readdirSync(demoSrc).sort())
      if (f.endsWith('.ts')) h.update(readFileSync(join(demoSrc, f)));
  const entry = process.argv[1];
  if (entry && existsSync(entry)) h.update(readFileSync(entry));
  return `${cst()}-${h.digest('hex').slice(0, 16)}`;
}

export const snapshotPath = () => join(serverRoot(), '.cache', `demo-${snapshotKey()}`);

/** Builds the snapshot when missing (in memory: migrate, seed, dump); returns its path. */
export async function ensureDemoSnapshot(): Promise<string> {
  const path = snapshotPath();
  if (existsSync(path)) return path;
  const database = await openDatabase({ memory: true });
  await migrate(database);
  await seedDemo(database.db);
  await runDemoGenerators(database.db);
  const pglite = (database.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
  const blob = await pglite.dumpDataDir('gzip');
  await database.close();
  const cache = join(serverRoot(), '.cache');
  mkdirSync(cache, { recursive: true });
  // snapshots of other days or code are left behind by a rebuild: only this one is kept
  for (const old of readdirSync(cache))
    if (old.startsWith('demo-')) rmSync(join(cache, old), { recursive: true, force: true });
  const tmp = `${path}.${process.pid}.tmp`;
  extractDataDirTarball(new Uint8Array(await blob.arrayBuffer()), tmp);
  renameSync(tmp, path);
  return path;
}

/** The snapshot's data folder for a fresh DATA_DIR, when one is built. */
export function demoSnapshot(): string | undefined {
  const path = snapshotPath();
  return existsSync(path) ? path : undefined;
}
