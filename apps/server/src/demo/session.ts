import { affordableMinutes, chargeMinutes, MINUTE_MS, type RateRules, rateOf } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, type Db, rows } from '../db/client.ts';

/**
 * Demo rate plans and 90 days of session history (issue 12 items 6 and 9). The member demo's
 * 上网消费 ledger rows are the money; the sessions here are the time they paid for: after each such
 * row the member comes back for sessions (2-7 hours, the next within a day) until the amount
 * is spent (within one minute's price) or the next 上网消费 row, on a machine free at that moment,
 * billed by the engine under the area's plan and the member's level discount. Those rows predate
 * session links, so these sessions carry no ledger rows of their own (started_by 演示数据). Fixed seed,
 * a few multi-row inserts; idempotent per store (nothing is written when the store has plans).
 */

export const DEMO_BY = '演示数据';

const rules = (base: number, night: number, tongxiao: number, pack3: number, min: number): RateRules => ({
  price_per_hour_fen: base,
  bands: [{ name: '夜间', start_minute: 1320, end_minute: 1920, price_per_hour_fen: night }],
  packages: [
    { kind: 'window', name: '通宵', start_minute: 1320, end_minute: 1920, price_fen: tongxiao },
    ...(pack3 ? [{ kind: 'hours' as const, name: '3小时', hours: 3, price_fen: pack3 }] : []),
  ],
  min_charge_fen: min,
});
/** Plans by area name ('' = store-wide). */
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
};

function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const discounted = (r: RateRules, pct: number): RateRules =>
  pct >= 100
    ? r
    : {
        ...r,
        price_per_hour_fen: Math.max(1, rateOf(r.price_per_hour_fen, pct)),
        bands: r.bands.map((b) => ({
          ...b,
          price_per_hour_fen: Math.max(1, rateOf(b.price_per_hour_fen, pct)),
        })),
        packages: r.packages.map((p) => ({ ...p, price_fen: Math.max(1, rateOf(p.price_fen, pct)) })),
      };

export async function sessionDemo(db: Db): Promise<void> {
  const stores = await rows<{ id: number; name: string }>(
    db,
    sql`select id, name from netbars where name in ('星际网咖旗舰店', '极速网吧') order by id`,
  );
  for (const s of stores) {
    const done = await rows(db, sql`select 1 from rate_plans where netbar_id = ${s.id} limit 1`);
    if (done.length) continue;
    await db.transaction((tx) => storeDemo(tx, Number(s.id), PLANS[s.name]!));
  }
}

interface Spend {
  member: number;
  discount: number;
  amount: number;
  at: number;
  until: number;
}
interface Visit {
  spend: Spend;
  start: number;
  minutes: number;
}

