import type { BonusRule } from '@netbar/contract';
import { bonusFor } from '../modules/member/member-move.ts';
import type { DemoCounter, RedeemGoods } from './counter-stock.ts';
import type { DemoMemberLeases, MemberLease } from './member-leases.ts';
import type { DemoOrder } from './order-rows.ts';
import type { DemoFloor, DemoSession } from './session.ts';
import type { DemoShop } from './shop.ts';
import type { TipOf } from './tips.ts';

/**
 * One demo member's 90 days, walked in time order with its own seed (issue 12 item 9): the member
 * comes back every few days (a regular every day or two, a casual one every few days, busy evenings,
 * now and then a 通宵 night), tops up at the counter when the balance would not last a visit (the
 * level's bonus to 奖励, points, upgrades as the top-ups add up), now and then redeems points (goods
 * only as the counter holds them then, demo/counter-stock.ts), and
 * plays on the floor: each session's charge is a 上网消费 row, 奖励 first as the store's default, after
 * the free minutes redeemed for points (decision 109). Every ledger row carries its before and after
 * figures, as applyMemberMove would have left them.
 */

export type Level = [
  name: string,
  threshold: number,
  discount: number,
  memberPrice: boolean,
  points: number,
  rules: BonusRule[],
  overdraft: number,
];

const TOPUPS = [2000, 5000, 5000, 10000, 10000, 10000, 20000, 30000, 50000, 100000];
const MINUTE_MS = 60_000;

export interface WalkRow {
  kind: 'topup' | 'consume' | 'redeem' | 'consume_refund' | 'tip';
  dp: number;
  pb: number;
  db: number;
  bb: number;
  dpt: number;
  ptb: number;
  /** Free minutes in (a redemption) or spent (a session), and before. */
  dm: number;
  mb: number;
  paid: number;
  remark: string;
  at: number;
  session?: DemoSession;
  redeem?: 'bonus' | 'online' | 'goods';
  goods?: RedeemGoods;
  /** A goods order paid from the balance (consume) or its refund (consume_refund); its id is drawn later. */
  order?: DemoOrder;
  /** A tip to a staff member from 本金 (demo/tips.ts adds them to the walk). */
  tip?: TipOf;
  /** A lease's deposit from the balance (consume) or what the return gave back (consume_refund). */
  lease?: MemberLease;
}

export interface Walked {
  created: number;
  last: number;
  p: number;
  b: number;
  pt: number;
  fm: number;
  total: number;
  level: number;
  rows: WalkRow[];
}

