/**
 * The online-fee engine (decision 115): what a session costs under a rate plan, from server-side
 * instants only. Pure, deterministic, integer fen.
 *
 * - Time is billed per started minute from the logon instant: minute k covers [start + k min, start +
 *   (k+1) min) and is priced by the band holding its first instant (Asia/Shanghai wall clock).
 * - Bands are [start_minute, end_minute) of a day; end_minute > 1440 runs into the next day (22:00 →
 *   次日 08:00 is 1320 → 1920). Minutes outside every band take the plan's base price.
 * - Each band's minutes cost ceil(minutes × price_per_hour / 60) fen, rounded once per band.
 * - A package caps what its time costs: a window package (通宵 22:00 → 次日 08:00) caps each night's
 *   minutes inside the window; an hours package (3 小时) caps each consecutive N-hour block from logon.
 *   Time outside the package is billed at band rates. At most one package kind applies to a session:
 *   the one leaving the lowest total (ties: no package, then plan order).
 * - The total is at least the plan's minimum charge.
 * The total never decreases as the session goes on, so checkpoints charge `total(now) − charged`.
 */

export const MINUTE_MS = 60_000;
export const DAY_MINUTES = 1440;
/** Asia/Shanghai is UTC+8 all year. */
const CST_OFFSET_MINUTES = 480;
/** A session is never billed beyond this many minutes (31 days); the checkpoint job ends it first. */
export const MAX_BILLED_MINUTES = 31 * DAY_MINUTES;

export interface TimeBand {
  name: string;
  /** Minute of the local day the band begins, 0-1439. */
  start_minute: number;
  /** Minute it ends (exclusive), start_minute+1 … start_minute+1440; above 1440 = next day. */
  end_minute: number;
  price_per_hour_fen: number;
}
export interface WindowPackage {
  kind: 'window';
  name: string;
  start_minute: number;
  end_minute: number;
  price_fen: number;
}
export interface HoursPackage {
  kind: 'hours';
  name: string;
  hours: number;
  price_fen: number;
}
export type BillingPackage = WindowPackage | HoursPackage;
export interface RateRules {
  /** Price per hour of the minutes no band covers (the day price). */
  price_per_hour_fen: number;
  bands: TimeBand[];
  packages: BillingPackage[];
  min_charge_fen: number;
}
export interface ChargeLine {
  kind: 'base' | 'band' | 'package' | 'minimum';
  name: string;
  minutes: number;
  fen: number;
}
export interface Charge {
  minutes: number;
  total_fen: number;
  /** Index of the package applied (in rules.packages), or null. */
  package_index: number | null;
  lines: ChargeLine[];
}

/** Minutes started between two instants: at least one (logging on starts the first minute). */
export function billableMinutes(startMs: number, endMs: number): number {
  const elapsed = Math.max(0, endMs - startMs);
  return Math.min(MAX_BILLED_MINUTES, Math.max(1, Math.ceil(elapsed / MINUTE_MS)));
}

const mod = (a: number, n: number) => ((a % n) + n) % n;
/** Local (CST) minute count since the epoch of an instant's minute. */
const localMinuteIndex = (ms: number) => Math.floor(ms / MINUTE_MS) + CST_OFFSET_MINUTES;

const tables = new WeakMap<TimeBand[], Int16Array>();

/** Which band (index, or -1 for the base price) holds each minute of the day (kept per bands array). */
export function bandTable(bands: TimeBand[]): Int16Array {
  const hit = tables.get(bands);
  if (hit) return hit;
  const t = new Int16Array(DAY_MINUTES).fill(-1);
  tables.set(bands, t);
  bands.forEach((b, i) => {
    for (let m = b.start_minute; m < b.end_minute; m++) t[m % DAY_MINUTES] = i;
  });
  return t;
}

/** ceil(minutes × perHour / 60) in integers. */
export const minutesFen = (minutes: number, perHour: number) => Math.floor((minutes * perHour + 59) / 60);

