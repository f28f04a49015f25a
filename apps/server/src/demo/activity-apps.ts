import { sql } from 'drizzle-orm';
import { type Conn, type Db, rows } from '../db/client.ts';
import { claim } from '../modules/activity/activity-claim.ts';
import { generateCodes } from '../modules/activity/activity-codes.service.ts';
import { applyTopUpPromotion } from '../modules/activity/activity-promotion.ts';
import { drawOne } from '../modules/activity/live-draw.ts';
import { memberPool } from '../modules/member/index.ts';
import { systemStoreScope } from '../tenant/index.ts';
import { ClaimStamps } from './activity-stamps.ts';

/**
 * 星际网咖's other marketing apps (decision 180), after the sign-in and box of demo/activity.ts: 礼包兑换,
 * 线上红包, 收银抽奖, 营销活动 (充100送20) and 直播抽奖 enabled, each with one activity started 30 days ago,
 * and their claims made **through the engine** (claim, applyTopUpPromotion, drawOne: the member ledger rows,
 * the claims, draws and budgets as a real claim writes them, so spent = Σ claims = ledger rows), each with
 * `now` set to its moment in the past 30 days (the claim's day and the checks follow it; its rows are then
 * moved to that moment, demo/activity-stamps.ts). Gift codes: a batch of 60, 15 redeemed. Envelopes: on each of the last 8
 * days, 2 members the demo had online at 20:03. Cashier draws: the flagship's last 15 paid member orders
 * of ¥30 or more. Promotions: the demo's last 20 counter top-ups of ¥100 or more get their tier, as the
 * top-up hook would have paid it. Live draw: one drawn 2 days ago among that day's 签到 members, one
 * published for 5 days ahead.
 * Fixed choices, no randomness but the engine's own CSPRNG; idempotent (skipped when a gift_code exists).
 */
const DAY_MS = 86_400_000;
const CLIENT = { id: 0, name: '客户端' };
const COUNTER = { id: 0, name: '收银台' };
const AUDIENCE = '{"levels":[],"visitor":"all","list_mode":"none","members":[],"machines":[]}';

interface Prize {
  name: string;
  kind: 'bonus' | 'points' | 'minutes';
  amount: number;
  cost: number;
  qty: number;
  odds?: number;
  max?: number;
  min_topup?: number;
}
interface Def {
  kind: string;
  name: string;
  starts: Date;
  ends: Date;
  budget: number;
  perDay?: number;
  threshold?: number;
  windows?: string;
  prizes: Prize[];
  settings?: { promo_mode: string; draw_from: string };
}

async function insertActivity(tx: Conn, nid: number, d: Def) {
  const a = await rows<{ id: number }>(
    tx,
    sql`insert into activities (netbar_id, kind, name, status, starts_at, ends_at, windows, audience, per_day_limit, budget_fen, threshold_fen, created_at)
        values (${nid}, ${d.kind}, ${d.name}, 'published', ${d.starts.toISOString()}::timestamptz, ${d.ends.toISOString()}::timestamptz,
          ${d.windows ?? '[]'}::jsonb, ${AUDIENCE}::jsonb, ${d.perDay ?? 0}, ${d.budget}, ${d.threshold ?? 0},
          ${d.starts.toISOString()}::timestamptz) returning id`,
  );
  const id = Number(a[0]!.id);
  let seq = 0;
  for (const p of d.prizes) {
    const r = await rows<{ id: number }>(
      tx,
      sql`insert into activity_prizes (activity_id, seq, name, kind, amount, cost_fen, quantity, odds_bp, amount_max)
          values (${id}, ${++seq}, ${p.name}, ${p.kind}, ${p.amount}, ${p.cost}, ${p.qty}, ${p.odds ?? null}, ${p.max ?? null}) returning id`,
    );
    if (p.min_topup)
      await rows(
        tx,
        sql`insert into activity_prize_tiers (prize_id, min_topup_fen) values (${Number(r[0]!.id)}, ${p.min_topup})`,
      );
  }
  if (d.settings)
    await rows(
      tx,
      sql`insert into activity_settings (activity_id, promo_mode, draw_from) values (${id}, ${d.settings.promo_mode}, ${d.settings.draw_from})`,
    );
  return id;
}

/** Beijing midnight of the day `back` days ago, plus `h` hours and `m` minutes. */
const at = (today0: number, back: number, h: number, m = 0) =>
  new Date(today0 - back * DAY_MS + h * 3600_000 + m * 60_000);

