import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The apps/server folder, found from this file whether it runs from src/ (tsx, vitest) or dist/ (bundle). */
export function serverRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === '@netbar/server') return dir;
    dir = dirname(dir);
  }
  throw new Error('找不到 apps/server 目录');
}

export const migrationsDir = () => join(serverRoot(), 'src', 'db', 'migrations');