/** The band index of every billed minute of a session of `minutes` minutes from `startMs`. */
function minuteBands(rules: RateRules, startMs: number, minutes: number): Int16Array {
  const table = bandTable(rules.bands);
  const first = localMinuteIndex(startMs);
  const out = new Int16Array(minutes);
  for (let k = 0; k < minutes; k++) out[k] = table[mod(first + k, DAY_MINUTES)]!;
  return out;
}

/** The group a minute falls in under a package (an occurrence key), or null when outside it. */
function groupOf(p: BillingPackage, startMs: number, k: number): number | null {
  if (p.kind === 'hours') return Math.floor(k / (p.hours * 60));
  const idx = localMinuteIndex(startMs) + k;
  const day = Math.floor(idx / DAY_MINUTES);
  const m = idx - day * DAY_MINUTES;
  if (m >= p.start_minute && m < Math.min(p.end_minute, DAY_MINUTES)) return day;
  if (p.end_minute > DAY_MINUTES && m < p.end_minute - DAY_MINUTES) return day - 1;
  return null;
}

const priceOf = (rules: RateRules, band: number) =>
  band < 0 ? rules.price_per_hour_fen : rules.bands[band]!.price_per_hour_fen;
const bandName = (rules: RateRules, band: number) => (band < 0 ? '基础时段' : rules.bands[band]!.name);

/** Per band (index + 1, base at 0): minutes and fen, each band rounded once. */
function bandFen(rules: RateRules, counts: number[]): { minutes: number; fen: number }[] {
  return counts.map((n, i) => ({ minutes: n, fen: n ? minutesFen(n, priceOf(rules, i - 1)) : 0 }));
}

function plainCharge(rules: RateRules, bands: Int16Array): Charge {
  const counts = new Array<number>(rules.bands.length + 1).fill(0);
  for (const b of bands) counts[b + 1]! += 1;
  const per = bandFen(rules, counts);
  const lines = per.flatMap((x, i) =>
    x.minutes
      ? [{ kind: i ? ('band' as const) : ('base' as const), name: bandName(rules, i - 1), ...x }]
      : [],
  );
  return {
    minutes: bands.length,
    total_fen: per.reduce((s, x) => s + x.fen, 0),
    package_index: null,
    lines,
  };
}

function packageCharge(rules: RateRules, bands: Int16Array, startMs: number, pi: number): Charge {
  const p = rules.packages[pi]!;
  const width = rules.bands.length + 1;
  const outside = new Array<number>(width).fill(0);
  const groups = new Map<number, number[]>();
  for (let k = 0; k < bands.length; k++) {
    const g = groupOf(p, startMs, k);
    const slot = bands[k]! + 1;
    if (g === null) outside[slot]! += 1;
    else {
      const c = groups.get(g) ?? new Array<number>(width).fill(0);
      groups.set(g, c);
      c[slot]! += 1;
    }
  }
  // Band lines gather the outside minutes and the groups whose cap did not bind.
  const bandMinutes = new Array<number>(width).fill(0);
  const bandFenSum = new Array<number>(width).fill(0);
  const add = (per: { minutes: number; fen: number }[]) =>
    per.forEach((x, i) => {
      bandMinutes[i]! += x.minutes;
      bandFenSum[i]! += x.fen;
    });
  add(bandFen(rules, outside));
  let capped = 0;
  let cappedMinutes = 0;
  let cappedFen = 0;
  for (const c of groups.values()) {
    const per = bandFen(rules, c);
    const normal = per.reduce((s, x) => s + x.fen, 0);
    if (normal > p.price_fen) {
      capped += 1;
      cappedMinutes += per.reduce((s, x) => s + x.minutes, 0);
      cappedFen += p.price_fen;
    } else add(per);
  }
  const lines: ChargeLine[] = bandMinutes.flatMap((n, i) =>
    n ? [{ kind: i ? 'band' : 'base', name: bandName(rules, i - 1), minutes: n, fen: bandFenSum[i]! }] : [],
  ) as ChargeLine[];
  if (capped)
    lines.push({
      kind: 'package',
      name: capped > 1 ? `${p.name}×${capped}` : p.name,
      minutes: cappedMinutes,
      fen: cappedFen,
    });
  return {
    minutes: bands.length,
    total_fen: bandFenSum.reduce((s, x) => s + x, 0) + cappedFen,
    package_index: capped ? pi : null,
    lines,
  };
}