async function storeDemo(tx: Conn, nid: number, plans: [string, RateRules][]) {
  const areas = await rows<{ id: number; name: string }>(
    tx,
    sql`select id, name from venue_areas where netbar_id = ${nid}`,
  );
  const planIds = new Map<number, { id: number; name: string; rules: RateRules }>();
  let storeWide: { id: number; name: string; rules: RateRules } | undefined;
  for (const [name, r] of plans) {
    const area = areas.find((a) => a.name === name);
    if (name !== '全场标准' && !area) continue;
    const ins = await rows<{ id: number }>(
      tx,
      sql`insert into rate_plans (netbar_id, area_id, name, rules, updated_by)
          values (${nid}, ${area?.id ?? null}, ${name}, ${JSON.stringify(r)}::jsonb, ${DEMO_BY}) returning id`,
    );
    const plan = { id: ins[0]!.id, name, rules: r };
    if (area) planIds.set(Number(area.id), plan);
    else storeWide = plan;
  }
  const machines = await rows<{ id: number; area_id: number }>(
    tx,
    sql`select id, area_id from machines where netbar_id = ${nid} and state not in ('故障', '停用') order by id`,
  );
  if (!machines.length || !storeWide) return;
  const spends = await spendsOf(tx, nid);
  const rnd = prng(nid * 104729 + 7);
  const visits: Visit[] = [];
  for (const sp of spends) {
    let cursor = sp.at + (5 + Math.floor(rnd() * 55)) * MINUTE_MS;
    let planned = 0;
    while (cursor < sp.until && planned < sp.amount * 1.3) {
      const minutes = 120 + Math.floor(rnd() * 300);
      visits.push({ spend: sp, start: cursor, minutes });
      planned += minutes * 9;
      cursor += (minutes + 60 + Math.floor(rnd() * 60 * 20)) * MINUTE_MS;
    }
  }
  visits.sort((a, b) => a.start - b.start);
  const free = new Map<number, number>();
  // one rules object per plan and discount: the engine keeps its band table per object
  const priced = new Map<string, RateRules>();
  const rulesOf = (p: { id: number; rules: RateRules }, pct: number) => {
    const key = `${p.id}:${pct}`;
    if (!priced.has(key)) priced.set(key, discounted(p.rules, pct));
    return priced.get(key)!;
  };
  const left = new Map<Spend, number>(spends.map((s) => [s, s.amount]));
  const out: Record<string, unknown>[] = [];
  for (const v of visits) {
    const budget = left.get(v.spend)!;
    if (budget <= 0) continue;
    const from = Math.floor(rnd() * machines.length);
    let machine: (typeof machines)[number] | undefined;
    for (let i = 0; i < machines.length && !machine; i++) {
      const m = machines[(from + i) % machines.length]!;
      if ((free.get(m.id) ?? 0) <= v.start) machine = m;
    }
    if (!machine) continue;
    const plan = planIds.get(Number(machine.area_id)) ?? storeWide;
    const r = rulesOf(plan, v.spend.discount);
    // never into the member's next visit paid by the next 上网消费 row, never still running now
    let minutes = v.minutes;
    if (v.start + (minutes + 5) * MINUTE_MS > v.spend.until) continue;
    let reason = rnd() < 0.05 ? '强制下机' : '下机';
    let fen = chargeMinutes(r, v.start, minutes).total_fen;
    if (fen > budget) {
      minutes = affordableMinutes(r, v.start, budget, minutes, 0);
      reason = '余额不足';
      left.set(v.spend, 0);
      if (minutes < 15) continue;
      fen = chargeMinutes(r, v.start, minutes).total_fen;
    }
    if (reason !== '余额不足') left.set(v.spend, budget - fen);
    const end = v.start + minutes * MINUTE_MS;
    free.set(machine.id, end + 5 * MINUTE_MS);
    out.push({
      member: v.spend.member,
      machine: machine.id,
      area: machine.area_id,
      plan: plan.id,
      planName: plan.name,
      rules: JSON.stringify(r),
      source: rnd() < 0.85 ? 'terminal' : 'console',
      start: new Date(v.start).toISOString(),
      end: new Date(end).toISOString(),
      minutes,
      fen,
      reason,
    });
  }
  for (let i = 0; i < out.length; i += 500) {
    const values = out.slice(i, i + 500).map(
      (s) =>
        sql`(${nid}, ${s.member}, ${s.machine}, ${s.area}, ${s.plan}, ${s.planName}, ${s.rules}::jsonb, ${s.source},
             ${s.start}::timestamptz, ${s.end}::timestamptz, ${s.minutes}, ${s.fen}, ${s.minutes}, ${s.end}::timestamptz,
             ${s.reason}, ${DEMO_BY}, ${s.reason === '余额不足' ? '系统' : DEMO_BY})`,
    );
    await rows(
      tx,
      sql`insert into online_sessions (netbar_id, member_id, machine_id, area_id, plan_id, plan_name, rules, source,
            started_at, last_checkpoint_at, checkpoint_seq, charged_fen, billed_minutes, ended_at, end_reason, started_by, ended_by)
          values ${sql.join(values, sql`, `)}`,
    );
  }
}

/** The member demo's 上网消费 rows of a store, each with the time until the member's next one. */
async function spendsOf(tx: Conn, nid: number): Promise<Spend[]> {
  const r = await rows<{ member_id: number; amount: number; at_ms: number; discount: number }>(
    tx,
    sql`select l.member_id, (-(l.principal_delta + l.bonus_delta))::float8 as amount,
          (extract(epoch from l.at) * 1000)::float8 as at_ms, v.rate_discount as discount
        from member_ledger l join members m on m.id = l.member_id join member_levels v on v.id = m.level_id
        where l.netbar_id = ${nid} and l.kind = 'consume' and l.session_id is null and l.remark = '上网消费'
        order by l.member_id, l.at, l.id`,
  );
  const now = Date.now();
  return r.map((x, i) => {
    const next = r[i + 1];
    return {
      member: Number(x.member_id),
      discount: Number(x.discount),
      amount: Number(x.amount),
      at: Number(x.at_ms),
      until: next && Number(next.member_id) === Number(x.member_id) ? Number(next.at_ms) : now,
    };
  });
}
