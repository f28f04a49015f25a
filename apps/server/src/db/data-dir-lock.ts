import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

export const LOCK_FILE = 'netbar-server.lock';

/** A second process (or a second opening in this one) found the data folder in use. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly ownerPid: number,
  ) {
    super(
      `数据目录 ${dir} 正被另一个服务进程（pid ${ownerPid}）使用，本进程没有打开它，也没有改动其中任何文件。` +
        '请先停止该进程，或为本进程设置另一个 DATA_DIR。',
    );
  }
}

/** Folders this process holds, so a second opening in the same process is refused too. */
const held = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ownerOf(path: string): number | undefined {
  try {
    const pid = Number(JSON.parse(readFileSync(path, 'utf8')).pid);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Locks an embedded data folder (docs/decisions/050-data-folder-lock.md): a lock file created with
 * O_EXCL holds the owner's pid. A lock whose process is gone (kill -9, power loss) is stale and taken
 * over; a live one is refused with DataDirLockedError before anything in the folder is touched.
 * Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  const abs = resolve(dir);
  const path = join(abs, LOCK_FILE);
  if (held.has(abs)) throw new DataDirLockedError(abs, process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }));
      closeSync(fd);
      held.add(abs);
      const onExit = () => release();
      const release = () => {
        process.off('exit', onExit);
        if (!held.delete(abs)) return;
        if (ownerOf(path) === process.pid) unlinkSync(path);
      };
      process.on('exit', onExit);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = ownerOf(path);
      // Our own pid in a lock we do not hold is a leftover from an earlier run (a container's pid 1).
      if (pid !== undefined && pid !== process.pid && alive(pid)) throw new DataDirLockedError(abs, pid);
      try {
        unlinkSync(path);
      } catch {
        /* another process took the stale lock first: try again */
      }
    }
  }
  throw new DataDirLockedError(abs, ownerOf(path) ?? 0);
}
