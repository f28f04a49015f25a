import { CASH_UNIT_FEN, cashRoundFen, cashTakenFen, fenToYuan, type OrderPayMethod } from '@netbar/contract';

/**
 * The payment dialog's arithmetic, in fen: what is still due over split payments, the change for cash
 * tendered, the quick amounts a cashier taps, and what a member payment takes from 奖励 and 本金 under
 * the store's deduct order (the member module's splitSpend rule; the server applies it again).
 */

export interface PaymentDraft {
  cash_fen: number;
  member_fen: number;
  scan_fen: number;
  /** Cash the customer handed over (≥ cash_fen); 0 = exactly the cash part. */
  tendered_fen: number;
}

export const emptyDraft = (): PaymentDraft => ({ cash_fen: 0, member_fen: 0, scan_fen: 0, tendered_fen: 0 });

/** What the non-cash parts leave for cash (never below zero). */
export const cashDue = (due: number, d: PaymentDraft) => Math.max(0, due - d.member_fen - d.scan_fen);
/** Still unpaid after every part: positive = short, 0 = settled, negative = parts exceed the total. */
export const remaining = (due: number, d: PaymentDraft) => due - d.cash_fen - d.member_fen - d.scan_fen;
/** 抹零 of the cash part (decision 143): the 分 the drawer cannot take; the server rounds the same way. */
export const roundOf = (d: PaymentDraft) => cashRoundFen(d.cash_fen);
/** Change for the cash tendered over the cash part taken (after 抹零). */
export const changeOf = (d: PaymentDraft) => Math.max(0, d.tendered_fen - cashTakenFen(d.cash_fen));

/** Whole yuan without decimals (quick amounts are whole yuan). */
const yuanOf = (fen: number) => String(fen / 100);

/**
 * Quick tender amounts for a cash part: the exact amount, the next whole yuan, then the next 10, 50
 * and 100 yuan above it (each once, ascending).
 */
export function quickTenders(cash: number): { label: string; fen: number }[] {
  if (cash <= 0) return [];
  const up = (step: number) => Math.ceil(cash / step) * step;
  const out: { label: string; fen: number }[] = [{ label: `刚好 ¥${fenToYuan(cash)}`, fen: cash }];
  const seen = new Set([cash]);
  for (const [label, fen] of [
    ['整数', up(100)],
    ['10元', up(1000)],
    ['50元', up(5000)],
    ['100元', up(10000)],
  ] as const) {
    if (!seen.has(fen)) {
      seen.add(fen);
      out.push({ label: label === '整数' ? `整数 ¥${yuanOf(fen)}` : `¥${yuanOf(fen)}`, fen });
    }
  }
  return out;
}

export type DeductOrder = 'bonus_first' | 'principal_first';

/** What a member payment takes from 奖励 and 本金; undefined when the balance does not cover it. */
export function memberTake(
  m: { principal_fen: number; bonus_fen: number },
  amount: number,
  order: DeductOrder,
): { principal: number; bonus: number } | undefined {
  if (amount > m.principal_fen + m.bonus_fen) return undefined;
  if (order === 'bonus_first') {
    const b = Math.min(Math.max(m.bonus_fen, 0), amount);
    return { bonus: b, principal: amount - b };
  }
  const p = Math.min(Math.max(m.principal_fen, 0), amount);
  return { principal: p, bonus: amount - p };
}

/** The payments the server receives, only the parts above zero, in the fixed order cash, member, scan. */
export function paymentsOf(d: PaymentDraft) {
  const out: { method: OrderPayMethod; amount_fen: number; tendered_fen?: number }[] = [];
  const taken = cashTakenFen(d.cash_fen);
  // the cash part as the drawer takes it (抹零 off); a part of a few 分 is sent as it is and rounds to nothing
  if (taken > 0)
    out.push({ method: 'cash', amount_fen: taken, tendered_fen: Math.max(d.tendered_fen, taken) });
  else if (d.cash_fen > 0) out.push({ method: 'cash', amount_fen: d.cash_fen });
  if (d.member_fen > 0) out.push({ method: 'member', amount_fen: d.member_fen });
  if (d.scan_fen > 0) out.push({ method: 'scan', amount_fen: d.scan_fen });
  return out;
}

/** Why the draft cannot be submitted yet (Chinese), or undefined when it can. */
export function draftProblem(
  due: number,
  d: PaymentDraft,
  member?: { principal_fen: number; bonus_fen: number },
): string | undefined {
  if (due <= 0) return '购物车为空';
  if (d.member_fen > 0 && !member) return '请先关联会员';
  if (member && d.member_fen > member.principal_fen + member.bonus_fen) return '会员余额不足';
  const left = remaining(due, d);
  if (left > 0) return `还差 ${fenToYuan(left)} 元`;
  if (left < 0) return '支付金额超过应收金额';
  if (d.cash_fen > 0 && d.tendered_fen > 0 && d.tendered_fen < cashTakenFen(d.cash_fen))
    return '实收现金不足';
  if (d.cash_fen > 0 && d.tendered_fen % CASH_UNIT_FEN !== 0) return '现金实收须为整角（收银台不收分币）';
  return undefined;
}
