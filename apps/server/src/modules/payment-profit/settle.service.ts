import { PROFIT_MSG, shanghaiDate } from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { nextDay } from '../../lib/day-bounds.ts';
import { BadInputError } from '../../lib/errors.ts';
import { creditWalletProfit } from '../wallet/index.ts';
import {
  carryIn,
  claimDay,
  closeDay,
  firstPaidDay,
  lastSettledDay,
  takeItems,
  writeCredit,
  writeRecords,
} from './settle.repo.ts';

export interface SettleResult {
  day: string;
  /** false: the day was settled before, nothing changed */
  settled: boolean;
  records: number;
  profit_fen: number;
}

/**
 * Settles one Beijing day (decision 171) in one transaction: claims the day (a second settlement of it
 * changes nothing), takes its payments and the refunds not yet taken, writes a record per netbar and
 * method at the current rates, and credits each agent's wallet with the day's profit (a negative day is
 * carried on to the next credit, never debited). Only a day that has ended may be settled.
 */
export async function settleDay(db: Db, day: string, by = 0, today = shanghaiDate()): Promise<SettleResult> {
  if (day >= today) throw new BadInputError(PROFIT_MSG.future);
  return db.transaction(async (tx) => {
    if (!(await claimDay(tx, day, by))) return { day, settled: false, records: 0, profit_fen: 0 };
    await takeItems(tx, day);
    const agents = await writeRecords(tx, day);
    let records = 0;
    let net = 0;
    let profit = 0;
    for (const a of agents) {
      const p = Number(a.profit_fen);
      records += a.records;
      net += Number(a.net_fen);
      profit += p;
      const carry = await carryIn(tx, a.agent_id, day);
      const total = p + carry;
      const credited = Math.max(0, total);
      await writeCredit(tx, {
        agentId: a.agent_id,
        day,
        profit: p,
        carryIn: carry,
        credited,
        carryOut: Math.min(0, total),
      });
      if (credited > 0) await creditWalletProfit(tx, { agentId: a.agent_id, amountFen: credited, day });
    }
    await closeDay(tx, day, records, net, profit);
    return { day, settled: true, records, profit_fen: profit };
  });
}

/** The longest stretch one pass settles (a server down for longer catches up over several passes). */
export const SETTLE_MAX_DAYS = 400;

/**
 * The daily job's pass (and the demo's): every day after the last settled one (or from the first paid
 * payment) up to yesterday, oldest first. Days before the last settled one are never settled late: their
 * late refunds are carried into the next day settled.
 */
export async function settlePending(db: Db, now = new Date()): Promise<SettleResult[]> {
  const today = shanghaiDate(now.getTime());
  const last = await lastSettledDay(db);
  let day = last ? nextDay(last) : await firstPaidDay(db);
  const out: SettleResult[] = [];
  while (day && day < today && out.length < SETTLE_MAX_DAYS) {
    out.push(await settleDay(db, day, 0, today));
    day = nextDay(day);
  }
  return out;
}
