import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, rows } from '../db/client.ts';
import { DataDirLockedError, LOCK_FILE } from '../db/data-dir-lock.ts';

/** Names, sizes and times of everything in a folder: what "touching nothing" is checked against. */
function listing(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      const s = statSync(p);
      if (s.isDirectory()) walk(p);
      else out.push(`${p} ${s.size} ${s.mtimeMs}`);
    }
  };
  walk(dir);
  return out.sort();
}

describe('2. the embedded data folder is locked', () => {
  it('a second opening of the same folder is refused in Chinese, naming folder and pid, touching nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nb-lock-'));
    const first = await openDatabase({ dataDir: dir });
    await first.exec('create table t (x int); insert into t values (1)');
    const lock = JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'));
    expect(lock.pid).toBe(process.pid);
    const before = listing(dir);
    const second = openDatabase({ dataDir: dir });
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    const err = (await second.catch((e: Error) => e)) as Error;
    expect(err.message).toContain(dir);
    expect(err.message).toContain(`pid ${process.pid}`);
    expect(err.message).toMatch(/数据目录/);
    expect(listing(dir)).toEqual(before);
    // the first one still works, and after it closes the folder opens again
    expect(await rows<{ x: number }>(first.db, sql`select x from t`)).toEqual([{ x: 1 }]);
    await first.close();
    const again = await openDatabase({ dataDir: dir });
    expect(await rows<{ x: number }>(again.db, sql`select x from t`)).toEqual([{ x: 1 }]);
    await again.close();
  }, 120_000);

  it('another live process holding the lock is refused; a dead one is a stale lock, taken over', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nb-lock-'));
    // The parent of this worker is alive for as long as the test runs: a live owner.
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: process.ppid }));
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(`pid ${process.ppid}`);
    // A process that has exited: its lock is stale.
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: Number(gone.stdout.trim()) }));
    const db = await openDatabase({ dataDir: dir });
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    await db.close();
  }, 120_000);
});
