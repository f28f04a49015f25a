import { affordableMinutes, chargeAfterFree, MINUTE_MS, type RateRules } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../db/client.ts';
import { discounted } from '../modules/session/session-billing.ts';

/**
 * Demo rate plans and the floor where the demo's online spending happens (issue 12 items 6 and 9).
 * The member demo walks each member's 90 days (demo/member-walk.ts) and asks the floor for a seat at
 * each visit: a free machine in an area the member's level favours, the area's plan at the level's
 * discount (as startSession prices it), busy evenings and 通宵 nights, the charge the engine gives for
 * the minutes played, cut where the balance runs out (余额不足). Each session's charge is then the
 * member ledger's 上网消费 row linked to it (request_id S<session>-1, as a checkpoint writes it), so
 * online spending is only ever sessions. Fixed seeds; sessions written with a few multi-row inserts.
 */

export const DEMO_BY = '演示数据';

const DAY_MS = 86400_000;
const HOUR_MS = 3600_000;
/** Asia/Shanghai is UTC+8. */
const CST_MS = 8 * HOUR_MS;
/** A machine is cleaned and rebooted between two sessions. */
const TURNOVER_MS = 5 * MINUTE_MS;

const rules = (base: number, night: number, tongxiao: number, pack3: number, min: number): RateRules => ({
  price_per_hour_fen: base,
  bands: [{ name: '夜间', start_minute: 1320, end_minute: 1920, price_per_hour_fen: night }],
  packages: [
    { kind: 'window', name: '通宵', start_minute: 1320, end_minute: 1920, price_fen: tongxiao },
    ...(pack3 ? [{ kind: 'hours' as const, name: '3小时', hours: 3, price_fen: pack3 }] : []),
  ],
  min_charge_fen: min,
});
/** Plans by area name (全场标准 = store-wide). */
const PLANS: Record<string, [name: string, rules: RateRules][]> = {
  星际网咖旗舰店: [
    ['全场标准', rules(500, 400, 2500, 1300, 100)],
    ['电竞区', rules(800, 600, 3500, 2000, 200)],
    ['包间', rules(1200, 1000, 5000, 0, 300)],
  ],
  极速网吧: [
    ['全场标准', rules(400, 300, 2000, 1000, 100)],
    ['包间', rules(1000, 800, 4000, 0, 200)],
  ],
  星际网咖二店: [
    ['全场标准', rules(500, 400, 2500, 1300, 100)],
    ['包间', rules(1200, 1000, 5000, 0, 300)],
  ],
  星际网咖三店: [
    ['全场标准', rules(500, 400, 2500, 1300, 100)],
    ['电竞区', rules(800, 600, 3500, 2000, 200)],
  ],
};
/** How much each level (普通 … 钻石) favours an area; other areas weigh 20. */
const TASTE: Record<string, number[]> = {
  大厅: [70, 55, 40, 30],
  电竞区: [25, 35, 40, 40],
  包间: [5, 10, 20, 30],
};
/** Weight of each Beijing hour as the start of a visit: quiet mornings, busy evenings. */
const HOURS = [3, 2, 1, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 5, 5, 6, 7, 9, 10, 10, 9, 7, 4];
const HOURS_SUM = HOURS.reduce((s, x) => s + x, 0);

interface Plan {
  id: number;
  name: string;
  rules: RateRules;
}
interface Machine {
  id: number;
  area_id: number;
  area: string;
}
export interface DemoSession {
  /** Set when written (insertSessions), before the ledger rows that point at it. */
  id: number;
  member: number;
  machine: number;
  area: number;
  plan: Plan;
  rules: RateRules;
  source: 'terminal' | 'console';
  start: number;
  end: number;
  minutes: number;
  /** Of those minutes, how many the member's free minutes paid for (decision 109). */
  free: number;
  fen: number;
  reason: '下机' | '强制下机' | '余额不足';
}

export class DemoFloor {
  readonly sessions: DemoSession[] = [];
  /** Per machine, the [start, end) intervals it is taken, flat and sorted. */
  private readonly busy = new Map<number, number[]>();
  /** One rules object per plan and discount: the engine keeps its band table per object. */
  private readonly priced = new Map<string, RateRules>();
  private readonly areas: string[];

  constructor(
    private readonly machines: Machine[],
    private readonly byArea: Map<number, Plan>,
    private readonly storeWide: Plan,
    private readonly now: number,
  ) {
    this.areas = [...new Set(machines.map((m) => m.area))];
  }

