import { randomInt } from 'node:crypto';
import type { LivePrize, LockedActivity } from './activity-claim.repo.ts';

export { useCode } from './activity-codes.repo.ts';

/**
 * 线上红包 (decision 177): an envelope's amount, random (CSPRNG) in [amount, amount_max] but never so large
 * that the budget left could not pay every remaining envelope its lower amount; the claim books this
 * amount as the prize's amount and cost, so spent budget = Σ claims = the ledger rows.
 * `rand` is injectable for tests only.
 */
export function envelopeAmount(
  a: LockedActivity,
  p: LivePrize,
  rand: (min: number, max: number) => number = randomInt,
): LivePrize {
  const after = p.quantity - p.issued - 1;
  const hi = Math.min(p.amount_max ?? p.amount, a.budget_fen - a.spent_fen - after * p.cost_fen);
  const x = hi > p.amount ? rand(p.amount, hi + 1) : p.amount;
  return { ...p, amount: x, cost_fen: x };
}
