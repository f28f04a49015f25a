import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LegacySim, startLegacySim } from '../../../../../tools/legacy-sim/server.ts';
import { type Client, createTestApp, type TestApp } from '../../test/harness.ts';
import { importIdle } from '../file-import/index.ts';
import { legacyIdle } from './legacy-import.service.ts';

/** Test helpers of the legacy import (this module's own): the simulator in-process and a console app on it. */

export const md5 = (s: string) => createHash('md5').update(s).digest('hex');
export const SIM_MEMBERS = 1100;
export const SIM_COLLECTIONS = 30;

export async function simAndApp(): Promise<{ sim: LegacySim; t: TestApp; lines: string[] }> {
  const lines: string[] = [];
  const sim = await startLegacySim(0, {
    members: SIM_MEMBERS,
    collections: SIM_COLLECTIONS,
    log: (l) => lines.push(l),
  });
  const t = await createTestApp({
    LEGACY_IMPORT_URL: sim.url,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'nb-legacy-')),
  });
  return { sim, t, lines };
}

/** Every import of this process finished (the legacy job and the file job it fed). */
export async function settle() {
  await legacyIdle();
  await importIdle();
}

/** Logs the client in to product 10 (5.0) as the simulator's demo account (code 0). */
export const loginDemo = (c: Client) =>
  c.post<{ code: number; msg: string; data: { id: number; name: string }[] }>(
    '/api/v1/verify_panda_account',
    {
      user_name: 'demo',
      password: md5('demo123'),
    },
  );

/** The simulator's summary of a store, as the source reports it. */
export async function simSummary(sim: LegacySim, store: number) {
  const login = await fetch(`${sim.url}/v1/login`, {
    method: 'POST',
    body: JSON.stringify({ product: 10, account: 'demo', password: md5('demo123') }),
  }).then((r) => r.json() as Promise<{ data: { token: string } }>);
  const s = await fetch(`${sim.url}/v1/stores/${store}/summary`, {
    headers: { authorization: `Bearer ${login.data.token}` },
  }).then(
    (r) => r.json() as Promise<{ data: Record<string, number> & { importable: Record<string, number> } }>,
  );
  return s.data;
}
