import { isIdCardNumber, maskCard } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, type Db, rows } from '../db/client.ts';
import { hashPassword } from '../lib/password.ts';
import { cardCipher, memberFieldKey } from '../modules/member/member-crypto.ts';
import { demoCounter, insertRedeemSales } from './counter-stock.ts';
import { drawIds, settleStock } from './demo-rows.ts';
import { DemoMemberLeases, memberLeaseNo } from './member-leases.ts';
import { insertLedger, insertRedemptions } from './member-rows.ts';
import { type Level, type WalkRow, walkMember } from './member-walk.ts';
import { insertOrders } from './order-rows.ts';
import { demoFloor, insertSessions } from './session.ts';
import { loadShelf } from './shelf.ts';
import { loadShifts } from './shift.ts';
import { DemoShop } from './shop.ts';
import { addTips, demoStaff, writeTips } from './tips.ts';

/**
 * Demo members (issue 12): four levels with bonus rules and ~300 members in 星际网咖旗舰店, 40 in 极速网吧,
 * 90 and 60 in 星际网咖二店 and 三店 (their own pools),
 * each with 90 days of visits, top-ups and points redemption drawn from fixed seeds (demo/member-walk.ts).
 * Online spending is only ever the sessions the store's floor seats them in (demo/session.ts): each
 * session's charge is its 上网消费 row. The figures are worked out here and written with a few multi-row
 * inserts (start-up time counts); every balance is the sum of its ledger, as applyMemberMove would have
 * left it. Idempotent per store.
 */

const LEVELS: Level[] = [
  [
    '普通会员',
    0,
    100,
    false,
    1,
    [
      { threshold_fen: 5000, bonus_fen: 500 },
      { threshold_fen: 10000, bonus_fen: 2000 },
    ],
    0,
  ],
  [
    '黄金会员',
    50000,
    95,
    true,
    2,
    [
      { threshold_fen: 10000, bonus_fen: 2500 },
      { threshold_fen: 20000, bonus_fen: 6000 },
    ],
    0,
  ],
  [
    '白金会员',
    200000,
    90,
    true,
    2,
    [
      { threshold_fen: 10000, bonus_fen: 3000 },
      { threshold_fen: 50000, bonus_fen: 18000 },
    ],
    2000,
  ],
  [
    '钻石会员',
    500000,
    85,
    true,
    3,
    [
      { threshold_fen: 10000, bonus_fen: 3500 },
      { threshold_fen: 50000, bonus_fen: 22000 },
    ],
    5000,
  ],
];
const SURNAMES = '王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰涛明超秀霞平刚桂英华玉兰飞鹏辉浩宇轩然博文凯俊豪佳琪欣怡';

/** mulberry32: the same members and history on every start. */
export function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function idCard(rnd: () => number): string {
  for (;;) {
    const birth = new Date(
      Date.UTC(1975 + Math.floor(rnd() * 30), Math.floor(rnd() * 12), 1 + Math.floor(rnd() * 28)),
    );
    const body = `310104${birth.toISOString().slice(0, 10).replaceAll('-', '')}${String(Math.floor(rnd() * 1000)).padStart(3, '0')}`;
    for (const c of '0123456789X') if (isIdCardNumber(body + c)) return body + c;
  }
}

/**
 * One demo member as drawn from the store's seed: who it is and when it registered (its history is
 * walked from a seed of its own, demo/member-walk.ts, so the terminal simulator's cards stay put).
 */
function drawMember(rnd: () => number, i: number, now: number) {
  const day = 86400_000;
  const idKind = rnd() < 0.6;
  const card = idKind ? idCard(rnd) : `VIP${String(100000 + i * 37 + Math.floor(rnd() * 30)).slice(-6)}`;
  const created = now - Math.floor(rnd() * 88 * day) - day;
  const name =
    SURNAMES[Math.floor(rnd() * SURNAMES.length)]! +
    GIVEN[Math.floor(rnd() * GIVEN.length)]! +
    (rnd() < 0.5 ? GIVEN[Math.floor(rnd() * GIVEN.length)]! : '');
  const mobile = `1${[3, 5, 7, 8, 9][Math.floor(rnd() * 5)]}${String(Math.floor(rnd() * 1e9)).padStart(9, '0')}`;
  const status = rnd() < 0.03 ? 2 : rnd() < 0.02 ? 3 : 1;
  return { idKind, card, created, name, mobile, status };
}

/**
 * The card numbers of a store's demo members, as memberDemo draws them (the terminal simulator logs
 * them on: `npm run terminal-sim`); status 1 正常, 2 and 3 are cards a logon refuses. Pure: no database.
 */
