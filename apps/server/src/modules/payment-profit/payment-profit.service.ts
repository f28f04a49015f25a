import {
  PROFIT_MSG,
  type ProfitDetailQuery,
  type ProfitListQuery,
  type ProfitPage,
  type ProfitRateBody,
} from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import * as repo from './payment-profit.repo.ts';

/** The records of a period with their count and totals (the totals are the export's 合计 row). */
export async function listProfit(db: Db, s: TenantScope, q: ProfitListQuery): Promise<ProfitPage> {
  const [list, t] = await Promise.all([repo.listRecords(db, s, q, q), repo.totalsOf(db, s, q)]);
  return { list, page: q.page, page_size: q.page_size, count: t.count, totals: t.totals };
}

/** A record's payments and refunds; another agent's record reads as absent. */
export async function profitDetail(db: Db, s: TenantScope, q: ProfitDetailQuery) {
  const rec = await repo.recordById(db, s, q.record_id);
  if (!rec) throw new NotFoundError(PROFIT_MSG.record);
  const r = await repo.recordItems(db, rec, q);
  return { ...r, page: q.page, page_size: q.page_size, record: rec };
}

export const profitRates = (db: Db) => repo.listRates(db);

export async function saveProfitRate(db: Db, b: ProfitRateBody, by: string) {
  await repo.saveRate(db, b, by);
  return repo.listRates(db);
}

export const profitAgents = (db: Db) => repo.agentOptions(db);
