import { randomInt } from 'node:crypto';

/** One candidate of a draw: a prize with its odds (basis points) and what is left of it. */
export interface Candidate {
  prize_id: number;
  odds_bp: number;
  remaining: number;
}

export interface Draw {
  candidates: Candidate[];
  total: number;
  roll: number;
  prize_id: number;
}

/**
 * A draw by the odds over the prizes still available (decision 173): roll = randomInt(total) from the
 * CSPRNG, the prize whose cumulative odds interval holds the roll. Exhausted prizes are left out, so the
 * others keep their relative odds; the record (candidates, total, roll) recomputes the result.
 * `rand` is injectable for tests only.
 */
export function draw(all: Candidate[], rand: (n: number) => number = randomInt): Draw | undefined {
  const candidates = all.filter((c) => c.remaining > 0 && c.odds_bp > 0);
  const total = candidates.reduce((s, c) => s + c.odds_bp, 0);
  if (total <= 0) return undefined;
  const roll = rand(total);
  return { candidates, total, roll, prize_id: pick(candidates, roll) };
}

/** The prize a roll lands on: the first candidate whose cumulative odds exceed it. */
export function pick(candidates: Candidate[], roll: number): number {
  let acc = 0;
  for (const c of candidates) {
    acc += c.odds_bp;
    if (roll < acc) return c.prize_id;
  }
  throw new Error('roll out of range');
}
