import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../db/client.ts';

/**
 * The counter (吧台) of a demo store as a set of timelines, one per stocked item (goods that track stock,
 * and the materials of recipe goods), read from the stock ledger: the demo's sales, member purchases and
 * goods redemptions take from it only what the counter holds at that moment while keeping every later
 * level ≥ 0 (the stores' policy is 禁止负库存; the demo's writers are not in time order, so each take
 * checks the rest of the timeline). Decisions 118 and 137.
 */

export interface Move {
  at: number;
  delta: number;
  value: number;
}

/** One stock row a take produced: the item, the quantity out (negative) and its book value. */
export interface StockOut {
  item_kind: 'goods' | 'mater';
  item_id: number;
  delta: number;
  value: number;
}

export interface ShelfSku {
  id: number;
  goods_id: number;
  /** 名称（规格）, as an order line shows it. */
  name: string;
  category: string;
  price: number;
  member_price: number;
  cost: number;
  track: boolean;
  recipe: { mater_id: number; qty: number }[];
}

const key = (kind: string, id: number) => `${kind}:${id}`;

export class DemoShelf {
  constructor(
    readonly skus: ShelfSku[],
    private readonly lines: Map<string, Move[]>,
  ) {}

  /** The moves of an item at the counter (empty when it never was there). */
  timeline(kind: 'goods' | 'mater', id: number): Move[] {
    let ms = this.lines.get(key(kind, id));
    if (!ms) {
      ms = [];
      this.lines.set(key(kind, id), ms);
    }
    return ms;
  }

  /** When the counter first received any goods. */
  get since(): number {
    let first = Number.POSITIVE_INFINITY;
    for (const ms of this.lines.values()) {
      const m = ms.find((x) => x.delta > 0);
      if (m && m.at < first) first = m.at;
    }
    return first;
  }

  /**
   * Takes `qty` of a SKU off the counter at `at` (the good itself, or its recipe's materials), when all
   * of it is there then and no later level goes below 0; undefined (nothing taken) otherwise.
   */
  sell(at: number, sku: ShelfSku, qty: number): StockOut[] | undefined {
    const needs: { kind: 'goods' | 'mater'; id: number; qty: number }[] = sku.recipe.length
      ? sku.recipe.map((r) => ({ kind: 'mater' as const, id: r.mater_id, qty: r.qty * qty }))
      : sku.track
        ? [{ kind: 'goods', id: sku.id, qty }]
        : [];
    if (!needs.every((n) => fits(this.timeline(n.kind, n.id), at, n.qty))) return undefined;
    return needs.map((n) => ({
      item_kind: n.kind,
      item_id: n.id,
      delta: -n.qty,
      value: take(this.timeline(n.kind, n.id), at, n.qty),
    }));
  }

  /** Puts back what a sale took (a refund at `at`), valued as it left. */
  putBack(at: number, out: StockOut[], share: (o: StockOut) => number): StockOut[] {
    return out
      .map((o) => {
        const qty = share(o);
        // valued at the unit cost the sale took it out at, as stockSaleRefund does
        const value = Math.abs(Math.round(o.value / o.delta)) * qty;
        const ms = this.timeline(o.item_kind, o.item_id);
        ms.splice(after(ms, at), 0, { at, delta: qty, value });
        return { item_kind: o.item_kind, item_id: o.item_id, delta: qty, value };
      })
      .filter((o) => o.delta > 0);
  }
}

/** Index of the first move after `at` (moves at the same instant stay before). */
function after(ms: Move[], at: number): number {
  let p = 0;
  while (p < ms.length && ms[p]!.at <= at) p++;
  return p;
}

function fits(ms: Move[], at: number, qty: number): boolean {
  const p = after(ms, at);
  let level = 0;
  for (let j = 0; j < p; j++) level += ms[j]!.delta;
  if (level < qty) return false;
  for (let run = level, j = p; j < ms.length; j++) {
    run += ms[j]!.delta;
    if (run < qty) return false;
  }
  return true;
}

/** Takes `qty` at `at` (fits checked): the outflow's book value at moving average, as applyMove values it. */
function take(ms: Move[], at: number, qty: number): number {
  const p = after(ms, at);
  let level = 0;
  let book = 0;
  for (let j = 0; j < p; j++) {
    level += ms[j]!.delta;
    book += ms[j]!.value;
  }
  const value = level === qty ? -book : -Math.round((book * qty) / level);
  ms.splice(p, 0, { at, delta: -qty, value });
  return value;
}

/** The store's counter as the stock ledger has it now, with its sellable SKUs. */
export async function loadShelf(db: Conn, nid: number): Promise<DemoShelf> {
  const skus = await rows<{
    id: number;
    goods_id: number;
    name: string;
    category: string;
    price: number;
    member_price: number;
    cost: number;
    track: boolean;
    recipe: { mater_id: number; qty: number }[] | null;
  }>(
    db,
    sql`select k.id, k.goods_id, g.name || case when k.spec <> '' then '（' || k.spec || '）' else '' end as name,
          c.name as category, k.price_fen as price, k.member_price_fen as member_price, k.cost_fen as cost, g.track_stock as track,
          (select jsonb_agg(jsonb_build_object('mater_id', r.mater_id, 'qty', r.qty)) from goods_recipes r where r.goods_id = g.id) as recipe
        from goods_skus k join goods g on g.id = k.goods_id join goods_categories c on c.id = g.category_id
        where k.netbar_id = ${nid} and g.shelf_status = 1 order by k.id`,
  );
  const moves = await rows<{
    item_kind: string;
    item_id: number;
    at: number;
    delta: number;
    value_fen: number;
  }>(
    db,
    sql`select item_kind, item_id, (extract(epoch from at) * 1000)::float8 as at, delta::float8 as delta, value_fen::float8 as value_fen
        from stock_ledger where netbar_id = ${nid} and location = 'counter' order by at, id`,
  );
  const lines = new Map<string, Move[]>();
  for (const m of moves) {
    const k = key(m.item_kind, Number(m.item_id));
    const ms = lines.get(k) ?? [];
    lines.set(k, ms);
    ms.push({ at: m.at, delta: m.delta, value: m.value_fen });
  }
  return new DemoShelf(
    skus.map((k) => ({
      ...k,
      id: Number(k.id),
      goods_id: Number(k.goods_id),
      recipe: (k.recipe ?? []).map((r) => ({ mater_id: Number(r.mater_id), qty: Number(r.qty) })),
    })),
    lines,
  );
}
