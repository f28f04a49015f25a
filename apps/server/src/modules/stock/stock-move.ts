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

/** The figures of one move on a level (qty, book value) as it stands: what applyMove writes. */
function figure(lvl: { qty: number; value: number }, m: Move, ref: MoveRef) {
  const before = lvl.qty;
  const bookValue = lvl.value;
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
  return { before, after, value, unit, warning };
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
  const f = figure({ qty: Number(lvl.qty), value: Number(lvl.value_fen) }, m, ref);
  const led = await rows<{ id: string }>(
    tx,
    sql`insert into stock_ledger (netbar_id, item_kind, item_id, location, delta, qty_before, qty_after, cost_fen, value_fen, ref_type, doc_id, sale_id, ref_no, user_id, user_name)
        values (${nid}, ${m.item.item_kind}, ${m.item.item_id}, ${m.location}, ${m.delta}, ${f.before}, ${f.after}, ${f.unit}, ${f.value}, ${ref.refType},
                ${ref.docId ?? null}, ${ref.saleId ?? null}, ${ref.refNo}, ${ref.user.id}, ${ref.user.name}) returning id`,
  );
  await rows(
    tx,
    sql`update stock_levels set qty = ${f.after}, value_fen = value_fen + ${f.value}, last_ledger_id = ${led[0]!.id} where ${key}`,
  );
  return { before: f.before, after: f.after, value: f.value, warning: f.warning };
}

/** Locks and applies moves in a fixed order (kind, id, location) so concurrent posts never deadlock. */
export async function applyMoves(tx: Conn, moves: Move[], ref: MoveRef): Promise<string[]> {
  return (await applyMovesTo(tx, moves, ref)).flatMap((r) => (r.warning ? [r.warning] : []));
}

const levelKey = (m: Pick<Move, 'item' | 'location'>) =>
  `${m.item.item_kind}:${String(m.item.item_id).padStart(12, '0')}:${m.location}`;

/**
 * applyMoves in set-based statements (decision 139), with each move's figures: the levels are locked in
 * one statement, each move is figured in order on the level as the moves before it left it (exactly as
 * applyMove one by one would), then one statement writes every ledger row — in the moves' order — and
 * sets each level to its last figure with the id of its last ledger row.
 */
export async function applyMovesTo(tx: Conn, moves: Move[], ref: MoveRef): Promise<MoveResult[]> {
  if (!moves.length) return [];
  const levels = await lockLevels(tx, ref.nid, moves);
  const rowsOut: (string | number | null)[][] = [];
  const results = moves.map((m) => {
    const lvl = levels.get(levelKey(m))!;
    const f = figure(lvl, m, ref);
    lvl.qty = f.after;
    lvl.value += f.value;
    rowsOut.push([m.item.item_kind, m.item.item_id, m.location, m.delta, f.before, f.after, f.unit, f.value]);
    return { before: f.before, after: f.after, value: f.value, warning: f.warning };
  });
  const { nid } = ref;
  await rows(
    tx,
    sql`with x as (
          select * from jsonb_to_recordset(${JSON.stringify(rowsOut.map((r, ord) => ({ ord, k: r[0], i: r[1], l: r[2], d: r[3], b: r[4], a: r[5], u: r[6], v: r[7] })))}::jsonb)
            as x(ord int, k text, i int, l text, d bigint, b bigint, a bigint, u int, v bigint)),
        led as (
          insert into stock_ledger (netbar_id, item_kind, item_id, location, delta, qty_before, qty_after, cost_fen, value_fen, ref_type, doc_id, sale_id, ref_no, user_id, user_name)
          select ${nid}, k, i, l, d, b, a, u, v, ${ref.refType}, ${ref.docId ?? null}::int, ${ref.saleId ?? null}::int, ${ref.refNo}, ${ref.user.id}::int, ${ref.user.name}
          from x order by ord
          returning id, item_kind, item_id, location, qty_after)
        update stock_levels s set qty = t.qty, value_fen = s.value_fen + t.value, last_ledger_id = t.id
        from (select led.item_kind, led.item_id, led.location, max(led.id) as id,
                (array_agg(led.qty_after order by led.id desc))[1] as qty,
                (select sum(x.v) from x where x.k = led.item_kind and x.i = led.item_id and x.l = led.location) as value
              from led group by led.item_kind, led.item_id, led.location) t
        where s.netbar_id = ${nid} and s.item_kind = t.item_kind and s.item_id = t.item_id and s.location = t.location`,
  );
  return results;
}

/**
 * Creates missing level rows and locks them in one fixed order (kind, id, location): concurrent posts
 * never deadlock. One statement when every level exists (the usual case), three when some are new.
 * Answers the levels' quantity and book value by key.
 */
export async function lockLevels(
  tx: Conn,
  nid: number,
  moves: Pick<Move, 'item' | 'location'>[],
): Promise<Map<string, { qty: number; value: number }>> {
  const keys = [...new Map(moves.map((m) => [levelKey(m), m])).entries()].sort(([a], [b]) =>
    a < b ? -1 : 1,
  );
  const list = JSON.stringify(
    keys.map(([, m]) => ({ k: m.item.item_kind, i: m.item.item_id, l: m.location })),
  );
  const lock = () =>
    rows<{ item_kind: string; item_id: number; location: string; qty: string; value_fen: string }>(
      tx,
      sql`select s.item_kind, s.item_id, s.location, s.qty, s.value_fen from stock_levels s
          join jsonb_to_recordset(${list}::jsonb) as x(k text, i int, l text) on s.item_kind = x.k and s.item_id = x.i and s.location = x.l
          where s.netbar_id = ${nid}
          order by s.item_kind collate "C", s.item_id, s.location collate "C" for update of s`,
    );
  let got = await lock();
  if (got.length < keys.length) {
    await rows(
      tx,
      sql`insert into stock_levels (netbar_id, item_kind, item_id, location)
          select ${nid}, x.k, x.i, x.l from jsonb_to_recordset(${list}::jsonb) as x(k text, i int, l text)
          order by x.k collate "C", x.i, x.l collate "C" on conflict do nothing`,
    );
    got = await lock();
  }
  return new Map(
    got.map((r) => [
      `${r.item_kind}:${String(r.item_id).padStart(12, '0')}:${r.location}`,
      { qty: Number(r.qty), value: Number(r.value_fen) },
    ]),
  );
}
