import { businessDay } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../db/client.ts';

/**
 * Report tests' kit (issue 15): raw records written straight into the raw tables (as the modules write
 * them, with back-dated times a late correction carries) and the store-day figures worked out here in
 * JavaScript from the raw rows, independently of the SQL that builds the rollups.
 */

type Num = number;
const n = (v: unknown) => Number(v ?? 0);
let seq = 0;
const uniq = () => `rk${Date.now()}${++seq}`;

export interface RawStore {
  nid: number;
  poolId: number;
  skuId: number;
  goodsId: number;
  memberId: number;
  machineId: number;
  areaId: number;
  shiftId: number;
}

/** What a store has to hang raw records on: a SKU, a member, a machine and a shift. */
export async function rawStore(db: Conn, nid: number): Promise<RawStore> {
  const [r] = await rows<Record<string, Num>>(
    db,
    sql`select (select id from goods_skus where netbar_id = ${nid} order by id limit 1) as sku_id,
          (select goods_id from goods_skus where netbar_id = ${nid} order by id limit 1) as goods_id,
          (select id from members where netbar_id = ${nid} order by id limit 1) as member_id,
          (select pool_id from members where netbar_id = ${nid} order by id limit 1) as pool_id,
          (select id from machines where netbar_id = ${nid} order by id limit 1) as machine_id,
          (select area_id from machines where netbar_id = ${nid} order by id limit 1) as area_id,
          (select id from shifts where netbar_id = ${nid} order by id limit 1) as shift_id`,
  );
  if (!r) throw new Error('no store');
  return {
    nid,
    poolId: n(r.pool_id),
    skuId: n(r.sku_id),
    goodsId: n(r.goods_id),
    memberId: n(r.member_id),
    machineId: n(r.machine_id),
    areaId: n(r.area_id),
    shiftId: n(r.shift_id),
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A paid counter order of one line at `ms`, with its cash till row; returns the order id. */
export async function rawSale(db: Conn, s: RawStore, ms: number, qty: number, unitFen: number) {
  const total = qty * unitFen;
  const [o] = await rows<{ id: Num }>(
    db,
    sql`insert into orders (netbar_id, order_no, source, status, cashier_id, list_fen, total_fen, paid_fen,
          request_id, created_at, paid_at)
        values (${s.nid}, ${uniq()}, ${ms % 2 ? 'seat' : 'counter'}, 'paid', 0, ${total}, ${total}, ${total},
          ${uniq()}, ${iso(ms)}, ${iso(ms)}) returning id`,
  );
  const id = n(o?.id);
  await rows(
    db,
    sql`insert into order_lines (order_id, netbar_id, sku_id, goods_id, name, qty, list_fen, unit_fen, total_fen, cost_fen)
        values (${id}, ${s.nid}, ${s.skuId}, ${s.goodsId}, '报表测试', ${qty}, ${unitFen}, ${unitFen}, ${total}, ${Math.floor(unitFen / 2)})`,
  );
  await till(db, s, ms, 'sale', 'cash', total, id);
  return id;
}

/** A refund of `fen` of an order at `ms` (late: any time after the sale). */
export async function rawRefund(db: Conn, s: RawStore, orderId: number, ms: number, fen: number) {
  await rows(
    db,
    sql`insert into order_refunds (order_id, netbar_id, refund_no, amount_fen, reason, user_id, request_id, at)
        values (${orderId}, ${s.nid}, ${uniq()}, ${fen}, '测试退款', 0, ${uniq()}, ${iso(ms)})`,
  );
  await rows(
    db,
    sql`update orders set refunded_fen = refunded_fen + ${fen}, status = 'part_refunded', updated_at = now()
        where id = ${orderId}`,
  );
  await till(db, s, ms, 'refund', 'cash', -fen, orderId);
}

/** A cash top-up of `fen` 本金 with `bonus` 奖励 at `ms`. */
export async function rawTopup(db: Conn, s: RawStore, ms: number, fen: number, bonus: number) {
  await ledger(db, s, ms, 'topup', fen, bonus, null);
  await till(db, s, ms, 'topup', 'cash', fen, null);
}

/** A session started at `ms` billing `minutes`, charged `fen` from the balance at its end. */
export async function rawSession(db: Conn, s: RawStore, ms: number, minutes: number, fen: number) {
  const end = ms + minutes * 60_000;
  const [r] = await rows<{ id: Num }>(
    db,
    sql`insert into online_sessions (netbar_id, member_id, machine_id, area_id, plan_name, rules, source,
          started_at, last_checkpoint_at, charged_fen, billed_minutes, ended_at, end_reason)
        values (${s.nid}, ${s.memberId}, ${s.machineId}, ${s.areaId}, '测试', '{}'::jsonb, 'console',
          ${iso(ms)}, ${iso(end)}, ${fen}, ${minutes}, ${iso(end)}, '下机') returning id`,
  );
  await ledger(db, s, end, 'consume', -fen, 0, n(r?.id));
  return n(r?.id);
}

/** A back-dated correction: the order's payment moved to `ms`, its till row staying where it was. */
export const movePaid = (db: Conn, orderId: number, ms: number) =>
  rows(db, sql`update orders set paid_at = ${iso(ms)}, created_at = ${iso(ms)} where id = ${orderId}`);

async function ledger(
  db: Conn,
  s: RawStore,
  ms: number,
  kind: string,
  p: number,
  b: number,
  sid: number | null,
) {
  await rows(
    db,
    sql`insert into member_ledger (pool_id, netbar_id, member_id, kind, principal_delta, principal_before,
          principal_after, bonus_delta, bonus_before, bonus_after, points_before, points_after, pay_method,
          session_id, request_id, at)
        values (${s.poolId}, ${s.nid}, ${s.memberId}, ${kind}, ${p}, 0, ${p}, ${b}, 0, ${b}, 0, 0,
          ${kind === 'topup' ? 'cash' : ''}, ${sid}, ${uniq()}, ${iso(ms)})`,
  );
}

async function till(
  db: Conn,
  s: RawStore,
  ms: number,
  kind: string,
  method: string,
  fen: number,
  oid: number | null,
) {
  await rows(
    db,
    sql`insert into till_ledger (netbar_id, shift_id, kind, method, amount_fen, order_id, request_id, at)
        values (${s.nid}, ${s.shiftId}, ${kind}, ${method}, ${fen}, ${oid}, ${uniq()}, ${iso(ms)})`,
  );
}

export type DayFigures = Record<string, number>;

/** The store-day figures of every business day, worked out from the raw rows in JavaScript. */
export async function figuresFromRaw(
  db: Conn,
  nid: number,
  startMinute: number,
): Promise<Map<string, DayFigures>> {
  const days = new Map<string, DayFigures>();
  const add = (ms: number, key: string, v: number) => {
    const d = businessDay(ms, startMinute);
    const f = days.get(d) ?? {};
    f[key] = (f[key] ?? 0) + v;
    days.set(d, f);
  };
  const q = <T>(s: ReturnType<typeof sql>) => rows<T & { ms: Num }>(db, s);
  const ms = (col: string) => sql.raw(`(extract(epoch from ${col}) * 1000)::float8 as ms`);
  for (const o of await q<{ t: Num }>(
    sql`select ${ms('paid_at')}, total_fen::float8 as t from orders where netbar_id = ${nid} and paid_at is not null`,
  )) {
    add(o.ms, 'goods_fen', o.t);
    add(o.ms, 'orders', 1);
  }
  for (const r of await q<{ a: Num }>(
    sql`select ${ms('at')}, amount_fen::float8 as a from order_refunds where netbar_id = ${nid}`,
  ))
    add(r.ms, 'refund_fen', r.a);
  for (const l of await q<{ p: Num; b: Num; kind: string; sid: Num | null }>(
    sql`select ${ms('at')}, principal_delta::float8 as p, bonus_delta::float8 as b, kind, session_id::float8 as sid
        from member_ledger where netbar_id = ${nid}`,
  )) {
    if (l.kind === 'topup') {
      add(l.ms, 'topup_fen', l.p);
      add(l.ms, 'bonus_fen', l.b);
      add(l.ms, 'topups', 1);
    }
    if (l.sid && (l.kind === 'consume' || l.kind === 'consume_refund')) add(l.ms, 'online_fen', -(l.p + l.b));
  }
  for (const s of await q<{ m: Num }>(
    sql`select ${ms('started_at')}, billed_minutes::float8 as m from online_sessions where netbar_id = ${nid}`,
  )) {
    add(s.ms, 'sessions', 1);
    add(s.ms, 'session_minutes', s.m);
  }
  for (const t of await q<{ a: Num; method: string; kind: string }>(
    sql`select ${ms('at')}, amount_fen::float8 as a, method, kind from till_ledger where netbar_id = ${nid}`,
  )) {
    if (t.kind === 'desk') add(t.ms, 'desk_fen', t.a);
    if (t.kind !== 'petty_in' && t.kind !== 'petty_out') add(t.ms, `${t.method}_fen`, t.a);
  }
  for (const l of await q<{ f: Num }>(
    sql`select ${ms('closed_at')}, fee_fen::float8 as f from lease_orders where netbar_id = ${nid} and closed_at is not null`,
  ))
    add(l.ms, 'lease_fen', l.f);
  for (const m of await q<object>(sql`select ${ms('created_at')} from members where netbar_id = ${nid}`))
    add(m.ms, 'new_members', 1);
  return days;
}

export const FIGURES = [
  'online_fen',
  'goods_fen',
  'desk_fen',
  'lease_fen',
  'orders',
  'topup_fen',
  'bonus_fen',
  'topups',
  'refund_fen',
  'cash_fen',
  'scan_fen',
  'member_fen',
  'sessions',
  'session_minutes',
  'new_members',
] as const;

/** The rollup's store-day rows of a store, the same figures. */
export async function figuresFromRollup(db: Conn, nid: number): Promise<Map<string, DayFigures>> {
  const cols = sql.raw(FIGURES.map((f) => `${f}::float8 as ${f}`).join(', '));
  const r = await rows<DayFigures & { day: string }>(
    db,
    sql`select day::text as day, ${cols} from report_store_day where netbar_id = ${nid} order by day`,
  );
  return new Map(r.map(({ day, ...f }) => [day, f as DayFigures]));
}
