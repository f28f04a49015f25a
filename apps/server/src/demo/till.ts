import { CASH_FACES_FEN } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../db/client.ts';
import { insertRecords, tillRow } from './demo-rows.ts';
import type { DemoShifts } from './shift.ts';

/**
 * The demo's till (decision 137): the member walk's counter top-ups booked in the shift on duty (as
 * topUp's tillMove: kind topup, ref member id, the top-up's request id), a little petty cash, and every
 * shift closed by its handover in time order: expected cash = float + its cash rows, the drawer counted
 * by denomination, mostly exact, now and then 长款/短款 of a few yuan with a reason, the float left for the
 * next shift (which opened with it).
 */

const SHORT = ['找零时多找给顾客', '硬币清点有误', '一张零钱找不到了'];
const OVER = ['顾客多付未找零', '上一班少记一笔零钱', '顾客付款后未等找零'];
const PETTY: [type: 'expense' | 'deposit', reason: string, fen: number][] = [
  ['expense', '买垃圾袋和抹布', 1500],
  ['expense', '买饮用水桶', 2400],
  ['deposit', '补充零钱', 20000],
  ['expense', '快递费', 1200],
];

export async function bookTopUps(tx: Conn, nid: number, shifts: DemoShifts): Promise<void> {
  const ups = await rows<{ member_id: number; request_id: string; paid: number; method: string; at: number }>(
    tx,
    sql`select member_id, request_id, paid_fen::float8 as paid, pay_method as method, (extract(epoch from at) * 1000)::float8 as at
        from member_ledger where netbar_id = ${nid} and kind = 'topup' and paid_fen > 0`,
  );
  const till = ups.flatMap((u) => {
    const shift = shifts.at(u.at);
    return shift
      ? [
          tillRow(
            nid,
            shift,
            'topup',
            u.method || 'cash',
            u.paid,
            null,
            'member',
            String(u.member_id),
            '',
            u.request_id,
            1,
            u.at,
          ),
        ]
      : [];
  });
  await insertRecords(
    tx,
    'till_ledger',
    `netbar_id int, shift_id bigint, kind text, method text, amount_fen bigint, order_id bigint, ref_type text, ref_no text,
     remark text, user_id int, user_name text, request_id text, seq smallint, at timestamptz`,
    till,
  );
}

/** A petty-cash movement in about one shift of ten, an hour after it opened. */
export function pettyRows(nid: number, shifts: DemoShifts, rnd: () => number) {
  return shifts.list.flatMap((s, k) => {
    if (rnd() >= 0.1) return [];
    const [type, reason, fen] = PETTY[Math.floor(rnd() * PETTY.length)]!;
    const into = type === 'deposit';
    return [
      tillRow(
        nid,
        s,
        into ? 'petty_in' : 'petty_out',
        'cash',
        into ? fen : -fen,
        null,
        type,
        '',
        reason,
        `demo-petty-${nid}-${k}`,
        1,
        s.start + 3600_000,
      ),
    ];
  });
}

function countOf(fen: number) {
  const out: { face_fen: number; count: number }[] = [];
  let left = fen;
  for (const face of CASH_FACES_FEN) {
    const n = Math.floor(left / face);
    if (n > 0) out.push({ face_fen: face, count: n });
    left -= n * face;
  }
  return out;
}

/** Closes the store's demo shifts in time order from their till rows. */
export async function closeShifts(
  tx: Conn,
  nid: number,
  shifts: DemoShifts,
  rnd: () => number,
): Promise<void> {
  const cash = await rows<{ shift_id: number; fen: number }>(
    tx,
    sql`select shift_id::int, sum(amount_fen)::float8 as fen from till_ledger where netbar_id = ${nid} and method = 'cash' group by 1`,
  );
  const byShift = new Map(cash.map((c) => [Number(c.shift_id), Number(c.fen)]));
  let float = 50_000;
  const out = shifts.list.map((s) => {
    const expected = float + (byShift.get(s.id) ?? 0);
    const row: Record<string, unknown> = { id: s.id, float_fen: float };
    if (s.end === null) return row;
    const draw = rnd();
    const diff =
      draw < 0.08 ? -(1 + Math.floor(rnd() * 10)) * 100 : draw < 0.14 ? (1 + Math.floor(rnd() * 5)) * 100 : 0;
    const counted = Math.max(0, expected + diff);
    const reasons = counted < expected ? SHORT : OVER;
    const left = Math.min(counted, rnd() < 0.8 ? 50_000 : 30_000);
    float = left;
    return {
      ...row,
      expected_cash_fen: expected,
      counted_cash_fen: counted,
      over_short_fen: counted - expected,
      over_short_reason: counted === expected ? '' : reasons[Math.floor(rnd() * reasons.length)]!,
      count_detail: countOf(counted),
      float_left_fen: left,
    };
  });
  await rows(
    tx,
    sql`update shifts s set float_fen = x.float_fen, expected_cash_fen = x.expected_cash_fen, counted_cash_fen = x.counted_cash_fen,
          over_short_fen = x.over_short_fen, over_short_reason = coalesce(x.over_short_reason, ''),
          count_detail = coalesce(x.count_detail, '[]'::jsonb), float_left_fen = x.float_left_fen
        from jsonb_to_recordset(${JSON.stringify(out)}::jsonb) as x(id bigint, float_fen bigint, expected_cash_fen bigint,
          counted_cash_fen bigint, over_short_fen bigint, over_short_reason text, count_detail jsonb, float_left_fen bigint)
        where s.id = x.id and s.netbar_id = ${nid}`,
  );
}
