import type { Conn } from '../db/client.ts';
import { insertRecords, insertStockRows, insertTill } from './demo-rows.ts';

/** The rows of the demo's orders, one array a table, as `insertOrders` (order-rows.ts) builds them. */
export interface OrderRowSets {
  sales: Record<string, unknown>[];
  head: Record<string, unknown>[];
  lines: Record<string, unknown>[];
  pays: Record<string, unknown>[];
  backs: Record<string, unknown>[];
  refs: Record<string, unknown>[];
  refLines: Record<string, unknown>[];
  events: Record<string, unknown>[];
  ledger: Record<string, unknown>[];
  till: Record<string, unknown>[];
}

const EVENT_COLS =
  'order_id bigint, netbar_id int, kind text, text text, user_id int, user_name text, at timestamptz';
const LEDGER_COLS = `netbar_id int, item_kind text, item_id int, location text, delta bigint, qty_before bigint, qty_after bigint,
  cost_fen int, value_fen bigint, ref_type text, sale_id int, ref_no text, user_id int, user_name text, at timestamptz`;

/** Writes the demo's order rows, each table in one statement a 2,000 rows (decision 137), events in time order. */
export async function writeOrderRows(tx: Conn, s: OrderRowSets): Promise<void> {
  await insertRecords(
    tx,
    'stock_sales',
    'id int, netbar_id int, request_id text, sale_no text, lines jsonb, user_id int, created_at timestamptz',
    s.sales,
  );
  await insertRecords(
    tx,
    'orders',
    `id bigint, netbar_id int, order_no text, source text, status text, shift_id bigint, cashier_id int, cashier_name text, member_id int,
     machine_id int, desk_id int, list_fen bigint, discount_fen bigint, round_fen bigint, total_fen bigint, paid_fen bigint, refunded_fen bigint, stock_sale_id int,
     request_id text, created_at timestamptz, paid_at timestamptz, done_at timestamptz, updated_at timestamptz`,
    s.head,
  );
  await insertRecords(
    tx,
    'order_lines',
    `id bigint, order_id bigint, netbar_id int, sku_id int, goods_id int, name text, qty int, list_fen bigint, unit_fen bigint,
     total_fen bigint, cost_fen bigint, refunded_qty int, refunded_fen bigint`,
    s.lines,
  );
  await insertRecords(
    tx,
    'order_payments',
    `order_id bigint, netbar_id int, method text, amount_fen bigint, tendered_fen bigint, change_fen bigint, refunded_fen bigint,
     shift_id bigint, request_id text, seq smallint, at timestamptz`,
    s.pays,
  );
  await insertRecords(
    tx,
    'stock_sale_refunds',
    'id int, netbar_id int, sale_id int, request_id text, refund_no text, lines jsonb, user_id int, created_at timestamptz',
    s.backs,
  );
  await insertRecords(
    tx,
    'order_refunds',
    `id bigint, order_id bigint, netbar_id int, refund_no text, amount_fen bigint, round_fen bigint, reason text, methods jsonb, shift_id bigint,
     stock_refund_id int, user_id int, user_name text, request_id text, at timestamptz`,
    s.refs,
  );
  await insertRecords(
    tx,
    'order_refund_lines',
    'refund_id bigint, line_id bigint, qty int, amount_fen bigint',
    s.refLines,
  );
  await insertRecords(
    tx,
    'order_events',
    EVENT_COLS,
    s.events.sort((a, b) => String(a.at).localeCompare(String(b.at))),
  );
  await insertStockRows(tx, LEDGER_COLS, s.ledger);
  await insertTill(tx, s.till);
}
