import { type ItemKindValue, STOCK_LOCATION_LABELS, type StockLocationValue } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { BadInputError, NotFoundError } from '../../lib/errors.ts';

/**
 * The one place stock changes (decision 041): lock the level row, write the ledger row, update the
 * running quantity and book value in the same transaction. Outflows are valued at moving average cost.
 */

export interface ItemInfo {
  item_kind: ItemKindValue;
  item_id: number;
  name: string;
  unit: string;
  barcode: string;
  cost_fen: number;
  track_stock: boolean;
  has_recipe: boolean;
}

export const itemKey = (kind: string, id: number) => `${kind}:${id}`;

/** The store's goods SKUs and materials by key; an id of another store is simply absent. */
export async function itemInfos(
  db: Conn,
  nid: number,
  keys: { item_kind: ItemKindValue; item_id: number }[],
): Promise<Map<string, ItemInfo>> {
  const goods = keys.filter((k) => k.item_kind === 'goods').map((k) => sql`${k.item_id}`);
  const maters = keys.filter((k) => k.item_kind === 'mater').map((k) => sql`${k.item_id}`);
  const out = new Map<string, ItemInfo>();
  if (goods.length) {
    const r = await rows<ItemInfo>(
      db,
      sql`select 'goods' as item_kind, k.id as item_id, g.name || case when k.spec <> '' then '（' || k.spec || '）' else '' end as name, g.unit, k.barcode, k.cost_fen, g.track_stock,
            exists (select 1 from goods_recipes r where r.goods_id = g.id) as has_recipe
          from goods_skus k join goods g on g.id = k.goods_id where k.netbar_id = ${nid} and k.id in (${sql.join(goods, sql`, `)})`,
    );
    for (const i of r) out.set(itemKey('goods', i.item_id), i);
  }
  if (maters.length) {
    const r = await rows<ItemInfo>(
      db,
      sql`select 'mater' as item_kind, id as item_id, name, unit, barcode, cost_fen, true as track_stock, false as has_recipe
          from goods_maters where netbar_id = ${nid} and id in (${sql.join(maters, sql`, `)})`,
    );
    for (const i of r) out.set(itemKey('mater', i.item_id), i);
  }
  return out;
}

export function requireItems(
  infos: Map<string, ItemInfo>,
  keys: { item_kind: ItemKindValue; item_id: number }[],
): void {
  for (const k of keys)
    if (!infos.has(itemKey(k.item_kind, k.item_id)))
      throw new NotFoundError(k.item_kind === 'goods' ? '商品不存在' : '原料不存在');
}

export type NegativePolicy = 'refuse' | 'warn';

export async function negativePolicyOf(db: Conn, nid: number): Promise<NegativePolicy> {
  const r = await rows<{ negative_policy: NegativePolicy }>(
    db,
    sql`select negative_policy from goods_settings where netbar_id = ${nid}`,
  );
  return r[0]?.negative_policy ?? 'refuse';
}

/** Largest stock level (units) one location may hold: far above any shop, far below float precision. */
export const STOCK_QTY_MAX = 10_000_000_000;

export interface Move {
  item: ItemInfo;
  location: StockLocationValue;
  delta: number;
  /** Unit cost of an inflow from outside (a receipt); other inflows say how much value they bring. */
  unitCost?: number;
  value?: number;
}
export interface MoveRef {
  nid: number;
  refType: string;
  refNo: string;
  docId?: number;
  saleId?: number;
  user: { id: number; name: string };
  policy: NegativePolicy | 'allow';
}
export interface MoveResult {
  before: number;
  after: number;
  value: number;
  warning?: string;
}

