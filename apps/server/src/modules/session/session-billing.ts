import {
  affordableMinutes,
  chargeMinutes,
  chargeSession,
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
  | { kind: 'covered'; total: number; minutes: number; endMs: number; left: number }
  /** It does not: the session ends when the balance ran out, at `endMs`, having cost `total`. */
  | { kind: 'exhausted'; total: number; minutes: number; endMs: number; left: 0 };

/**
 * `charged` is what the session has paid so far; `available` what the member may still spend
 * (本金 + 奖励 + the level's overdraft).
 */
export function settle(
  rules: RateRules,
  startMs: number,
  charged: number,
  available: number,
  nowMs: number,
): Settlement {
  const due = chargeSession(rules, startMs, nowMs);
  const budget = charged + Math.max(0, available);
  if (due.total_fen <= budget) {
    const total = Math.max(due.total_fen, charged);
    const left = minutesLeft(rules, startMs, nowMs, total, budget - total, WARN_MINUTES + 1);
    return { kind: 'covered', total, minutes: due.minutes, endMs: nowMs, left };
  }
  // the longest session the budget pays for, shorter than now's
  const m = affordableMinutes(rules, startMs, budget, due.minutes, 0);
  const total = Math.max(charged, m ? chargeMinutes(rules, startMs, m).total_fen : 0);
  return { kind: 'exhausted', total, minutes: m, endMs: Math.min(nowMs, startMs + m * MINUTE_MS), left: 0 };
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

/** The charge of the first minute: what a logon needs the balance to cover. */
export const firstMinuteFen = (rules: RateRules, startMs: number) =>
  chargeMinutes(rules, startMs, 1).total_fen;
