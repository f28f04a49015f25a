import type { Db } from '../db/client.ts';
import { agentDemo } from './agent.ts';
import { countDemo } from './count-sheet.ts';
import { deskDemo } from './desk.ts';
import { goodsDemo } from './goods.ts';
import { memberDemo } from './member.ts';
import { seedNotices } from './notice.ts';
import { orderDemo } from './orders.ts';
import { seedOutbox } from './outbox.ts';
import { shiftDemo } from './shift.ts';
import { venueDemo } from './venue.ts';

/**
 * Domain demo generators (catalogue, stock, heartbeats ...), each idempotent. A module adds its own
 * generator to this list.
 */
const generators: ((db: Db) => Promise<void>)[] = [
  agentDemo,
  seedNotices,
  goodsDemo,
  seedOutbox,
  venueDemo,
  shiftDemo,
  memberDemo,
  orderDemo,
  deskDemo,
  countDemo,
];

export async function runDemoGenerators(db: Db): Promise<void> {
  for (const g of generators) await g(db);
}
