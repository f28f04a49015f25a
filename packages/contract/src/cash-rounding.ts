import { fenToYuan } from './money';

/**
 * 抹分 (decision 143): the till's smallest face is 1 角 (CASH_FACES_FEN) and nobody hands out 分 coins, so
 * the cash part of a payment is rounded DOWN to the 角 and the 分 it would leave (1-9) are a 抹零 discount
 * on the order. Non-cash methods settle to the fen. The server applies these rules; the counter shows the
 * same figures before the cashier confirms.
 */
export const CASH_UNIT_FEN = 10;

/** The 分 a cash amount cannot be paid in (0-9); 0 for nothing or less. */
export const cashRoundFen = (cashFen: number): number => (cashFen > 0 ? cashFen % CASH_UNIT_FEN : 0);

/** What the drawer takes for a cash amount after 抹分. */
export const cashTakenFen = (cashFen: number): number => cashFen - cashRoundFen(cashFen);

/**
 * A member top-up in cash must be whole 角 (decision 143): the 分 would be 本金 the drawer never took, and
 * a top-up has no order to carry a 抹零, so it is refused rather than rounded.
 */
export const CASH_TOPUP_FEN_REFUSED = '现金充值金额须为整角（收银台不收分币）';

export interface PaymentPart {
  method: 'cash' | 'member' | 'scan';
  amount_fen: number;
  tendered_fen?: number;
}

/** The payments as the books take them: the cash part rounded (dropped when it rounds to 0) and the 抹零. */
export interface CashPlan<P extends PaymentPart> {
  payments: P[];
  round_fen: number;
}

/**
 * Checks payments against the amount due and rounds the cash part: the non-cash parts are taken as given,
 * cash covers the rest — sent either as the rest (12.37) or already rounded (12.30) — and is booked as the
 * rest rounded down to the 角. Without cash the parts must add up to the amount due exactly. Cash tendered
 * must be whole 角 and cover the rounded cash. Answers the plan, or the Chinese reason it is refused.
 */
export function cashPlan<P extends PaymentPart>(dueFen: number, payments: P[]): CashPlan<P> | string {
  const sum = payments.reduce((a, p) => a + p.amount_fen, 0);
  const cash = payments.find((p) => p.method === 'cash');
  const nonCash = sum - (cash?.amount_fen ?? 0);
  const rest = dueFen - nonCash;
  const round = cash ? cashRoundFen(rest) : 0;
  const taken = rest - round;
  const refused = (hint = '') => `支付金额合计¥${fenToYuan(sum)}须等于应收金额¥${fenToYuan(dueFen)}${hint}`;
  if (!cash) return sum === dueFen ? { payments, round_fen: 0 } : refused();
  if (rest < 0 || (cash.amount_fen !== rest && cash.amount_fen !== taken))
    return refused(round ? `（现金部分¥${fenToYuan(rest)}抹零后为¥${fenToYuan(taken)}）` : '');
  const tendered = cash.tendered_fen ?? taken;
  if (tendered % CASH_UNIT_FEN !== 0) return '现金实收须为整角（收银台不收分币）';
  if (tendered < taken) return '实收金额不能少于应收金额';
  const out = payments.flatMap((p) =>
    p !== cash ? [p] : taken > 0 ? [{ ...p, amount_fen: taken, tendered_fen: tendered }] : [],
  );
  return { payments: out, round_fen: round };
}
