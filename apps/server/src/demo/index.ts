import type { Db } from '../db/client.ts';
import { agentDemo } from './agent.ts';
import { commissionDemo } from './commission.ts';
import { countDemo } from './count-sheet.ts';
import { deskDemo } from './desk.ts';
import { goodsDemo } from './goods.ts';
import { memberDemo } from './member.ts';
import { netbarStaffDemo } from './netbar-staff.ts';
import { seedNotices } from './notice.ts';
import { orderDemo } from './orders.ts';
import { seedOutbox } from './outbox.ts';
import { restockDemo } from './restock.ts';
import { shiftDemo } from './shift.ts';
import { venueDemo } from './venue.ts';

/**
 * Domain demo generators (catalogue, stock, heartbeats ...), each idempotent. A module adds its own
 * generator to this list.
 */
const generators: ((db: Db) => Promise<void>)[] = [
  agentDemo,
  // 星际网咖's staff before the generators that book their work (commissions, tips)
  netbarStaffDemo,
  seedNotices,
  goodsDemo,
  seedOutbox,
  venueDemo,
  shiftDemo,
  memberDemo,
  // the rooms and tables first: the order demo settles their past sessions in its shifts
  deskDemo,
  orderDemo,
  countDemo,
  // today's 补货单 after the 90 days of sales and yesterday's count sheet (demo/restock.ts)
  restockDemo,
  // the chain's commission rules (decision 147)
  commissionDemo,
];

export async function runDemoGenerators(db: Db): Promise<void> {
  // DEMO_PROFILE=1 prints each generator's wall and CPU time (the demo's start-up cost counts)
  const profile = process.env.DEMO_PROFILE === '1';
  for (const g of generators) {
    const wall = performance.now();
    const cpu = process.cpuUsage();
    await g(db);
    if (profile) {
      const c = process.cpuUsage(cpu);
      console.log(
        `demo ${g.name}: ${Math.round(performance.now() - wall)} ms, CPU ${Math.round((c.user + c.system) / 1000)} ms`,
      );
    }
  }
}