export function walkMember(
  rnd: () => number,
  member: number,
  registered: number,
  now: number,
  levels: Level[],
  floor: DemoFloor | undefined,
  counter: DemoCounter | undefined,
  shop?: DemoShop,
  leases?: DemoMemberLeases,
): Walked {
  const habit = rnd();
  const gapDays = habit < 0.35 ? 0.6 + rnd() * 0.8 : habit < 0.8 ? 2 + rnd() * 2 : 6 + rnd() * 8;
  const nights = rnd() < 0.3 ? 0.25 : 0.04;
  const whale = rnd() < 0.04;
  const leaves = rnd() < 0.25 ? registered + rnd() * (now - registered) : now;
  const w: Walked = {
    created: registered,
    last: registered,
    p: 0,
    b: 0,
    pt: 0,
    fm: 0,
    total: 0,
    level: 0,
    rows: [],
  };
  const row = (r: Omit<WalkRow, 'pb' | 'bb' | 'ptb' | 'mb' | 'dm'> & { dm?: number }) => {
    w.rows.push({ ...r, dm: r.dm ?? 0, pb: w.p, bb: w.b, ptb: w.pt, mb: w.fm });
    w.p += r.dp;
    w.b += r.db;
    w.pt += r.dpt;
    w.fm += r.dm ?? 0;
    w.last = r.at;
  };
  // a good is only handed over when the counter holds one then (its stock is reserved by take)
  const takeGoods = (at: number) => {
    const goods = counter?.take(at, w.pt);
    if (goods)
      row({
        kind: 'redeem',
        dp: 0,
        db: 0,
        dpt: -goods.points,
        paid: 0,
        remark: '',
        at,
        redeem: 'goods',
        goods,
      });
  };
  const buy = (o: DemoOrder) => {
    const total = o.pays[0]!.amount;
    const fromB = Math.min(w.b, total);
    row({
      kind: 'consume',
      dp: -(total - fromB),
      db: -fromB,
      dpt: 0,
      paid: 0,
      remark: '',
      at: o.at,
      order: o,
    });
    const r = o.refund;
    if (!r) return;
    const amount = r.lines.reduce(
      (a, x) => a + Math.round((o.lines[x.idx]!.unit * o.lines[x.idx]!.qty * x.qty) / o.lines[x.idx]!.qty),
      0,
    );
    const p = Math.min(total - fromB, amount);
    row({
      kind: 'consume_refund',
      dp: p,
      db: amount - p,
      dpt: 0,
      paid: 0,
      remark: r.reason,
      at: r.at,
      order: o,
    });
  };
  // a lease's deposit from the balance at the rental, and what the return gives back (deposit − fee)
  const rent = (l: MemberLease) => {
    const fromB = Math.min(w.b, l.deposit);
    row({
      kind: 'consume',
      dp: -(l.deposit - fromB),
      db: -fromB,
      dpt: 0,
      paid: 0,
      remark: '',
      at: l.at,
      lease: l,
    });
    return l.deposit - fromB;
  };
  const giveBack = (l: MemberLease, principal: number) => {
    const back = l.deposit - l.fee;
    const p = Math.min(principal, back);
    // remark 租赁押金退还 <lease no> once the lease's id is drawn (demo/member.ts)
    row({ kind: 'consume_refund', dp: p, db: back - p, dpt: 0, paid: 0, remark: '', at: l.close, lease: l });
  };
  let after = registered;
  for (let visit = 0; ; visit++) {
    const night = rnd() < nights;
    const start = floor ? floor.nextStart(rnd, after, visit ? gapDays : 0, night) : after + 600_000;
    if (start > leaves || start > now - 3600_000) break;
    if (!visit) w.created = start - 5 * MINUTE_MS;
    if (w.p + w.b < 1500 && (!visit || rnd() < 0.85)) {
      const amount = TOPUPS[Math.floor(rnd() * TOPUPS.length)]! * (whale ? 5 : 1);
      const lv = levels[w.level]!;
      row({
        kind: 'topup',
        dp: amount,
        db: bonusFor(lv[5], amount),
        dpt: Math.floor(amount / 100) * lv[4],
        paid: amount,
        remark: '',
        at: start - 3 * MINUTE_MS,
      });
      w.total += amount;
      while (w.level + 1 < levels.length && w.total >= levels[w.level + 1]![1]) w.level++;
      if (rnd() < 0.12) {
        const redeem = (['bonus', 'online', 'goods'] as const)[Math.floor(rnd() * 3)]!;
        const cost = redeem === 'bonus' ? 500 : 300;
        if (redeem === 'goods') takeGoods(start - 2 * MINUTE_MS);
        else if (w.pt >= cost)
          row({
            kind: 'redeem',
            dp: 0,
            db: redeem === 'bonus' ? 500 : 0,
            dpt: -cost,
            dm: redeem === 'online' ? 60 : 0,
            paid: 0,
            remark: '',
            at: start - 2 * MINUTE_MS,
            redeem,
          });
      }
    }
    // once the counter stocks goods, now and then a drink or a snack for points on the way in
    if (counter && start - MINUTE_MS >= counter.since && rnd() < 0.03) takeGoods(start - MINUTE_MS);
    if (!floor) break;
    const lv = levels[w.level]!;
    const s = floor.play(rnd, member, start, w.level, lv[2], w.p + w.b, w.fm, night);
    if (!s) {
      after = start + 3600_000;
      continue;
    }
    after = s.end;
    // now and then a headset or a power bank rented for the session from the balance (decision 138)
    const lease = shop && leases?.offer(s.start, s.end, w.p + w.b - s.fen);
    const leaseP = lease ? rent(lease) : 0;
    // now and then a drink or noodles ordered from the seat (or at the counter), paid from the balance
    // left after the session's charge; refunds within the session (issue 13 item 7, decision 137)
    if (shop && s.minutes >= 60 && rnd() < 0.3) {
      const at = s.start + (10 + Math.floor(rnd() * (s.minutes - 55))) * MINUTE_MS;
      const o = shop.memberOrder(rnd, at, member, rnd() < 0.85 ? s.machine : null, lv[3], w.p + w.b - s.fen);
      if (o) buy({ ...o, id: 0 });
    }
    if (lease) giveBack(lease, leaseP);
    const fromB = Math.min(w.b, s.fen);
    row({
      kind: 'consume',
      dp: -(s.fen - fromB),
      db: -fromB,
      dpt: 0,
      dm: -s.free,
      paid: 0,
      remark: '上网消费',
      at: s.end,
      session: s,
    });
  }
  return w;
}
