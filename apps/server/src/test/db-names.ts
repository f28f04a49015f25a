import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { serverRoot } from '../db/paths.ts';

/** The PGlite snapshot (a data folder) of one test run: its own, so two runs at once never read each other's. */
export const snapshotPath = (run: string) =>
  join(serverRoot(), '..', '..', 'node_modules', '.cache', 'netbar-test', `pglite-snapshot-${run}`);

export const templateName = () => `nb_tpl_${process.pid}_${randomBytes(3).toString('hex')}`;
export const testDbName = () => `nb_t_${process.pid}_${randomBytes(4).toString('hex')}`;

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The maintenance database on the same server, for CREATE/DROP DATABASE. */
export const adminUrl = (url: string) => withDatabase(url, 'postgres');
