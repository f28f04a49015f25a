import { sql } from 'drizzle-orm';
import { type Conn, type Db, rows } from '../db/client.ts';
import { insertRecords, iso } from './demo-rows.ts';

/**
 * 星际网咖's activities (decision 173): the apps 会员活动, 会员签到 and 幸运盲盒 enabled; a daily sign-in (streak
 * rewards on days 1, 3 and 7) and a blind box (50 积分, odds 60/30/10) running for 30 days, with the claims
 * of 40 members written as the engine writes them (member ledger rows 'prize_buy' and 'prize', the claims,
 * each box's recorded draw) in bulk, chained after each member's last ledger row. Fixed seed; idempotent.
 */
const DAY_MS = 86_400_000;
const CLIENT = { id: 0, name: '客户端' };
const BOX_PRICE = 50;

interface P {
  name: string;
  kind: 'bonus' | 'points' | 'minutes';
  amount: number;
  cost: number;
  qty: number;
  odds?: number;
  streak?: number;
}
const SIGN: P[] = [
  { name: '签到积分', kind: 'points', amount: 5, cost: 1, qty: 5000, streak: 1 },
  { name: '连签三天奖励', kind: 'bonus', amount: 100, cost: 100, qty: 1000, streak: 3 },
  { name: '连签七天奖励', kind: 'bonus', amount: 500, cost: 500, qty: 300, streak: 7 },
];
const BOX: P[] = [
  { name: '一元奖励', kind: 'bonus', amount: 100, cost: 100, qty: 1000, odds: 6000 },
  { name: '一小时上网', kind: 'minutes', amount: 60, cost: 300, qty: 500, odds: 3000 },
  { name: '十元奖励', kind: 'bonus', amount: 1000, cost: 1000, qty: 100, odds: 1000 },
];

function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function insertActivity(
  tx: Conn,
  nid: number,
  kind: string,
  name: string,
  start: Date,
  budget: number,
  prizes: P[],
) {
  const a = await rows<{ id: number }>(
    tx,
    sql`insert into activities (netbar_id, kind, name, status, starts_at, ends_at, windows, audience, per_day_limit, budget_fen, price_kind, price_amount, created_at)
        values (${nid}, ${kind}, ${name}, 'published', ${start}, ${new Date(Date.now() + 60 * DAY_MS)}, '[]'::jsonb, '{"levels":[],"visitor":"all","list_mode":"none","members":[],"machines":[]}'::jsonb,
          ${kind === 'sign' ? 1 : 3}, ${budget}, ${kind === 'sign' ? 'none' : 'points'}, ${kind === 'sign' ? 0 : BOX_PRICE}, ${start}) returning id`,
  );
  const id = Number(a[0]!.id);
  const ids: number[] = [];
  let seq = 0;
  for (const p of prizes) {
    const r = await rows<{ id: number }>(
      tx,
      sql`insert into activity_prizes (activity_id, seq, name, kind, amount, cost_fen, quantity, odds_bp, streak_day)
          values (${id}, ${++seq}, ${p.name}, ${p.kind}, ${p.amount}, ${p.cost}, ${p.qty}, ${p.odds ?? null}, ${p.streak ?? null}) returning id`,
    );
    ids.push(Number(r[0]!.id));
  }
  return { id, prizeIds: ids };
}

