import {
  type BasketLine,
  fromShanghai,
  type PlanSaveBody,
  type PromoSaveBody,
  type Promotion,
  type SalesPlan,
} from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import type { TenantScope } from '../../tenant/index.ts';

/** Sales plans and promotions of one store. Promotion times are China Standard Time wall-clock. */

const PLAN_COLS = sql.raw(
  'id, name, weekdays, start_minute, end_minute, action, rate, enabled, scope_mode, scope_rule, goods_ids, category_ids',
);
const PROMO_COLS =
  sql.raw(`id, name, kind, to_char(start_at, 'YYYY-MM-DD HH24:MI:SS') as start_at, to_char(end_at, 'YYYY-MM-DD HH24:MI:SS') as end_at,
  rate, price_fen, buy_n, get_m, bundle_qty, enabled, scope_mode, scope_rule, goods_ids, category_ids`);

export async function listPlans(db: Conn, store: TenantScope): Promise<SalesPlan[]> {
  const nid = store.netbarId;
  return rows<SalesPlan>(
    db,
    sql`select ${PLAN_COLS} from goods_sales_plans where netbar_id = ${nid} order by id`,
  );
}

export async function savePlan(db: Conn, store: TenantScope, v: PlanSaveBody) {
  const nid = store.netbarId;
  const [w, g, c] = [JSON.stringify(v.weekdays), JSON.stringify(v.goods_ids), JSON.stringify(v.category_ids)];
  const r = v.id
    ? await rows<{ id: number }>(
        db,
        sql`update goods_sales_plans set name = ${v.name}, weekdays = ${w}::jsonb, start_minute = ${v.start_minute}, end_minute = ${v.end_minute},
            action = ${v.action}, rate = ${v.rate}, enabled = ${v.enabled}, scope_mode = ${v.scope_mode}, scope_rule = ${v.scope_rule},
            goods_ids = ${g}::jsonb, category_ids = ${c}::jsonb where id = ${v.id} and netbar_id = ${nid} returning id`,
      )
    : await rows<{ id: number }>(
        db,
        sql`insert into goods_sales_plans (netbar_id, name, weekdays, start_minute, end_minute, action, rate, enabled, scope_mode, scope_rule, goods_ids, category_ids)
            values (${nid}, ${v.name}, ${w}::jsonb, ${v.start_minute}, ${v.end_minute}, ${v.action}, ${v.rate}, ${v.enabled}, ${v.scope_mode}, ${v.scope_rule}, ${g}::jsonb, ${c}::jsonb)
            returning id`,
      );
  return r[0]?.id;
}

type PromoRow = Promotion & { start_at: string; end_at: string };
const toMs = (local: string) => fromShanghai(local).getTime();

export async function listPromos(db: Conn, store: TenantScope): Promise<PromoRow[]> {
  const nid = store.netbarId;
  const r = await rows<Omit<PromoRow, 'start_ms' | 'end_ms'>>(
    db,
    sql`select ${PROMO_COLS} from goods_promotions where netbar_id = ${nid} order by id`,
  );
  return r.map(promoMs);
}
const promoMs = (p: Omit<PromoRow, 'start_ms' | 'end_ms'>): PromoRow => ({
  ...p,
  start_ms: toMs(p.start_at),
  end_ms: toMs(p.end_at),
});

/** A SKU as an order line needs it: its basket fields, its name with spec, cost and shelf status. */
export type PricedSku = Omit<BasketLine, 'qty'> & { name: string; cost_fen: number; on_shelf: boolean };

/**
 * Everything the counter prices a basket with, in one statement (decision 139): the store's SKUs among
 * `skuIds` (another store's are simply absent), its sales plans and its promotions — what basketLines,
 * listPlans and listPromos read one by one.
 */