export async function activityAppsDemo(db: Db): Promise<void> {
  const store = await rows<{ id: number }>(db, sql`select id from netbars where name = '星际网咖旗舰店'`);
  const nid = store[0]?.id;
  if (!nid) return;
  if (
    (await rows(db, sql`select 1 from activities where netbar_id = ${nid} and kind = 'gift_code' limit 1`))
      .length
  )
    return;
  const now = Date.now();
  const today0 = Math.floor((now + 8 * 3600_000) / DAY_MS) * DAY_MS - 8 * 3600_000;
  const start = new Date(today0 - 30 * DAY_MS);
  const end = new Date(today0 + 60 * DAY_MS);
  const ids = await db.transaction(async (tx) => {
    for (const app of [
      'jiftbag_xchange',
      'online_red_envelope',
      'cashier_luck_draw',
      'marketing_activity_list',
      'live_draw',
    ])
      await rows(
        tx,
        sql`insert into store_apps (netbar_id, app, enabled) values (${nid}, ${app}, true)
            on conflict (netbar_id, app) do update set enabled = true`,
      );
    return {
      gift: await insertActivity(tx, nid, {
        kind: 'gift_code',
        name: '新人礼包',
        starts: start,
        ends: end,
        budget: 50_000,
        prizes: [{ name: '新人礼包五元', kind: 'bonus', amount: 500, cost: 500, qty: 100 }],
      }),
      envelope: await insertActivity(tx, nid, {
        kind: 'red_envelope',
        name: '晚八点红包雨',
        starts: start,
        ends: end,
        budget: 30_000,
        perDay: 1,
        windows: '[{"from":"20:00","to":"20:10"}]',
        prizes: [{ name: '红包', kind: 'bonus', amount: 10, max: 300, cost: 10, qty: 600 }],
      }),
      cashier: await insertActivity(tx, nid, {
        kind: 'cashier_draw',
        name: '满30元抽奖',
        starts: start,
        ends: end,
        budget: 150_000,
        threshold: 3000,
        prizes: [
          { name: '五十积分', kind: 'points', amount: 50, cost: 5, qty: 1000, odds: 7000 },
          { name: '一元奖励', kind: 'bonus', amount: 100, cost: 100, qty: 500, odds: 2500 },
          { name: '一小时上网', kind: 'minutes', amount: 60, cost: 300, qty: 100, odds: 500 },
        ],
      }),
      promo: await insertActivity(tx, nid, {
        kind: 'topup_promo',
        name: '充值满送',
        starts: start,
        ends: end,
        budget: 1_000_000,
        settings: { promo_mode: 'tier', draw_from: '' },
        prizes: [
          { name: '充100送20', kind: 'bonus', amount: 2000, cost: 2000, qty: 300, min_topup: 10_000 },
          { name: '充200送50', kind: 'bonus', amount: 5000, cost: 5000, qty: 60, min_topup: 20_000 },
        ],
      }),
      drawn: await insertActivity(tx, nid, {
        kind: 'live_draw',
        name: '周末直播抽奖',
        starts: at(today0, 2, 21),
        ends: at(today0, 1, 21),
        budget: 20_000,
        settings: { promo_mode: '', draw_from: 'signed' },
        prizes: [
          { name: '一等奖', kind: 'bonus', amount: 5000, cost: 5000, qty: 1 },
          { name: '二等奖', kind: 'bonus', amount: 1000, cost: 1000, qty: 3 },
          { name: '参与奖', kind: 'points', amount: 100, cost: 10, qty: 6 },
        ],
      }),
      next: await insertActivity(tx, nid, {
        kind: 'live_draw',
        name: '下周直播抽奖',
        starts: at(today0, -5, 21),
        ends: at(today0, -6, 21),
        budget: 20_000,
        settings: { promo_mode: '', draw_from: 'online' },
        prizes: [
          { name: '一等奖', kind: 'bonus', amount: 5000, cost: 5000, qty: 1 },
          { name: '二等奖', kind: 'bonus', amount: 1000, cost: 1000, qty: 5 },
        ],
      }),
    };
  });
  const s = systemStoreScope(nid);
  const stamps = new ClaimStamps();
  const members = await rows<{ id: number }>(
    db,
    sql`select id from members where netbar_id = ${nid} and status = 1 order by id limit 40`,
  );

  // 礼包兑换: a batch of 60 codes, 15 redeemed by 15 members over the month
  await generateCodes(db, s, 0, { activity_id: ids.gift, mode: 'batch', count: 60, prefix: 'XJ' });
  const codes = await rows<{ id: number }>(
    db,
    sql`select id from activity_codes where activity_id = ${ids.gift} order by id limit 15`,
  );
  for (const [i, c] of codes.entries()) {
    const m = members[i % members.length];
    if (!m) break;
    const when = at(today0, 29 - 2 * i, 15, i);
    const request_id = `demo-gift-${c.id}`;
    await claim(
      db,
      s,
      COUNTER,
      { activity_id: ids.gift, code_id: Number(c.id), member_id: m.id, request_id },
      when,
    );
    stamps.claim(sql`request_id = ${request_id}`, when);
  }

  // 线上红包 at 20:00-20:10 on the last 8 days: the members the demo had online then grab it from their
  // machine. The engine pays only a machine with an open session, so each of those sessions is open
  // again for its claims (a copy, removed afterwards: the demo's session history stays as it was).
  for (let d = 8; d >= 1; d--) {
    const t = at(today0, d, 20, 3);
    const seats = await rows<{ id: number; machine_id: number }>(
      db,
      sql`select distinct on (o.member_id) o.id, o.machine_id from online_sessions o
          join members m on m.id = o.member_id and m.status = 1
          where o.netbar_id = ${nid} and o.started_at < ${t.toISOString()}::timestamptz and o.ended_at > ${t.toISOString()}::timestamptz
          order by o.member_id, o.id limit 2`,
    );
    const temp = await rows<{ id: number }>(
      db,
      sql`insert into online_sessions (netbar_id, member_id, machine_id, area_id, plan_id, plan_name, rules, source, started_at)
          select netbar_id, member_id, machine_id, area_id, plan_id, plan_name, rules, source, started_at
          from online_sessions where id in (${sql.join(
            seats.map((x) => sql`${x.id}`),
            sql`, `,
          )}, 0) returning id`,
    );
    for (const [k, o] of seats.entries()) {
      const request_id = `demo-env-${d}-${o.machine_id}`;
      await claim(
        db,
        s,
        CLIENT,
        { activity_id: ids.envelope, machine_id: o.machine_id, request_id },
        at(today0, d, 20, 1 + k),
      );
      stamps.claim(sql`request_id = ${request_id}`, at(today0, d, 20, 1 + k));
    }
    if (temp.length)
      await rows(
        db,
        sql`delete from online_sessions where id in (${sql.join(
          temp.map((x) => sql`${x.id}`),
          sql`, `,
        )})`,
      );
  }

  // 收银抽奖: the paid member orders of ¥30 or more, drawn at payment (request id = the order no)
  const orders = await rows<{ order_no: string; member_id: number; paid: number }>(
    db,
    sql`select order_no, member_id, (extract(epoch from paid_at) * 1000)::float8 as paid from orders
        where netbar_id = ${nid} and status in ('paid', 'preparing', 'delivered', 'done')
          and member_id in (select id from members where netbar_id = ${nid} and status = 1)
          and paid_fen - refunded_fen >= 3000 and paid_at > ${start.toISOString()}::timestamptz and paid_at < now()
        order by paid_at desc limit 15`,
  );
  for (const o of orders) {
    await claim(
      db,
      s,
      COUNTER,
      { activity_id: ids.cashier, member_id: o.member_id, request_id: o.order_no },
      new Date(o.paid + 30_000),
    );
    stamps.claim(sql`request_id = ${o.order_no}`, new Date(o.paid + 30_000));
  }

  // 营销活动: the month's counter top-ups of ¥100 or more get their tier, as the top-up hook pays it
  const pool = await memberPool(db, s);
  const topUps = await rows<{
    id: number;
    member_id: number;
    amount: number;
    request_id: string;
    at: number;
  }>(
    db,
    sql`select id, member_id, principal_delta::float8 as amount, request_id, (extract(epoch from at) * 1000)::float8 as at
        from member_ledger where netbar_id = ${nid} and kind = 'topup' and principal_delta >= 10000
          and member_id in (select id from members where netbar_id = ${nid} and status = 1)
          and at > ${start.toISOString()}::timestamptz and at < now()
        order by at desc limit 20`,
  );
  for (const t of topUps) {
    await db.transaction((tx) =>
      applyTopUpPromotion(
        tx,
        {
          pool,
          user: COUNTER,
          requestId: t.request_id,
          memberId: t.member_id,
          amount: t.amount,
          ledgerId: t.id,
        },
        new Date(t.at),
      ),
    );
    stamps.claim(sql`request_id = ${`tu:${t.request_id}`}`, new Date(t.at));
  }

  // 直播抽奖: drawn two days ago at 21:00 among that day's 签到 members
  await drawOne(db, nid, ids.drawn, at(today0, 2, 21, 0));
  stamps.claim(sql`activity_id = ${ids.drawn}`, at(today0, 2, 21, 0));
  await stamps.apply(db, nid);
}
