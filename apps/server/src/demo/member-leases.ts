import { leaseFee } from '@netbar/contract';
import { bj, tail } from './demo-rows.ts';
import { prng } from './member.ts';
import type { DemoShifts } from './shift.ts';

/**
 * The flagship's lease items, and the leases its members pay from their balance (decision 138): now and
 * then a member rents a headset or a power bank for a session at the counter, the deposit taken from the
 * balance (消费, 奖励 first as the store's default) and, at the return just before the session ends, the
 * deposit less the fee given back (消费退款, 本金 then 奖励 as taken, refundDepositConsume). The member walk
 * books both rows (demo/member-walk.ts); the lease demo (demo/lease.ts) reads them back from the member
 * ledger and writes the leases, their quantity ledger and till rows (method member) around them.
 */

/** [name, deposit, price, unit, units bought, remark] */
export const LEASE_ITEMS: [string, number, number, 'hour' | 'use', number, string][] = [
  ['游戏手柄（Xbox）', 20000, 500, 'hour', 6, '主机区用'],
  ['电竞耳机', 10000, 300, 'hour', 8, ''],
  ['机械键盘', 15000, 1000, 'use', 4, '青轴'],
  ['充电宝', 5000, 200, 'hour', 10, '自带三种接口'],
  ['VR眼镜', 50000, 2000, 'hour', 2, '仅限VR体验区'],
];

/** The items members rent from the balance (many units: the cash rentals still fit around them). */
const MEMBER_ITEMS = [1, 3];
/** At most this many member rentals of an item out at once. */
const MAX_OUT = 2;

export interface MemberLease {
  item: number;
  serial: number;
  /** The lease's id (lease_orders_id_seq), drawn by the member demo before the ledger rows are written. */
  id?: number;
  at: number;
  close: number;
  deposit: number;
  fee: number;
}

/** The lease's request ids, as rentOut / returnLease get them: `lease-rent-<rent>`, `lease-close-<close>`. */
export const memberLeaseRequests = (l: { item: number; id?: number }) => ({
  rent: `demo-ml-${l.item}-${l.id}`,
  close: `demo-ml-close-${l.id}`,
});

/** The lease number rentOut gives (ZL, the day, the id's tail), which the 消费退款 row names. */
export const memberLeaseNo = (l: { at: number; id?: number }) => `ZL${bj(l.at).slice(0, 8)}${tail(l.id!)}`;

export class DemoMemberLeases {
  private readonly rnd: () => number;
  private readonly taken: MemberLease[] = [];

  constructor(
    seed: number,
    private readonly shifts: DemoShifts,
  ) {
    this.rnd = prng(seed);
  }

  /**
   * A rental for the session from `start` to `end` (the balance left after it is `spare`): one unit of
   * an item, out a minute after the member sits down and back a minute before the session ends, when
   * the deposit fits the spare balance, the fee the deposit, and shifts are on at both ends.
   */
  offer(start: number, end: number, spare: number): MemberLease | undefined {
    if (this.rnd() >= 0.015) return undefined;
    const item = MEMBER_ITEMS[Math.floor(this.rnd() * MEMBER_ITEMS.length)]!;
    const [, deposit, price_fen, price_unit] = LEASE_ITEMS[item]!;
    const at = Math.floor((start + 60_000) / 1000) * 1000;
    const close = Math.floor((end - 60_000) / 1000) * 1000;
    if (close <= at || deposit > spare || !this.shifts.at(at) || !this.shifts.at(close)) return undefined;
    const { fee_fen } = leaseFee({ price_fen, price_unit }, 1, at, close);
    if (fee_fen >= deposit) return undefined;
    const out = this.taken.filter((x) => x.item === item && x.at < close && x.close > at);
    if (out.length >= MAX_OUT) return undefined;
    const l = { item, serial: this.taken.length + 1, at, close, deposit, fee: fee_fen };
    this.taken.push(l);
    return l;
  }
}