export async function pricingOf(
  db: Conn,
  store: TenantScope,
  skuIds: number[],
): Promise<{ skus: PricedSku[]; plans: SalesPlan[]; promotions: PromoRow[] }> {
  const nid = store.netbarId;
  const r = await rows<{
    skus: PricedSku[];
    plans: SalesPlan[];
    promos: Omit<PromoRow, 'start_ms' | 'end_ms'>[];
  }>(
    db,
    sql`select
          (select coalesce(jsonb_agg(x), '[]'::jsonb) from (
             select k.id as sku_id, k.goods_id, g.category_id, k.price_fen, k.member_price_fen,
               g.name || case when k.spec <> '' then '（' || k.spec || '）' else '' end as name, k.cost_fen, (g.shelf_status = 1) as on_shelf
             from goods_skus k join goods g on g.id = k.goods_id
             where k.netbar_id = ${nid} and k.id in (${sql.join(
               skuIds.map((i) => sql`${i}`),
               sql`, `,
             )})) x) as skus,
          (select coalesce(jsonb_agg(p order by p.id), '[]'::jsonb) from (select ${PLAN_COLS} from goods_sales_plans where netbar_id = ${nid}) p) as plans,
          (select coalesce(jsonb_agg(p order by p.id), '[]'::jsonb) from (select ${PROMO_COLS} from goods_promotions where netbar_id = ${nid}) p) as promos`,
  );
  const { skus, plans, promos } = r[0]!;
  return { skus, plans, promotions: promos.map(promoMs) };
}

export async function savePromo(db: Conn, store: TenantScope, v: PromoSaveBody) {
  const nid = store.netbarId;
  const [g, c] = [JSON.stringify(v.goods_ids), JSON.stringify(v.category_ids)];
  const f = { price: v.price_fen ?? 0, n: v.buy_n ?? 0, m: v.get_m ?? 0, b: v.bundle_qty ?? 0 };
  const r = v.id
    ? await rows<{ id: number }>(
        db,
        sql`update goods_promotions set name = ${v.name}, kind = ${v.kind}, start_at = ${v.start_at}::timestamp, end_at = ${v.end_at}::timestamp, rate = ${v.rate},
            price_fen = ${f.price}, buy_n = ${f.n}, get_m = ${f.m}, bundle_qty = ${f.b}, enabled = ${v.enabled}, scope_mode = ${v.scope_mode},
            scope_rule = ${v.scope_rule}, goods_ids = ${g}::jsonb, category_ids = ${c}::jsonb where id = ${v.id} and netbar_id = ${nid} returning id`,
      )
    : await rows<{ id: number }>(
        db,
        sql`insert into goods_promotions (netbar_id, name, kind, start_at, end_at, rate, price_fen, buy_n, get_m, bundle_qty, enabled, scope_mode, scope_rule, goods_ids, category_ids)
            values (${nid}, ${v.name}, ${v.kind}, ${v.start_at}::timestamp, ${v.end_at}::timestamp, ${v.rate}, ${f.price}, ${f.n}, ${f.m}, ${f.b}, ${v.enabled},
                    ${v.scope_mode}, ${v.scope_rule}, ${g}::jsonb, ${c}::jsonb) returning id`,
      );
  return r[0]?.id;
}

/** Goods and categories named by a scope must belong to (or be visible to) the store. */
export async function scopeTargetsOwned(
  db: Conn,
  store: TenantScope,
  goodsIds: number[],
  categoryIds: number[],
) {
  const nid = store.netbarId;
  const g = goodsIds.length
    ? (
        await rows<{ n: number }>(
          db,
          sql`select count(*)::int as n from goods where netbar_id = ${nid} and id in (${sql.join(
            goodsIds.map((i) => sql`${i}`),
            sql`, `,
          )})`,
        )
      )[0]!.n
    : 0;
  const c = categoryIds.length
    ? (
        await rows<{ n: number }>(
          db,
          sql`select count(*)::int as n from goods_categories c where c.id in (${sql.join(
            categoryIds.map((i) => sql`${i}`),
            sql`, `,
          )})
              and (c.netbar_id = ${nid} or (c.shared and c.chain_id = (select chain_id from netbars where id = ${nid})))`,
        )
      )[0]!.n
    : 0;
  return g === new Set(goodsIds).size && c === new Set(categoryIds).size;
}

export async function basketLines(
  db: Conn,
  store: TenantScope,
  lines: { sku_id: number; qty: number }[],
): Promise<BasketLine[]> {
  const nid = store.netbarId;
  const ids = [...new Set(lines.map((l) => l.sku_id))];
  const skus = await rows<Omit<BasketLine, 'qty'>>(
    db,
    sql`select k.id as sku_id, k.goods_id, g.category_id, k.price_fen, k.member_price_fen from goods_skus k join goods g on g.id = k.goods_id
        where k.netbar_id = ${nid} and k.id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
  );
  if (skus.length !== ids.length) return [];
  return lines.map((l) => ({ ...skus.find((s) => s.sku_id === l.sku_id)!, qty: l.qty }));
}
