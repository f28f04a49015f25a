import { cashTakenFen, type OrderPayMethod } from '@netbar/contract';
import type { DemoLine, DemoOrder, DemoRefund } from './order-rows.ts';
import type { DemoShelf, ShelfSku } from './shelf.ts';
import type { DemoShift, DemoShifts } from './shift.ts';

/**
 * What the demo's customers buy at the counter and order from their seats (decision 137): carts drawn
 * by category (drinks and noodles first, a cigarette now and then, a headset rarely), each line only
 * when the counter holds it then (demo/shelf.ts), paid in cash with a note handed over, by scan, or from
 * the member's balance; a few are refunded within the same shift with a reason.
 */

const WEIGHT: Record<string, number> = { 饮料: 6, 方便面: 3, 零食: 3, 香烟: 2, 现制饮品: 2, 外设: 0.3 };
const SEAT = new Set(['饮料', '方便面', '零食', '现制饮品']);
const REASONS = ['顾客不想要了', '商品临期', '收银点错商品', '饮料漏液', '泡面缺调料包', '重复扫码'];
const NOTES = [1000, 2000, 5000, 10000];
const MINUTE_MS = 60_000;

/**
 * A cash payment of `total` as payLocked books it (decision 143): the cash part rounded down to the 角 (the
 * 分 are the order's 抹零, worked out by insertOrders), paid with `note` when one is handed over, else exactly.
 */
export function cashPay(total: number, note?: number) {
  const amount = cashTakenFen(total);
  return { method: 'cash' as const, amount, tendered: note ?? amount };
}

export class DemoShop {
  constructor(
    readonly shelf: DemoShelf,
    readonly shifts: DemoShifts,
  ) {}

  private pick(rnd: () => number, seat: boolean): ShelfSku | undefined {
    const skus = this.shelf.skus.filter((k) => !seat || SEAT.has(k.category));
    const w = skus.map((k) => WEIGHT[k.category] ?? 1);
    let x = rnd() * w.reduce((a, b) => a + b, 0);
    for (let i = 0; i < skus.length; i++) {
      x -= w[i]!;
      if (x < 0) return skus[i];
    }
    return skus[skus.length - 1];
  }

  /** 1–3 lines (1–2 each) the counter holds at `at` and `budget` covers; none when nothing fits. */
  cart(rnd: () => number, at: number, member: boolean, budget: number, seat: boolean): DemoLine[] {
    const n = 1 + Math.floor(rnd() ** 1.8 * 3);
    const lines: DemoLine[] = [];
    let spent = 0;
    for (let i = 0; i < n; i++) {
      const sku = this.pick(rnd, seat);
      if (!sku || lines.some((l) => l.sku.id === sku.id)) continue;
      const qty = rnd() < 0.75 ? 1 : 2;
      const unit = member ? sku.member_price : sku.price;
      if (spent + unit * qty > budget) continue;
      const out = this.shelf.sell(at, sku, qty);
      if (!out) continue;
      spent += unit * qty;
      lines.push({ sku, qty, unit, out });
    }
    return lines;
  }

  /** A walk-in customer at the counter: cash (a note handed over, change given) or scan. */
  walkIn(rnd: () => number, at: number): Omit<DemoOrder, 'id'> | undefined {
    const shift = this.shifts.at(at);
    if (!shift) return undefined;
    const lines = this.cart(rnd, at, false, 50_000, false);
    if (!lines.length) return undefined;
    const total = lines.reduce((a, l) => a + l.unit * l.qty, 0);
    const method: OrderPayMethod = rnd() < 0.72 ? 'cash' : 'scan';
    // drawn for every customer, as before, so the seed's sequence (and the demo) stays the same
    const note = NOTES.find((n) => n >= total && rnd() < 0.6);
    const o: Omit<DemoOrder, 'id'> = {
      at,
      source: 'counter',
      shift,
      member: null,
      machine: null,
      lines,
      pays: [method === 'cash' ? cashPay(total, note) : { method, amount: total, tendered: total }],
    };
    if (rnd() < 0.03) o.refund = this.refund(rnd, o, at);
    return o;
  }

  /**
   * A member's order, paid from the balance: from the seat the member plays on (source seat, delivered
   * to the machine) or at the counter; undefined when no shift is on or nothing fits `budget`.
   */
  memberOrder(
    rnd: () => number,
    at: number,
    member: number,
    machine: number | null,
    memberPrice: boolean,
    budget: number,
  ): Omit<DemoOrder, 'id'> | undefined {
    const shift = this.shifts.at(at);
    if (!shift || budget <= 0) return undefined;
    const lines = this.cart(rnd, at, memberPrice, budget, machine !== null);
    if (!lines.length) return undefined;
    const total = lines.reduce((a, l) => a + l.unit * l.qty, 0);
    const o: Omit<DemoOrder, 'id'> = {
      at,
      source: machine ? 'seat' : 'counter',
      shift,
      member,
      machine,
      lines,
      pays: [{ method: 'member', amount: total, tendered: total }],
    };
    if (rnd() < 0.04) o.refund = this.refund(rnd, o, at);
    return o;
  }

  /** A refund 5–40 minutes later in the same shift: one unit of a line, or the whole order. */
  private refund(rnd: () => number, o: Omit<DemoOrder, 'id'>, at: number): DemoRefund | undefined {
    const when = at + (5 + Math.floor(rnd() * 35)) * MINUTE_MS;
    const shift: DemoShift | undefined = this.shifts.at(when);
    if (!shift || shift.id !== o.shift.id) return undefined;
    const whole = rnd() < 0.4;
    const lines = whole
      ? o.lines.map((l, idx) => ({ idx, qty: l.qty }))
      : [{ idx: Math.floor(rnd() * o.lines.length), qty: 1 }];
    const back = lines.flatMap((x) => {
      const l = o.lines[x.idx]!;
      return this.shelf.putBack(when, l.out, (s) => (-s.delta * x.qty) / l.qty);
    });
    return { at: when, shift, lines, reason: REASONS[Math.floor(rnd() * REASONS.length)]!, back };
  }
}
