import type { OrderExportQuery, OrderListFilter, OrderListPage, OrderListQuery } from '@netbar/contract';
import type { Conn } from '../../db/client.ts';
import { decodeCursor } from '../../lib/paging.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { memberByCard, memberPool } from '../member/index.ts';
import {
  countCapped,
  memberIdsByMobile,
  orderPage,
  orderRowsAll,
  orderTotals,
  type ResolvedFilter,
} from './order-list.repo.ts';

/** The shopping order list and its export (decision 133). */

export interface ListDeps {
  db: Conn;
  config: { NODE_ENV?: string; MEMBER_FIELD_KEY?: string };
}

/**
 * A member named by card number or mobile becomes the ids of the pool's members it names (none: the
 * list is empty, not an error). A card is matched through its keyed hash (decision 106), a mobile exactly.
 */
async function resolve(deps: ListDeps, s: TenantScope, f: OrderListFilter): Promise<ResolvedFilter> {
  const { member, ...rest } = f;
  if (!member) return rest;
  const byCard = await memberByCard(deps, s, member);
  if (byCard) return { ...rest, member_ids: [byCard.id] };
  const pool = (await memberPool(deps.db, s)).pool;
  return { ...rest, member_ids: await memberIdsByMobile(deps.db, pool, member) };
}

/** One page of the list with the count and 合计 of the whole filter. */
export async function orderList(deps: ListDeps, s: TenantScope, q: OrderListQuery): Promise<OrderListPage> {
  const { page, page_size, after, ...filter } = q;
  const f = await resolve(deps, s, filter);
  const [p, t] = await Promise.all([
    orderPage(deps.db, s, f, page_size, decodeCursor(after), page),
    orderTotals(deps.db, s, f),
  ]);
  const { estimated, ...totals } = t;
  return { list: p.list, page, page_size, count: t.count, next: p.next, estimated, totals };
}

/** Every order of the filter for the export, newest first, and its size counted up to the cap. */
export async function orderExport(deps: ListDeps, s: TenantScope, q: OrderExportQuery) {
  const f = await resolve(deps, s, q);
  return {
    rows: orderRowsAll(deps.db, s, f),
    count: (cap: number) => countCapped(deps.db, s, f, cap),
  };
}
