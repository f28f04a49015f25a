import type { Db } from '../db/client.ts';
import { drainAll } from '../modules/report/index.ts';

/**
 * The operating reports' daily rollups (decision 152) of the demo's 90 days, built once after every
 * other generator: `npm start` and the tests open the reports without recomputing the whole history on
 * the first request. Idempotent: only the store-days the triggers marked are recomputed.
 */
export async function reportDemo(db: Db): Promise<void> {
  await drainAll(db);
}
