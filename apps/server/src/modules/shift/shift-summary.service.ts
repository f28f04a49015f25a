import {
  fenToYuanNumber,
  type ShiftSummary,
  type ShiftSummaryFigures,
  type ShiftSummaryQuery,
  tillMethodLabel,
} from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { nextDay } from '../../lib/day-bounds.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { ownShiftsOnly } from './shift-record.service.ts';
import { closedSums, movementSums } from './shift-summary.repo.ts';

/**
 * The shift summary (239): money by day, by cashier and by payment method over a period, every figure
 * a sum of till_ledger rows (the day a movement happened, the cashier whose shift it belongs to), and
 * the over/short of the shifts closed in the period; the chart's series are the same figures in 元.
 * Netbar staff holding 239 get only their own figures (their shifts), whatever cashier they ask for.
 */

const KIND_FIELD: Record<string, keyof ShiftSummaryFigures> = {
  sale: 'sale_fen',
  refund: 'refund_fen',
  topup: 'topup_fen',
  lease_deposit: 'lease_fen',
  lease_fee: 'lease_fen',
  lease_refund: 'lease_fen',
  desk: 'desk_fen',
  petty_in: 'petty_fen',
  petty_out: 'petty_fen',
};
const METHOD_FIELD: Record<string, keyof ShiftSummaryFigures> = {
  cash: 'cash_fen',
  member: 'member_fen',
  scan: 'scan_fen',
};

export const emptyFigures = (): ShiftSummaryFigures => ({
  shifts: 0,
  sale_fen: 0,
  refund_fen: 0,
  topup_fen: 0,
  lease_fen: 0,
  desk_fen: 0,
  petty_fen: 0,
  cash_fen: 0,
  member_fen: 0,
  scan_fen: 0,
  other_fen: 0,
  net_fen: 0,
  over_fen: 0,
  short_fen: 0,
});

function daysOf(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = start; d <= end; d = nextDay(d)) out.push(d);
  return out;
}

export async function shiftSummary(db: Db, s: TenantScope, asked: ShiftSummaryQuery): Promise<ShiftSummary> {
  const q = ownShiftsOnly(s) ? { ...asked, cashier_id: s.userId } : asked;
  const [moves, closed] = await Promise.all([movementSums(db, s, q), closedSums(db, s, q)]);
  const totals = emptyFigures();
  const days = new Map(daysOf(q.start, q.end).map((d) => [d, emptyFigures()]));
  const cashiers = new Map<number, { name: string; f: ShiftSummaryFigures }>();
  const methods = new Map<string, { in_fen: number; out_fen: number }>();
  const cashierOf = (id: number, name: string) => {
    let c = cashiers.get(id);
    if (!c) {
      c = { name, f: emptyFigures() };
      cashiers.set(id, c);
    }
    return c.f;
  };
  for (const m of moves) {
    const targets = [totals, days.get(m.day) ?? emptyFigures(), cashierOf(m.cashier_id, m.cashier_name)];
    for (const f of targets) {
      const kf = KIND_FIELD[m.kind];
      if (kf) f[kf] += m.amount_fen;
      f[METHOD_FIELD[m.method] ?? 'other_fen'] += m.amount_fen;
      f.net_fen += m.amount_fen;
    }
    const mm = methods.get(m.method) ?? { in_fen: 0, out_fen: 0 };
    mm.in_fen += m.in_fen;
    mm.out_fen += m.out_fen;
    methods.set(m.method, mm);
  }
  for (const c of closed) {
    for (const f of [totals, days.get(c.day) ?? emptyFigures(), cashierOf(c.cashier_id, c.cashier_name)]) {
      f.shifts += c.shifts;
      f.over_fen += c.over_fen;
      f.short_fen += c.short_fen;
    }
  }
  const byDay = [...days].map(([day, f]) => ({ day, ...f }));
  const byMethod = [...methods].map(([method, v]) => ({
    method,
    label: tillMethodLabel(method),
    ...v,
    net_fen: v.in_fen - v.out_fen,
  }));
  const series = (['cash_fen', 'member_fen', 'scan_fen', 'other_fen'] as const).map((k, i) => ({
    name: ['现金', '会员余额', '扫码支付', '其他'][i]!,
    type: 'bar' as const,
    stack: '收款',
    data: byDay.map((d) => fenToYuanNumber(d[k])),
  }));
  return {
    start: q.start,
    end: q.end,
    totals,
    by_day: byDay,
    by_cashier: [...cashiers]
      .map(([cashier_id, c]) => ({ cashier_id, cashier_name: c.name, ...c.f }))
      .sort((a, b) => b.net_fen - a.net_fen || a.cashier_id - b.cashier_id),
    by_method: byMethod,
    chart: {
      x: byDay.map((d) => d.day),
      series: [...series, { name: '合计', type: 'line', data: byDay.map((d) => fenToYuanNumber(d.net_fen)) }],
    },
  };
}