export function demoMemberCards(nid: number, count = 300): { card: string; status: number }[] {
  const rnd = prng(nid * 7919 + 12);
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => {
    const { card, status } = drawMember(rnd, i, now);
    return { card, status };
  });
}

/** How many members each demo store's own pool holds (the chain's member pool is not shared). */
const MEMBERS: Record<string, number> = {
  星际网咖旗舰店: 300,
  极速网吧: 40,
  星际网咖二店: 90,
  星际网咖三店: 60,
};

/** The demo members' password (decision 104); `npm run terminal-sim` logs them on with it. */
export const DEMO_MEMBER_PASSWORD = '123456';
let demoHash: Promise<string> | undefined;
const demoPasswordHash = () => (demoHash ??= hashPassword(DEMO_MEMBER_PASSWORD));

export async function memberDemo(db: Db): Promise<void> {
  const stores = await rows<{ id: number; name: string }>(
    db,
    sql`select id, name from netbars where name in (${sql.join(
      Object.keys(MEMBERS).map((n) => sql`${n}`),
      sql`, `,
    )}) order by id`,
  );
  for (const s of stores) await storeDemo(db, Number(s.id), s.name, MEMBERS[s.name]!);
}

async function storeDemo(db: Db, nid: number, store: string, count: number) {
  const done = await rows(db, sql`select 1 from members where pool_id = ${nid} limit 1`);
  if (done.length) return;
  const cipher = cardCipher(
    memberFieldKey({ NODE_ENV: process.env.NODE_ENV, MEMBER_FIELD_KEY: process.env.MEMBER_FIELD_KEY }),
  );
  const rnd = prng(nid * 7919 + 12);
  const owner = await rows<{ id: number; name: string }>(
    db,
    sql`select u.id, u.true_name as name from netbars n join users u on u.id = n.owner_user_id where n.id = ${nid}`,
  );
  const user = owner[0] ?? { id: 0, name: '系统演示' };
  await db.transaction(async (tx) => {
    const levelIds = await insertLevels(tx, nid);
    const now = Date.now();
    const floor = await demoFloor(tx, nid, store, now);
    // one counter for redemptions and goods orders; money at the counter in the demo's shifts (decision 137)
    const shelf = await loadShelf(tx, nid);
    const counter = demoCounter(shelf);
    const shifts = await loadShifts(tx, nid);
    const shop = shifts.list.length ? new DemoShop(shelf, shifts) : undefined;
    // tips to the store's staff, paid out weekly in its shifts (demo/tips.ts, decision 148)
    const tipStaff = shop ? await demoStaff(tx, nid) : [];
    // the flagship's members now and then rent a headset or a power bank from the balance (demo/lease.ts)
    const leases =
      shop && store === '星际网咖旗舰店' ? new DemoMemberLeases(nid * 4093 + 138, shifts) : undefined;
    const members: Record<string, unknown>[] = [];
    const ledger: (WalkRow & { i: number; rid: string })[] = [];
    for (let i = 0; i < count; i++) {
      const { idKind, card, created, name, mobile, status } = drawMember(rnd, i, now);
      const w = walkMember(
        prng(nid * 7919 + 5003 * (i + 1)),
        i,
        created,
        now,
        LEVELS,
        floor,
        counter,
        shop,
        leases,
      );
      if (status === 1) addTips(w, prng(nid * 6151 + 7919 * (i + 1)), tipStaff);
      for (const r of w.rows) {
        const k = ledger.length;
        const rid = r.session ? '' : r.kind === 'redeem' ? `demo-${nid}-r${k}` : `demo-${nid}-${k}`;
        ledger.push({ ...r, i, rid });
      }
      members.push({
        card_kind: idKind ? 1 : 2,
        enc: cipher.encrypt(card),
        hmac: cipher.lookup(card),
        mask: maskCard(card),
        name,
        mobile,
        level: levelIds[w.level]!,
        p: w.p,
        b: w.b,
        pt: w.pt,
        fm: w.fm,
        total: w.total,
        status,
        created: new Date(w.created).toISOString(),
        last: new Date(w.last).toISOString(),
      });
    }
    const ids = await insertMembers(tx, nid, user, members);
    // every demo member's password is 123456 (README; one argon2id hash for all: start-up time counts)
    await rows(
      tx,
      sql`update members set password_hash = ${await demoPasswordHash()} where pool_id = ${nid}`,
    );
    if (floor) await insertSessions(tx, nid, floor, ids);
    // the members' leases: ids drawn before their ledger rows carry them (demo/lease.ts writes the leases)
    const rented = ledger.filter((l) => l.kind === 'consume' && l.lease);
    const leaseIds = await drawIds(tx, 'lease_orders_id_seq', rented.length);
    rented.forEach((l, k) => {
      l.lease!.id = leaseIds[k]!;
    });
    for (const l of ledger)
      if (l.kind === 'consume_refund' && l.lease) l.remark = `租赁押金退还 ${memberLeaseNo(l.lease)}`;
    // goods orders paid from the balance: ids drawn before their ledger rows point at them
    const bought = ledger.filter((l) => l.kind === 'consume' && l.order);
    const orderIds = await drawIds(tx, 'orders_id_seq', bought.length);
    bought.forEach((l, k) => {
      l.order!.id = orderIds[k]!;
      l.order!.member = ids[l.i]!;
    });
    await insertLedger(
      tx,
      nid,
      user,
      ledger.sort((a, b) => a.at - b.at),
      ids,
      shifts,
    );
    if (tipStaff.length) await writeTips(tx, nid, tipStaff, shifts, now, ledger);
    await insertOrders(
      tx,
      nid,
      bought.map((l) => l.order!),
    );
    await rows(
      tx,
      sql`update order_payments p set member_ledger_id = l.id from member_ledger l
          where p.netbar_id = ${nid} and p.method = 'member' and l.netbar_id = ${nid} and l.request_id = 'ord' || p.order_id || '-pay'`,
    );
    // goods redemptions leave the counter through the stock ledger (decision 118)
    const sales = await insertRedeemSales(
      tx,
      nid,
      user,
      ledger.filter((l) => l.goods).map((l) => ({ rid: l.rid, at: l.at, goods: l.goods! })),
    );
    const redemptions = ledger
      .filter((l) => l.redeem)
      .map((l) => ({
        i: l.i,
        rid: l.rid,
        kind: l.redeem!,
        points: -l.dpt,
        bonus: l.db,
        minutes: l.redeem === 'online' ? 60 : 0,
        goods: l.goods,
        sale: sales.get(l.rid) ?? null,
      }));
    await insertRedemptions(tx, nid, user, redemptions, ids);
    // the counter's levels, chain and monthly sums once per store: by the order demo after its own sales
    // (demo/orders.ts), here when the store has no shifts for it
    if (!shifts.list.length) await settleStock(tx, nid);
    await rows(
      tx,
      sql`update members m set last_ledger_id = (select max(id) from member_ledger l where l.member_id = m.id) where m.pool_id = ${nid}`,
    );
  });
}