  /**
   * When a member comes next: about `gapDays` after `after` (0: the same day, later), at an
   * evening-weighted hour, or between 21:00 and 24:00 for a 通宵 night.
   */
  nextStart(rnd: () => number, after: number, gapDays: number, night: boolean): number {
    const day = after + gapDays * (0.4 + rnd() * 1.2) * DAY_MS;
    const midnight = Math.floor((day + CST_MS) / DAY_MS) * DAY_MS - CST_MS;
    let hour = 21 + Math.floor(rnd() * 3);
    if (!night) {
      let w = rnd() * HOURS_SUM;
      for (hour = 0; hour < 23 && w >= HOURS[hour]!; hour++) w -= HOURS[hour]!;
    }
    const start = midnight + hour * HOUR_MS + Math.floor(rnd() * 60) * MINUTE_MS;
    return start > after + 30 * MINUTE_MS ? start : start + DAY_MS;
  }

  /**
   * A visit of member `member` (index) at `start`: a seat, the minutes played (a 通宵 night runs to
   * 07:00-08:30) and their charge after the `free` minutes the member holds, never over `available`;
   * undefined when no seat is free, the balance pays for under 15 minutes, or the visit would still run now.
   */
  play(
    rnd: () => number,
    member: number,
    start: number,
    level: number,
    discount: number,
    available: number,
    free: number,
    night: boolean,
  ): DemoSession | undefined {
    let minutes = night
      ? Math.round((this.morningOf(start) - start) / MINUTE_MS) + Math.floor(rnd() * 90)
      : 60 + Math.floor(rnd() ** 1.6 * 330);
    if (start + (minutes * MINUTE_MS + TURNOVER_MS) > this.now) return undefined;
    const machine = this.seat(rnd, level, start, start + minutes * MINUTE_MS + TURNOVER_MS);
    if (!machine) return undefined;
    const plan = this.byArea.get(machine.area_id) ?? this.storeWide;
    const r = this.rulesOf(plan, discount);
    let fen = chargeAfterFree(r, start, minutes, free);
    let reason: DemoSession['reason'] = rnd() < 0.04 ? '强制下机' : '下机';
    if (fen > available) {
      minutes = affordableMinutes(r, start, available, minutes, 0, free);
      if (minutes < 15) return undefined;
      fen = chargeAfterFree(r, start, minutes, free);
      reason = '余额不足';
    }
    const end = start + minutes * MINUTE_MS;
    this.take(machine.id, start, end + TURNOVER_MS);
    const s: DemoSession = {
      id: 0,
      member,
      machine: machine.id,
      area: machine.area_id,
      plan,
      rules: r,
      source: rnd() < 0.85 ? 'terminal' : 'console',
      start,
      end,
      minutes,
      free: Math.min(minutes, free),
      fen,
      reason,
    };
    this.sessions.push(s);
    return s;
  }

  /** 07:00 Beijing time after a night's start. */
  private morningOf(start: number): number {
    const midnight = Math.floor((start + CST_MS) / DAY_MS) * DAY_MS - CST_MS;
    return midnight + DAY_MS + 7 * HOUR_MS;
  }

  /** A machine free over [from, to): in an area the level favours first, from a random place on. */
  private seat(rnd: () => number, level: number, from: number, to: number): Machine | undefined {
    const weights = this.areas.map((a) => TASTE[a]?.[level] ?? 20);
    let w = rnd() * weights.reduce((s, x) => s + x, 0);
    let pick = 0;
    while (pick < weights.length - 1 && w >= weights[pick]!) w -= weights[pick++]!;
    const area = this.areas[pick];
    const n = this.machines.length;
    const offset = Math.floor(rnd() * n);
    let other: Machine | undefined;
    for (let i = 0; i < n; i++) {
      const m = this.machines[(offset + i) % n]!;
      if (!this.isFree(m.id, from, to)) continue;
      if (m.area === area) return m;
      other ??= m;
    }
    return other;
  }

  private isFree(machine: number, from: number, to: number): boolean {
    const iv = this.busy.get(machine);
    if (!iv) return true;
    const k = this.firstEndingAfter(iv, from);
    return k >= iv.length || iv[k]! >= to;
  }