export async function activityDemo(db: Db): Promise<void> {
  const store = await rows<{ id: number }>(db, sql`select id from netbars where name = '星际网咖旗舰店'`);
  const nid = store[0]?.id;
  if (!nid || (await rows(db, sql`select 1 from activities where netbar_id = ${nid} limit 1`)).length) return;
  const rand = seeded(173);
  await db.transaction(async (tx) => {
    for (const app of ['member_activity_list', 'member_sign', 'lucky_blind_box'])
      await rows(
        tx,
        sql`insert into store_apps (netbar_id, app, enabled) values (${nid}, ${app}, true) on conflict do nothing`,
      );
    const now = Date.now();
    const today0 = Math.floor((now + 8 * 3600_000) / DAY_MS) * DAY_MS - 8 * 3600_000;
    const start = new Date(today0 - 29 * DAY_MS);
    const sign = await insertActivity(tx, nid, 'sign', '每日签到', start, 1_500_000, SIGN);
    const box = await insertActivity(tx, nid, 'blind_box', '幸运盲盒', start, 1_000_000, BOX);
    const members = await rows<{ id: number; pool_id: number; p: number; b: number; pt: number; mi: number }>(
      tx,
      sql`select id, pool_id, principal_fen::float8 as p, bonus_fen::float8 as b, points::float8 as pt, free_minutes as mi
          from members where netbar_id = ${nid} and status = 1 order by id limit 40`,
    );
    const ledger: Record<string, unknown>[] = [];
    const claims: Record<string, unknown>[] = [];
    const draws: Record<string, unknown>[] = [];
    const lastLedger = new Map<number, number>();
    const pendingLedger: { m: (typeof members)[number]; row: Record<string, unknown> }[] = [];
    const book = (
      m: (typeof members)[number],
      kind: string,
      seq: number,
      d: { p?: number; b?: number; pt?: number; mi?: number },
      rid: string,
      remark: string,
      at: number,
    ) => {
      const row: Record<string, unknown> = {
        pool_id: m.pool_id,
        netbar_id: nid,
        member_id: m.id,
        kind,
        principal_delta: d.p ?? 0,
        principal_before: m.p,
        principal_after: m.p + (d.p ?? 0),
        bonus_delta: d.b ?? 0,
        bonus_before: m.b,
        bonus_after: m.b + (d.b ?? 0),
        points_delta: d.pt ?? 0,
        points_before: m.pt,
        points_after: m.pt + (d.pt ?? 0),
        minutes_delta: d.mi ?? 0,
        minutes_before: m.mi,
        minutes_after: m.mi + (d.mi ?? 0),
        remark,
        user_id: CLIENT.id,
        user_name: CLIENT.name,
        request_id: rid,
        seq,
        at: iso(at),
      };
      m.p += d.p ?? 0;
      m.b += d.b ?? 0;
      m.pt += d.pt ?? 0;
      m.mi += d.mi ?? 0;
      pendingLedger.push({ m, row });
    };
    const pay = (m: (typeof members)[number], p: P, rid: string, name: string, at: number) =>
      book(
        m,
        'prize',
        2,
        p.kind === 'bonus' ? { b: p.amount } : p.kind === 'points' ? { pt: p.amount } : { mi: p.amount },
        rid,
        `${name}：${p.name}`,
        at,
      );

    for (const m of members) {
      let streak = 0;
      let lastDay = -99;
      for (let d = 29; d >= 0; d--) {
        const day0 = today0 - d * DAY_MS;
        const day = new Date(day0 + 8 * 3600_000).toISOString().slice(0, 10);
        const at = day0 + (10 + Math.floor(rand() * 12)) * 3600_000 + Math.floor(rand() * 3600_000);
        if (at > now) continue;
        if (rand() < 0.45) {
          streak = lastDay === 29 - d - 1 ? streak + 1 : 1;
          lastDay = 29 - d;
          const due = [...SIGN].reverse().find((p) => (p.streak ?? 0) <= streak)!;
          const k = SIGN.indexOf(due);
          const rid = `demo-sign-${m.id}-${day}`;
          pay(m, due, `act:${rid}`, '每日签到', at);
          claims.push({
            activity_id: sign.id,
            netbar_id: nid,
            pool_id: m.pool_id,
            member_id: m.id,
            day,
            prize_id: sign.prizeIds[k],
            prize_kind: due.kind,
            amount: due.amount,
            cost_fen: due.cost,
            paid_kind: 'none',
            paid_amount: 0,
            streak,
            request_id: rid,
            at: iso(at),
          });
        }
        if (rand() < 0.15 && m.pt >= BOX_PRICE) {
          const bat = at + 20 * 60_000;
          if (bat > now) continue;
          const roll = Math.floor(rand() * 10_000);
          const k = roll < 6000 ? 0 : roll < 9000 ? 1 : 2;
          const p = BOX[k]!;
          const rid = `demo-box-${m.id}-${day}`;
          book(m, 'prize_buy', 1, { pt: -BOX_PRICE }, `act:${rid}`, '幸运盲盒：购买', bat);
          pay(m, p, `act:${rid}`, '幸运盲盒', bat);
          claims.push({
            activity_id: box.id,
            netbar_id: nid,
            pool_id: m.pool_id,
            member_id: m.id,
            day,
            prize_id: box.prizeIds[k],
            prize_kind: p.kind,
            amount: p.amount,
            cost_fen: p.cost,
            paid_kind: 'points',
            paid_amount: BOX_PRICE,
            streak: 0,
            request_id: rid,
            at: iso(bat),
            roll,
          });
        }
      }
    }
    const lids = await rows<{ id: string }>(
      tx,
      sql`select nextval(pg_get_serial_sequence('member_ledger', 'id')) as id from generate_series(1, ${pendingLedger.length})`,
    );
    const prizeRow = new Map<string, number>();
    pendingLedger.forEach((x, i) => {
      const id = Number(lids[i]!.id);
      if (x.row.seq === 2) prizeRow.set(String(x.row.request_id), id);
      ledger.push({ id, ref_no: `M${id.toString().padStart(10, '0')}`, ...x.row });
      lastLedger.set(x.m.id, id);
    });
    await insertRecords(
      tx,
      'member_ledger',
      `id bigint, pool_id int, netbar_id int, member_id int, kind text, principal_delta bigint, principal_before bigint, principal_after bigint,
       bonus_delta bigint, bonus_before bigint, bonus_after bigint, points_delta bigint, points_before bigint, points_after bigint,
       minutes_delta int, minutes_before int, minutes_after int, ref_no text, remark text, user_id int, user_name text, request_id text, seq smallint, at timestamptz`,
      ledger,
    );
    const cids = await rows<{ id: string }>(
      tx,
      sql`select nextval(pg_get_serial_sequence('activity_claims', 'id')) as id from generate_series(1, ${claims.length})`,
    );
    const boxCandidates = box.prizeIds.map((id, k) => ({
      prize_id: id,
      odds_bp: BOX[k]!.odds,
      remaining: BOX[k]!.qty,
    }));
    claims.forEach((c, i) => {
      c.id = Number(cids[i]!.id);
      c.member_ledger_id = prizeRow.get(`act:${c.request_id}`);
      if (c.roll !== undefined) {
        draws.push({
          claim_id: c.id,
          activity_id: box.id,
          candidates: boxCandidates,
          total: 10_000,
          roll: c.roll,
          prize_id: c.prize_id,
          at: c.at,
        });
        delete c.roll;
      }
    });
    await insertRecords(
      tx,
      'activity_claims',
      `id bigint, activity_id int, netbar_id int, pool_id int, member_id int, day date, prize_id int, prize_kind text, amount bigint, cost_fen bigint,
       paid_kind text, paid_amount bigint, streak int, member_ledger_id bigint, request_id text, at timestamptz`,
      claims,
    );
    await insertRecords(
      tx,
      'activity_draws',
      'claim_id bigint, activity_id int, candidates jsonb, total int, roll int, prize_id int, at timestamptz',
      draws,
    );
    const finals = members
      .filter((m) => lastLedger.has(m.id))
      .map((m) => ({ id: m.id, p: m.p, b: m.b, pt: m.pt, mi: m.mi, l: lastLedger.get(m.id) }));
    if (finals.length)
      await rows(
        tx,
        sql`update members m set principal_fen = x.p, bonus_fen = x.b, points = x.pt, free_minutes = x.mi, last_ledger_id = x.l
            from jsonb_to_recordset(${JSON.stringify(finals)}::jsonb) as x(id int, p bigint, b bigint, pt bigint, mi int, l bigint) where m.id = x.id`,
      );
    await rows(
      tx,
      sql`update activity_prizes p set issued = (select count(*) from activity_claims c where c.prize_id = p.id) where p.activity_id in (${sign.id}, ${box.id})`,
    );
    await rows(
      tx,
      sql`update activities a set claims = (select count(*) from activity_claims c where c.activity_id = a.id),
            spent_fen = (select coalesce(sum(cost_fen), 0) from activity_claims c where c.activity_id = a.id) where a.id in (${sign.id}, ${box.id})`,
    );
  });
}
