import {
  affordableMinutes,
  billableMinutes,
  chargeAfterFree,
  chargeMinutes,
  MINUTE_MS,
  minutesLeft,
  type RateRules,
  rateOf,
  WARN_MINUTES,
} from '@netbar/contract';

/**
 * The billing arithmetic of a session at a moment (decisions 115, 116), without the database: what is
 * due, whether the balance covers it, and where a session whose balance ran out ends.
 */

export type Settlement =
  /** The balance covers the session up to now: charge up to `total`. */
  | { kind: 'covered'; total: number; minutes: number; free: number; endMs: number; left: number }
  /** It does not: the session ends when the balance ran out, at `endMs`, having cost `total`. */
  | { kind: 'exhausted'; total: number; minutes: number; free: number; endMs: number; left: 0 };

/**
 * `charged` is what money has paid for the session so far; `available` what the member may still spend
 * (本金 + 奖励 + the level's overdraft); `freeCap` how many of the session's first minutes free minutes
 * may pay for (those it used + those the member still holds, decision 109). `total` is what money owes
 * from logon, `free` how many minutes free minutes have paid for.
 */
export function settle(
  rules: RateRules,
  startMs: number,
  charged: number,
  available: number,
  nowMs: number,
  freeCap = 0,
): Settlement {
  const minutes = billableMinutes(startMs, nowMs);
  const due = chargeAfterFree(rules, startMs, minutes, freeCap);
  const budget = charged + Math.max(0, available);
  if (due <= budget) {
    const total = Math.max(due, charged);
    const left = minutesLeft(rules, startMs, nowMs, total, budget - total, WARN_MINUTES + 1, freeCap);
    return { kind: 'covered', total, minutes, free: Math.min(minutes, freeCap), endMs: nowMs, left };
  }
  // the longest session the budget (after the free minutes) pays for, shorter than now's
  const m = affordableMinutes(rules, startMs, budget, minutes, 0, freeCap);
  const total = Math.max(charged, m ? chargeAfterFree(rules, startMs, m, freeCap) : 0);
  const endMs = Math.min(nowMs, startMs + m * MINUTE_MS);
  return { kind: 'exhausted', total, minutes: m, free: Math.min(m, freeCap), endMs, left: 0 };
}

/** A level's rate discount (percent) applied to a store-wide plan: hourly and package prices, at least 1 fen. */
export function discounted(rules: RateRules, percent: number): RateRules {
  if (percent >= 100) return rules;
  const cut = (fen: number) => Math.max(1, rateOf(fen, percent));
  return {
    ...rules,
    price_per_hour_fen: cut(rules.price_per_hour_fen),
    bands: rules.bands.map((b) => ({ ...b, price_per_hour_fen: cut(b.price_per_hour_fen) })),
    packages: rules.packages.map((p) => ({ ...p, price_fen: cut(p.price_fen) })),
  };
}

/** The charge of the first minute: what a logon needs the balance to cover (0 with free minutes). */
export const firstMinuteFen = (rules: RateRules, startMs: number, free = 0) =>
  free > 0 ? 0 : chargeMinutes(rules, startMs, 1).total_fen;