async function insertLevels(tx: Conn, nid: number): Promise<number[]> {
  const values = LEVELS.map(
    ([name, th, disc, mp, pts, rules, od]) =>
      sql`(${nid}, ${name}, ${th}, ${disc}, ${mp}, ${pts}, ${JSON.stringify(rules)}::jsonb, ${od})`,
  );
  await rows(
    tx,
    sql`insert into member_levels (pool_id, name, threshold_fen, rate_discount, member_price, points_per_yuan, bonus_rules, overdraft_fen)
        values ${sql.join(values, sql`, `)} on conflict (pool_id, name) do nothing`,
  );
  const r = await rows<{ id: number; name: string }>(
    tx,
    sql`select id, name from member_levels where pool_id = ${nid}`,
  );
  return LEVELS.map(([name]) => Number(r.find((x) => x.name === name)!.id));
}

async function insertMembers(
  tx: Conn,
  nid: number,
  user: { id: number; name: string },
  ms: Record<string, unknown>[],
) {
  const values = ms.map(
    (m) =>
      sql`(${nid}, ${nid}, ${m.card_kind}, ${m.enc}, ${m.hmac}, ${m.mask}, ${m.name}, ${m.mobile}, ${m.level}, ${m.p}, ${m.b}, ${m.pt}, ${m.fm}, ${m.total},
           ${m.status}, ${user.id}, ${user.name}, ${m.created}::timestamptz, ${m.created}::timestamptz, ${m.last}::timestamptz)`,
  );
  const r = await rows<{ id: number; card_hmac: string }>(
    tx,
    sql`insert into members (pool_id, netbar_id, card_kind, card_enc, card_hmac, card_mask, name, mobile, level_id, principal_fen, bonus_fen,
          points, free_minutes, topup_total_fen, status, created_by, created_by_name, created_at, updated_at, last_visit_at)
        values ${sql.join(values, sql`, `)} returning id, card_hmac`,
  );
  const byHmac = new Map(r.map((x) => [x.card_hmac, Number(x.id)]));
  return ms.map((m) => byHmac.get(String(m.hmac))!);
}