  /** Index (even) of the first interval that ends after `at`. */
  private firstEndingAfter(iv: number[], at: number): number {
    let lo = 0;
    let hi = iv.length / 2;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (iv[mid * 2 + 1]! > at) hi = mid;
      else lo = mid + 1;
    }
    return lo * 2;
  }

  private take(machine: number, from: number, to: number) {
    const iv = this.busy.get(machine) ?? [];
    iv.splice(this.firstEndingAfter(iv, from), 0, from, to);
    this.busy.set(machine, iv);
  }

  private rulesOf(p: Plan, pct: number): RateRules {
    const key = `${p.id}:${pct}`;
    let r = this.priced.get(key);
    if (!r) {
      r = discounted(p.rules, pct);
      this.priced.set(key, r);
    }
    return r;
  }
}

/**
 * The store's demo plans (written unless it has plans) and its usable machines as a floor; undefined
 * when the store has no machines.
 */
export async function demoFloor(tx: Conn, nid: number, store: string, now: number) {
  const areas = await rows<{ id: number; name: string }>(
    tx,
    sql`select id, name from venue_areas where netbar_id = ${nid}`,
  );
  const had = await rows(tx, sql`select 1 from rate_plans where netbar_id = ${nid} limit 1`);
  if (!had.length)
    for (const [name, r] of PLANS[store] ?? []) {
      const area = areas.find((a) => a.name === name);
      if (name !== '全场标准' && !area) continue;
      await rows(
        tx,
        sql`insert into rate_plans (netbar_id, area_id, name, rules, updated_by)
            values (${nid}, ${area?.id ?? null}, ${name}, ${JSON.stringify(r)}::jsonb, ${DEMO_BY})`,
      );
    }
  const plans = await rows<{ id: number; area_id: number | null; name: string; rules: RateRules }>(
    tx,
    sql`select id, area_id, name, rules from rate_plans where netbar_id = ${nid} and enabled and level_id is null order by id`,
  );
  const storeWide = plans.find((p) => p.area_id === null);
  const machines = await rows<Machine>(
    tx,
    sql`select m.id, m.area_id, a.name as area from machines m join venue_areas a on a.id = m.area_id
        where m.netbar_id = ${nid} and m.state not in ('故障', '停用') order by m.id`,
  );
  if (!machines.length || !storeWide) return undefined;
  const byArea = new Map(
    plans.filter((p) => p.area_id !== null).map((p) => [Number(p.area_id), { ...p, id: Number(p.id) }]),
  );
  return new DemoFloor(
    machines.map((m) => ({ ...m, id: Number(m.id), area_id: Number(m.area_id) })),
    byArea,
    { ...storeWide, id: Number(storeWide.id) },
    now,
  );
}

/** Writes the floor's sessions (ids drawn first, so the ledger rows can point at them). */
export async function insertSessions(tx: Conn, nid: number, floor: DemoFloor, memberIds: number[]) {
  const ss = floor.sessions;
  if (!ss.length) return;
  const seq = await rows<{ id: string }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('online_sessions', 'id')) as id from generate_series(1, ${ss.length})`,
  );
  ss.sort((a, b) => a.start - b.start).forEach((s, i) => {
    s.id = Number(seq[i]!.id);
  });
  const json = new Map<RateRules, string>();
  for (let o = 0; o < ss.length; o += 500) {
    const values = ss.slice(o, o + 500).map((s) => {
      if (!json.has(s.rules)) json.set(s.rules, JSON.stringify(s.rules));
      const [start, end] = [new Date(s.start).toISOString(), new Date(s.end).toISOString()];
      return sql`(${s.id}, ${nid}, ${memberIds[s.member]}, ${s.machine}, ${s.area}, ${s.plan.id}, ${s.plan.name}, ${json.get(s.rules)}::jsonb,
                  ${s.source}, ${start}::timestamptz, ${end}::timestamptz, 1, ${s.fen}, ${s.minutes}, ${s.free}, ${end}::timestamptz,
                  ${s.reason}, ${DEMO_BY}, ${s.reason === '余额不足' ? '系统' : DEMO_BY})`;
    });
    await rows(
      tx,
      sql`insert into online_sessions (id, netbar_id, member_id, machine_id, area_id, plan_id, plan_name, rules, source,
            started_at, last_checkpoint_at, checkpoint_seq, charged_fen, billed_minutes, free_minutes, ended_at, end_reason, started_by, ended_by)
          values ${sql.join(values, sql`, `)}`,
    );
  }
}