/** The charge of the first `minutes` billed minutes of a session that began at `startMs`. */
export function chargeMinutes(rules: RateRules, startMs: number, minutes: number): Charge {
  const n = Math.min(MAX_BILLED_MINUTES, Math.max(1, Math.floor(minutes)));
  const bands = minuteBands(rules, startMs, n);
  let best = plainCharge(rules, bands);
  rules.packages.forEach((_p, i) => {
    const c = packageCharge(rules, bands, startMs, i);
    if (c.total_fen < best.total_fen) best = c;
  });
  if (best.total_fen < rules.min_charge_fen) {
    const extra = rules.min_charge_fen - best.total_fen;
    return {
      ...best,
      total_fen: rules.min_charge_fen,
      lines: [...best.lines, { kind: 'minimum', name: '最低消费补足', minutes: 0, fen: extra }],
    };
  }
  return best;
}

/** What a session from `startMs` to `endMs` costs (every instant server-side). */
export const chargeSession = (rules: RateRules, startMs: number, endMs: number): Charge =>
  chargeMinutes(rules, startMs, billableMinutes(startMs, endMs));

/**
 * What money pays for the first `minutes` minutes of a session when free minutes (redeemed for points,
 * decision 109) pay for its first `free` minutes: the session's charge less the charge of those free
 * minutes (0 while they last). It never decreases as the minutes grow.
 */
export function chargeAfterFree(rules: RateRules, startMs: number, minutes: number, free: number): number {
  if (free <= 0) return chargeMinutes(rules, startMs, minutes).total_fen;
  if (minutes <= free) return 0;
  return chargeMinutes(rules, startMs, minutes).total_fen - chargeMinutes(rules, startMs, free).total_fen;
}

/**
 * The most minutes a budget pays for, searching from `from` up to `from + horizon` (the charge only
 * grows with the minutes, so a binary search finds it); `from - 1` when even `from` is too dear.
 * `free`: the session's first minutes that free minutes pay for (chargeAfterFree).
 */
export function affordableMinutes(
  rules: RateRules,
  startMs: number,
  budgetFen: number,
  from: number,
  horizon: number,
  free = 0,
): number {
  const freeFen = free > 0 ? chargeMinutes(rules, startMs, free).total_fen : 0;
  const cost = (m: number) =>
    free > 0 && m <= free ? 0 : chargeMinutes(rules, startMs, m).total_fen - freeFen;
  // Invariant: lo is affordable (0 = nothing is), hi is not.
  let lo: number;
  let hi: number;
  if (cost(from) > budgetFen) {
    lo = 0;
    hi = from;
  } else {
    const cap = Math.min(MAX_BILLED_MINUTES, from + horizon);
    if (cost(cap) <= budgetFen) return cap;
    lo = from;
    hi = cap;
  }
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (cost(mid) <= budgetFen) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * Whole minutes until the balance is spent at the plan's rates, at most `horizon`: the session may
 * run until start + affordable minutes, when the next (unpaid) minute would begin. `free`: minutes at
 * the session's start that free minutes pay for (chargedFen is then what money paid).
 */
export function minutesLeft(
  rules: RateRules,
  startMs: number,
  nowMs: number,
  chargedFen: number,
  balanceFen: number,
  horizon = DAY_MINUTES,
  free = 0,
): number {
  const now = billableMinutes(startMs, nowMs);
  const m = affordableMinutes(rules, startMs, chargedFen + balanceFen, now, horizon + 1, free);
  const untilMs = startMs + m * MINUTE_MS;
  return Math.max(0, Math.min(horizon, Math.floor((untilMs - nowMs) / MINUTE_MS)));
}
