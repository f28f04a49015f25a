import type { Db } from '../../db/client.ts';
import type { TenantScope } from '../../tenant/index.ts';
import type { LegacyCollection, LegacyConnector } from './connector.ts';
import { type Counters, insertCollections, type LegacyJob, setCounters } from './legacy-import.repo.ts';

/**
 * Online collection of a source store (issue 19 item 5, decision 194): historical, read-only records in
 * imported_collections (not payments: no refund, settlement, profit or acquirer reconciliation sees them).
 * One transaction a page; a trade number already imported into the store is left as it is (right).
 */

const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

export function collectionProblem(c: LegacyCollection): string | undefined {
  if (!c.trade_no || c.trade_no.length > 64) return '交易号为1-64个字符';
  if (!TIME.test(c.paid_at) || Number.isNaN(Date.parse(c.paid_at.replace(' ', 'T')))) return '支付时间不正确';
  if (!Number.isInteger(c.amount_fen) || c.amount_fen <= 0 || c.amount_fen > 100_000_000)
    return '金额须为0.01-1000000元';
  return undefined;
}

export async function runCollections(
  db: Db,
  connector: LegacyConnector,
  s: TenantScope,
  job: LegacyJob,
  token: string,
): Promise<void> {
  const summary = await connector.summary(token, job.source_store);
  const c: Counters = { total: summary.collections, com: 0, member: 0, right: 0, failed: 0 };
  await setCounters(db, job.id, c);
  for await (const page of connector.collections(token, job.source_store)) {
    const good = page.filter((x) => !collectionProblem(x));
    await db.transaction(async (tx) => {
      const n = await insertCollections(
        tx,
        s,
        { id: job.id, product: job.product, source: job.source_store },
        good.map((x) => ({ ...x, method: x.method.slice(0, 20), payer: x.payer.slice(0, 40) })),
      );
      c.com += page.length;
      c.member += n;
      c.right += good.length - n;
      c.failed += page.length - good.length;
      await setCounters(tx, job.id, c);
    });
  }
}
