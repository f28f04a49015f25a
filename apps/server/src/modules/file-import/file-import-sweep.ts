import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../../db/client.ts';
import { heldPaths, sweepJobs } from './file-import.repo.ts';

/** How long an upload that nobody commits is kept. */
export const ABANDON_AFTER_MS = 24 * 3600_000;

/**
 * Uploads never committed (decision 196): a job still uploaded, checked, or a dry run that died, untouched
 * for 24 h, becomes 失败 (超过24小时未开始导入) and loses its file and its problem rows; an upload file in
 * DATA_DIR/imports that no job holds (a process killed mid-upload) goes when it is 24 h old. Running,
 * interrupted (继续导入 needs the file) and done jobs are never touched.
 */
export async function sweepAbandonedImports(
  db: Db,
  dataDir: string,
  now: Date = new Date(),
): Promise<{ jobs: number; files: number }> {
  const before = new Date(now.getTime() - ABANDON_AFTER_MS);
  const dir = join(dataDir, 'imports');
  const gone = await sweepJobs(db, before);
  for (const p of gone) await rm(p, { force: true });
  let files = gone.length;
  const names = await readdir(dir).catch(() => [] as string[]);
  const old: string[] = [];
  for (const n of names.filter((x) => x.endsWith('.upload'))) {
    const s = await stat(join(dir, n)).catch(() => null);
    if (s && s.mtimeMs < before.getTime()) old.push(join(dir, n));
  }
  const held = await heldPaths(db, old);
  for (const p of old.filter((x) => !held.has(x))) {
    await rm(p, { force: true });
    files++;
  }
  return { jobs: gone.length, files };
}
