import { cashRoundFen, fenToYuan, ORDER_PAY_METHOD_LABELS, type OrderPayMethod } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../db/client.ts';
import { bj, drawIds, iso, stockRow, tail, tillRow } from './demo-rows.ts';
import { writeOrderRows } from './order-rows-write.ts';
import type { ShelfSku, StockOut } from './shelf.ts';
import type { DemoShift } from './shift.ts';

/**
 * The demo's orders written set-based (decision 137), row for row as the order service writes them
 * (createOrder → payLocked → stockSale; refundOrder → refundConsume, stockSaleRefund): the order with its
 * lines, payments, timeline, its stock sale (request `ord<id>`, XS number) and the counter's sale rows,
 * one till row per payment (`ord<id>-pay`, seq) in the cashier's shift; a refund's lines, money back by
 * method (till rows kind refund), goods back through a stock_sale_refunds row and 'sale_refund' rows.
 * The counter's levels, 变动前/变动后 and monthly sums are settled once per store afterwards (settleStock).
 * A member payment's member_ledger rows are the member walk's (demo/member-walk.ts): they carry the
 * order id and the same request ids, and the payment is linked to its row here.
 */

export interface DemoLine {
  sku: ShelfSku;
  qty: number;
  /** Unit price charged (the price or the member price). */
  unit: number;
  out: StockOut[];
}

export interface DemoRefund {
  at: number;
  shift: DemoShift;
  /** Line index → quantity returned. */
  lines: { idx: number; qty: number }[];
  reason: string;
  /** Filled by the writer: amount and where it went. */
  amount?: number;
  back?: StockOut[];
}

export interface DemoOrder {
  /** Drawn from orders_id_seq before the member ledger is written. */
  id: number;
  at: number;
  source: 'counter' | 'seat' | 'table';
  /** When paid (and the goods left the counter), if later than ordered: a table's goods at its settlement. */
  paidAt?: number;
  /** The table (desk) a table order was ordered to. */
  desk?: number;
  shift: DemoShift;
  member: number | null;
  machine: number | null;
  lines: DemoLine[];
  pays: { method: OrderPayMethod; amount: number; tendered: number }[];
  refund?: DemoRefund;
}

export const orderTotal = (o: { lines: DemoLine[] }) => o.lines.reduce((a, l) => a + l.unit * l.qty, 0);
/** The refund's amount per line, as refundOrder shares a line: round(total × qty / line qty). */
export const refundAmount = (o: DemoOrder, r: DemoRefund) =>
  r.lines.reduce(
    (a, x) => a + Math.round((o.lines[x.idx]!.unit * o.lines[x.idx]!.qty * x.qty) / o.lines[x.idx]!.qty),
    0,
  );
export const refundRequest = (o: DemoOrder) => `ord${o.id}-rf-demo-rf-${o.id}`;
/** The order's 抹零 (decision 143): the 分 its cash part was rounded down by (the pays are booked rounded). */
export const orderRound = (o: DemoOrder) => orderTotal(o) - o.pays.reduce((a, p) => a + p.amount, 0);

/**
 * The money a demo refund gives back, as refundOrder works it out (decisions 125 and 143): 会员余额 first,
 * then 扫码, cash last, at most what was paid; a partial refund's cash rounded down to the 角, the refund
 * bringing every unit back returns all that was paid. `round` = the lines' shares − the money.
 */
function refundMoney(o: DemoOrder, r: DemoRefund) {
  const shares = refundAmount(o, r);
  const paid = orderTotal(o) - orderRound(o);
  const allBack = o.lines.every((l, j) => r.lines.find((x) => x.idx === j)?.qty === l.qty);
  let left = allBack ? paid : Math.min(shares, paid);
  const methods: { method: OrderPayMethod; amount_fen: number }[] = [];
  for (const m of ['member', 'scan', 'cash'] as const)
    for (const p of o.pays.filter((x) => x.method === m)) {
      const most = Math.min(left, p.amount);
      const take = m === 'cash' && !allBack ? most - cashRoundFen(most) : most;
      if (take <= 0) continue;
      left -= take;
      methods.push({ method: m, amount_fen: take });
    }
  const amount = methods.reduce((a, m) => a + m.amount_fen, 0);
  return { amount, methods, round: shares - amount, allBack };
}
const roundText = (round: number) =>
  round > 0 ? `，抹零¥${fenToYuan(round)}` : round < 0 ? `，含此前抹零¥${fenToYuan(-round)}` : '';

