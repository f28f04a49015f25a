import type { OrderCatalog } from '@netbar/contract';
import type { Conn } from '../../db/client.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { listPlans, listPromos } from '../goods/index.ts';
import { counterShelf } from './order-catalog.repo.ts';

/**
 * 收银台's catalog (decision 141): the on-shelf SKUs with counter stock, their categories, the sales plans
 * and promotions the screen prices the cart with (enabled ones; promotions not yet ended), the
 * negative-stock policy and the member 先扣 rule — one answer for a cashier holding only the counter.
 */
export async function orderCatalog(db: Conn, store: TenantScope, now = Date.now()): Promise<OrderCatalog> {
  const [shelf, plans, promos] = await Promise.all([
    counterShelf(db, store),
    listPlans(db, store),
    listPromos(db, store),
  ]);
  return {
    ...shelf,
    plans: plans.filter((p) => p.enabled),
    promotions: promos
      .filter((p) => p.enabled && p.end_ms > now)
      .map(({ start_at: _s, end_at: _e, ...p }) => p),
  };
}
