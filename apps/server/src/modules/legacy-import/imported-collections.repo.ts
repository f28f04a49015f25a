import {
  type ImportedCollectionQuery,
  type ImportedCollectionRow,
  LEGACY_PRODUCT_LABELS,
  type LegacyProduct,
} from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { dayRange } from '../../lib/day-bounds.ts';
import { paged } from '../../lib/paging.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import type { TenantScope } from '../../tenant/index.ts';

/**
 * 历史导入 online-collection records of the caller's store (decision 194): the 历史导入 tab of the payment
 * records, with its Beijing-day filter, fen total and export. Read-only: nothing here writes.
 */

type Raw = Omit<ImportedCollectionRow, 'product_name' | 'source'>;
type Filter = Pick<ImportedCollectionQuery, 'start' | 'end'>;

const SELECT = sql`select id::integer as id, product, trade_no, ${fmtTs('paid_at')} as paid_at,
  amount_fen::integer as amount_fen, method, payer`;
const FROM = sql`from imported_collections`;
const ORDER = sql`paid_at desc, id desc`;

const where = (s: TenantScope, q: Filter): SQL[] => [
  sql`netbar_id = ${s.netbarId}`,
  ...dayRange(sql`paid_at`, q.start, q.end),
];

const named = (x: Raw): ImportedCollectionRow => ({
  ...x,
  product_name: LEGACY_PRODUCT_LABELS[x.product as LegacyProduct] ?? String(x.product),
  source: '历史导入',
});

/** A page of the store's records, newest first, with the filter's count and fen total. */
export async function listCollections(db: Conn, s: TenantScope, q: ImportedCollectionQuery) {
  const r = await paged<Raw>(db, SELECT, FROM, where(s, q), ORDER, q, 'amount_fen');
  return { ...r, list: r.list.map(named) };
}

/** Every record of the filter, a page of 2000 at a time (the export); `count` first for the cap. */
export function exportCollections(db: Conn, s: TenantScope, q: Filter) {
  const page = (n: number, size = 2000) =>
    paged<Raw>(db, SELECT, FROM, where(s, q), ORDER, { page: n, page_size: size });
  return {
    count: async () => (await page(1, 1)).count,
    async *all() {
      for (let n = 1; ; n++) {
        const r = await page(n);
        for (const x of r.list) yield named(x);
        if (r.list.length < 2000) return;
      }
    },
  };
}
