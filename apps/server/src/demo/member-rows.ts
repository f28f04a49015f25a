import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../db/client.ts';
import type { RedeemGoods } from './counter-stock.ts';
import { memberLeaseRequests } from './member-leases.ts';
import type { WalkRow } from './member-walk.ts';
import { refundRequest } from './order-rows.ts';
import type { DemoShifts } from './shift.ts';
import { CLIENT } from './tips.ts';

/** The member demo's ledger and redemption rows (demo/member.ts), written with multi-row inserts. */

/** 上网消费 rows are the system's, as a checkpoint writes them; top-ups and redemptions the owner's. */
const SYSTEM = { id: 0, name: '系统' };

export async function insertLedger(
  tx: Conn,
  nid: number,
  user: { id: number; name: string },
  ls: (WalkRow & { i: number; rid: string })[],
  ids: number[],
  shifts?: DemoShifts,
) {
  // ids drawn first, in time order, so each row carries its receipt number M<id> like applyMemberMove's
  const seq = await rows<{ id: string }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('member_ledger', 'id')) as id from generate_series(1, ${ls.length})`,
  );
  for (let o = 0; o < ls.length; o += 400) {
    const values = ls.slice(o, o + 400).map((l, j) => {
      const id = Number(seq[o + j]!.id);
      const ref = `M${String(id).padStart(10, '0')}`;
      // money at the counter is taken by the cashier of the shift on duty (decision 137)
      const ord = l.order;
      const shift = ord ? (l.kind === 'consume_refund' ? ord.refund!.shift : ord.shift) : shifts?.at(l.at);
      // a lease's deposit and its return carry the lease's request ids (demo/member-leases.ts)
      const lease = l.lease ? memberLeaseRequests(l.lease) : undefined;
      // a tip from a PC is the client's, as the terminal API writes it (decision 148)
      const by = l.session ? SYSTEM : l.tip?.source === 'terminal' ? CLIENT : (shift?.cashier ?? user);
      const rid = l.session
        ? `S${l.session.id}-1`
        : ord
          ? l.kind === 'consume'
            ? `ord${ord.id}-pay`
            : refundRequest(ord)
          : lease
            ? l.kind === 'consume'
              ? `lease-rent-${lease.rent}`
              : `lease-close-${lease.close}`
            : l.rid;
      return sql`(${id}, ${ref}, ${nid}, ${nid}, ${ids[l.i]}, ${l.kind}, ${l.dp}, ${l.pb}, ${l.pb + l.dp}, ${l.db}, ${l.bb}, ${l.bb + l.db}, ${l.dpt}, ${l.ptb}, ${l.ptb + l.dpt},
                  ${l.dm}, ${l.mb}, ${l.mb + l.dm}, ${l.kind === 'topup' ? 'cash' : ''}, ${l.paid}, ${l.session?.id ?? null}, ${ord?.id ?? null}, ${ord || lease ? shift!.id : null}, ${l.remark}, ${by.id}, ${by.name}, ${rid}, ${new Date(l.at).toISOString()}::timestamptz)`;
    });
    await rows(
      tx,
      sql`insert into member_ledger (id, ref_no, pool_id, netbar_id, member_id, kind, principal_delta, principal_before, principal_after, bonus_delta,
            bonus_before, bonus_after, points_delta, points_before, points_after, minutes_delta, minutes_before, minutes_after, pay_method, paid_fen, session_id, order_id, shift_id, remark, user_id, user_name, request_id, at)
          values ${sql.join(values, sql`, `)}`,
    );
  }
}

export async function insertRedemptions(
  tx: Conn,
  nid: number,
  user: { id: number; name: string },
  rs: {
    i: number;
    rid: string;
    kind: string;
    points: number;
    bonus: number;
    minutes: number;
    goods?: RedeemGoods;
    sale: number | null;
  }[],
  ids: number[],
) {
  if (!rs.length) return;
  const led = await rows<{ id: string; request_id: string; at: string }>(
    tx,
    sql`select id, request_id, at::text as at from member_ledger where netbar_id = ${nid} and kind = 'redeem'`,
  );
  const byRid = new Map(led.map((l) => [l.request_id, l]));
  const values = rs.map((r) => {
    const l = byRid.get(r.rid)!;
    const g = r.goods;
    return sql`(${nid}, ${nid}, ${ids[r.i]}, ${l.id}, ${r.kind}, ${r.points}, ${r.bonus}, ${r.minutes}, ${g?.sku ?? null},
                ${g?.name ?? ''}, ${g?.qty ?? 0}, ${r.sale}, ${user.id}, ${user.name}, ${l.at}::timestamptz)`;
  });
  await rows(
    tx,
    sql`insert into member_redemptions (pool_id, netbar_id, member_id, ledger_id, kind, points, bonus_fen, minutes, sku_id, goods_name, qty, sale_id, user_id, user_name, at)
        values ${sql.join(values, sql`, `)}`,
  );
}