/**
 * Who runs the store's seat orders (接单, 制作, 送达): its 服务员 by day (08:00–20:00 Beijing time), its 网管
 * by night, the shift's cashier where the store has neither (issue 14: 员工提成 counts their deliveries).
 */
async function runnersOf(tx: Conn, nid: number) {
  const r = await rows<{ id: number; name: string; position: string }>(
    tx,
    sql`select distinct on (st.position) u.id, coalesce(nullif(u.true_name, ''), u.user_name) as name, st.position
        from netbar_staff_stores s join staff st on st.user_id = s.user_id join users u on u.id = s.user_id
        where s.netbar_id = ${nid} and st.position in ('服务员', '网管') order by st.position, u.id`,
  );
  const pick = (p: string) => {
    const x = r.find((u) => u.position === p);
    return x ? { id: Number(x.id), name: x.name } : undefined;
  };
  const [day, night] = [pick('服务员'), pick('网管')];
  return (at: number) => {
    const h = new Date(at + 8 * 3600_000).getUTCHours();
    return h >= 8 && h < 20 ? day : night;
  };
}

export async function insertOrders(tx: Conn, nid: number, orders: DemoOrder[]): Promise<void> {
  if (!orders.length) return;
  const runner = await runnersOf(tx, nid);
  const saleIds = await drawIds(tx, 'stock_sales_id_seq', orders.length);
  const lineIds = await drawIds(
    tx,
    'order_lines_id_seq',
    orders.reduce((a, o) => a + o.lines.length, 0),
  );
  const refunds = orders.filter((o) => o.refund);
  const refundIds = await drawIds(tx, 'order_refunds_id_seq', refunds.length);
  const backIds = await drawIds(tx, 'stock_sale_refunds_id_seq', refunds.length);
  const head: Record<string, unknown>[] = [];
  const lines: Record<string, unknown>[] = [];
  const pays: Record<string, unknown>[] = [];
  const events: Record<string, unknown>[] = [];
  const sales: Record<string, unknown>[] = [];
  const ledger: Record<string, unknown>[] = [];
  const till: Record<string, unknown>[] = [];
  const refs: Record<string, unknown>[] = [];
  const refLines: Record<string, unknown>[] = [];
  const backs: Record<string, unknown>[] = [];
  let li = 0;
  let ri = 0;
  orders.forEach((o, k) => {
    const who = o.shift.cashier;
    const paidAt = o.paidAt ?? o.at;
    const total = orderTotal(o);
    const saleId = saleIds[k]!;
    const saleNo = `XS${bj(paidAt)}${tail(saleId)}`;
    const orderNo = `DD${bj(o.at)}${tail(o.id)}`;
    const r = o.refund;
    const round = orderRound(o);
    const money = r ? refundMoney(o, r) : undefined;
    const amount = money?.amount ?? 0;
    const ev = (kind: string, text: string, at: number, by = who) =>
      events.push({
        order_id: o.id,
        netbar_id: nid,
        kind,
        text,
        user_id: by.id,
        user_name: by.name,
        at: iso(at),
      });
    const ids = o.lines.map(() => lineIds[li++]!);
    o.lines.forEach((l, j) => {
      const back = r?.lines.find((x) => x.idx === j)?.qty ?? 0;
      lines.push({
        id: ids[j],
        order_id: o.id,
        netbar_id: nid,
        sku_id: l.sku.id,
        goods_id: l.sku.goods_id,
        name: l.sku.name,
        qty: l.qty,
        list_fen: l.unit,
        unit_fen: l.unit,
        total_fen: l.unit * l.qty,
        cost_fen: l.sku.cost,
        refunded_qty: back,
        refunded_fen: back ? Math.round((l.unit * l.qty * back) / l.qty) : 0,
      });
      for (const x of l.out)
        ledger.push({ ...stockRow(nid, x, who, paidAt), ref_type: 'sale', sale_id: saleId, ref_no: saleNo });
    });
    sales.push({
      id: saleId,
      netbar_id: nid,
      request_id: `ord${o.id}`,
      sale_no: saleNo,
      lines: o.lines.map((l) => ({ sku_id: l.sku.id, qty: l.qty })),
      user_id: who.id,
      created_at: iso(paidAt),
    });
    const methods = money?.methods ?? [];
    const backOf = new Map(methods.map((m) => [m.method, m.amount_fen]));
    o.pays.forEach((p, j) => {
      pays.push({
        order_id: o.id,
        netbar_id: nid,
        method: p.method,
        amount_fen: p.amount,
        tendered_fen: p.tendered,
        change_fen: p.tendered - p.amount,
        refunded_fen: backOf.get(p.method) ?? 0,
        shift_id: o.shift.id,
        request_id: `demo-ord-${o.id}`,
        seq: j + 1,
        at: iso(paidAt),
      });
      till.push(
        tillRow(
          nid,
          o.shift,
          'sale',
          p.method,
          p.amount,
          o.id,
          'order',
          orderNo,
          '',
          `ord${o.id}-pay`,
          j + 1,
          paidAt,
        ),
      );
    });
    const qty = o.lines.reduce((a, l) => a + l.qty, 0);
    ev('create', `${qty}件商品，应收¥${fenToYuan(total)}`, o.at);
    ev(
      'pay',
      o.pays
        .map(
          (p) =>
            `${ORDER_PAY_METHOD_LABELS[p.method]}¥${fenToYuan(p.amount)}${p.tendered > p.amount ? `（实收¥${fenToYuan(p.tendered)}，找零¥${fenToYuan(p.tendered - p.amount)}）` : ''}`,
        )
        .join('；') + roundText(round),
      paidAt,
    );
    if (o.source === 'counter') ev('finish', '收银台当面交付', o.at);
    // a table's goods are paid with the settlement, then 完成 (desk goods-orders.ts)
    else if (o.source === 'table') ev('finish', '完成', paidAt);
    else {
      const by = runner(o.at) ?? who;
      ev('accept', '接单', o.at + 60_000, by);
      ev('prepare', '开始制作', o.at + 120_000, by);
      ev('deliver', '已送达', o.at + 360_000, by);
    }
    let status = o.source === 'seat' ? 'delivered' : 'done';
    if (r) {
      const refundId = refundIds[ri]!;
      const backId = backIds[ri++]!;
      const no = `TK${bj(r.at)}${tail(refundId)}`;
      const by = r.shift.cashier;
      r.amount = amount;
      refs.push({
        id: refundId,
        order_id: o.id,
        netbar_id: nid,
        refund_no: no,
        amount_fen: amount,
        round_fen: money!.round,
        reason: r.reason,
        methods,
        shift_id: r.shift.id,
        stock_refund_id: backId,
        user_id: by.id,
        user_name: by.name,
        request_id: `demo-rf-${o.id}`,
        at: iso(r.at),
      });
      for (const x of r.lines) {
        const l = o.lines[x.idx]!;
        refLines.push({
          refund_id: refundId,
          line_id: ids[x.idx],
          qty: x.qty,
          amount_fen: Math.round((l.unit * l.qty * x.qty) / l.qty),
        });
      }
      for (const [j, m] of methods.entries())
        till.push(
          tillRow(
            nid,
            r.shift,
            'refund',
            m.method,
            -m.amount_fen,
            o.id,
            'order_refund',
            no,
            r.reason,
            refundRequest(o),
            j + 1,
            r.at,
          ),
        );
      backs.push({
        id: backId,
        netbar_id: nid,
        sale_id: saleId,
        request_id: refundRequest(o),
        refund_no: no,
        lines: r.lines.map((x) => ({ sku_id: o.lines[x.idx]!.sku.id, qty: x.qty })),
        user_id: by.id,
        created_at: iso(r.at),
      });
      for (const x of r.back ?? [])
        ledger.push({ ...stockRow(nid, x, by, r.at), ref_type: 'sale_refund', sale_id: null, ref_no: no });
      status = money!.allBack ? 'refunded' : 'part_refunded';
      const how = methods
        .map((m) => `${ORDER_PAY_METHOD_LABELS[m.method]}¥${fenToYuan(m.amount_fen)}`)
        .join('、');
      ev(
        'refund',
        `退款¥${fenToYuan(amount)}${how ? `（${how}）` : ''}${roundText(money!.round)}，原因：${r.reason}`,
        r.at,
        by,
      );
    }
    head.push({
      id: o.id,
      netbar_id: nid,
      order_no: orderNo,
      source: o.source,
      status,
      shift_id: o.shift.id,
      cashier_id: who.id,
      cashier_name: who.name,
      member_id: o.member,
      machine_id: o.machine,
      desk_id: o.desk ?? null,
      list_fen: total,
      discount_fen: round,
      round_fen: round,
      total_fen: total - round,
      paid_fen: total - round,
      refunded_fen: amount,
      stock_sale_id: saleId,
      request_id: `demo-ord-${o.id}`,
      created_at: iso(o.at),
      paid_at: iso(paidAt),
      done_at: o.source === 'seat' ? null : iso(paidAt),
      updated_at: iso(r?.at ?? paidAt),
    });
  });
  await writeOrderRows(tx, { sales, head, lines, pays, backs, refs, refLines, events, ledger, till });
}