export async function applyMove(tx: Conn, m: Move, ref: MoveRef): Promise<MoveResult> {
  const { nid } = ref;
  const key = sql`netbar_id = ${nid} and item_kind = ${m.item.item_kind} and item_id = ${m.item.item_id} and location = ${m.location}`;
  await rows(
    tx,
    sql`insert into stock_levels (netbar_id, item_kind, item_id, location) values (${nid}, ${m.item.item_kind}, ${m.item.item_id}, ${m.location}) on conflict do nothing`,
  );
  const lvl = (
    await rows<{ qty: string; value_fen: string }>(
      tx,
      sql`select qty, value_fen from stock_levels where ${key} for update`,
    )
  )[0]!;
  const before = Number(lvl.qty);
  const bookValue = Number(lvl.value_fen);
  const after = before + m.delta;
  let warning: string | undefined;
  if (m.delta < 0 && after < 0) {
    const text = `${m.item.name}（${STOCK_LOCATION_LABELS[m.location]}）库存不足：当前${before}${m.item.unit}，需要${-m.delta}${m.item.unit}`;
    if (ref.policy === 'refuse') throw new BadInputError(text);
    warning = text;
  }
  let value: number;
  if (m.delta >= 0)
    value =
      m.value ?? m.delta * (m.unitCost ?? (before > 0 ? Math.round(bookValue / before) : m.item.cost_fen));
  else if (before > 0 && after >= 0)
    value = after === 0 ? -bookValue : -Math.round((bookValue * -m.delta) / before);
  else value = m.delta * (before > 0 ? Math.round(bookValue / before) : m.item.cost_fen);
  if (Math.abs(after) > STOCK_QTY_MAX)
    throw new BadInputError(
      `${m.item.name}（${STOCK_LOCATION_LABELS[m.location]}）库存数量超出上限（${STOCK_QTY_MAX}${m.item.unit}）`,
    );
  if (!Number.isSafeInteger(bookValue + value))
    throw new BadInputError(`${m.item.name}（${STOCK_LOCATION_LABELS[m.location]}）库存金额超出上限`);
  const unit = m.delta !== 0 ? Math.abs(Math.round(value / m.delta)) : 0;
  const led = await rows<{ id: string }>(
    tx,
    sql`insert into stock_ledger (netbar_id, item_kind, item_id, location, delta, qty_before, qty_after, cost_fen, value_fen, ref_type, doc_id, sale_id, ref_no, user_id, user_name)
        values (${nid}, ${m.item.item_kind}, ${m.item.item_id}, ${m.location}, ${m.delta}, ${before}, ${after}, ${unit}, ${value}, ${ref.refType},
                ${ref.docId ?? null}, ${ref.saleId ?? null}, ${ref.refNo}, ${ref.user.id}, ${ref.user.name}) returning id`,
  );
  await rows(
    tx,
    sql`update stock_levels set qty = ${after}, value_fen = value_fen + ${value}, last_ledger_id = ${led[0]!.id} where ${key}`,
  );
  return { before, after, value, warning };
}

/** Locks and applies moves in a fixed order (kind, id, location) so concurrent posts never deadlock. */
export async function applyMoves(tx: Conn, moves: Move[], ref: MoveRef): Promise<string[]> {
  await lockLevels(tx, ref.nid, moves);
  const warnings: string[] = [];
  for (const m of moves) {
    const r = await applyMove(tx, m, ref);
    if (r.warning) warnings.push(r.warning);
  }
  return warnings;
}

/** Creates missing level rows and locks them in one fixed order (kind, id, location): concurrent posts never deadlock. */
export async function lockLevels(
  tx: Conn,
  nid: number,
  moves: Pick<Move, 'item' | 'location'>[],
): Promise<void> {
  const keys = [
    ...new Map(
      moves.map((m) => [`${m.item.item_kind}:${String(m.item.item_id).padStart(12, '0')}:${m.location}`, m]),
    ).entries(),
  ].sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [, m] of keys) {
    await rows(
      tx,
      sql`insert into stock_levels (netbar_id, item_kind, item_id, location) values (${nid}, ${m.item.item_kind}, ${m.item.item_id}, ${m.location}) on conflict do nothing`,
    );
    await rows(
      tx,
      sql`select 1 from stock_levels where netbar_id = ${nid} and item_kind = ${m.item.item_kind} and item_id = ${m.item.item_id} and location = ${m.location} for update`,
    );
  }
}
