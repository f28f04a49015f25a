import {
  billableMinutes,
  type Charge,
  chargeSession,
  DAY_MINUTES,
  minutesLeft,
  type OpenSessionQuery,
  type OpenSessionRow,
  type SeatSession,
  type SessionHistoryQuery,
  type SessionRow,
} from '@netbar/contract';
import type { Conn } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { decodeCursor } from '../../lib/paging.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { historyCount, historyPage, listOpen, openOnMachines, sessionById } from './session-list.repo.ts';

/** Reads of sessions: figures that move with the clock (elapsed, minutes left) are worked out here. */

export async function openSessions(db: Conn, s: TenantScope, q: OpenSessionQuery, now = Date.now()) {
  const r = await listOpen(db, s, q);
  const list: OpenSessionRow[] = r.list.map(({ rules, started_ms, available_fen, free_cap, ...row }) => ({
    ...row,
    minutes: billableMinutes(started_ms, now),
    minutes_left: minutesLeft(rules, started_ms, now, row.charged_fen, available_fen, DAY_MINUTES, free_cap),
  }));
  return { list, count: r.count };
}

export async function sessionHistory(db: Conn, s: TenantScope, q: SessionHistoryQuery) {
  const { page, page_size, after, ...f } = q;
  const [p, c] = await Promise.all([
    historyPage(db, s, f, page_size, decodeCursor(after), page),
    historyCount(db, s, f),
  ]);
  return { ...p, count: c.n, total_fen: c.fen, estimated: c.estimated };
}

/** A session with what its time cost, band by band (an open one up to now). */
export async function sessionDetail(
  db: Conn,
  s: TenantScope,
  id: number,
  now = Date.now(),
): Promise<SessionRow & { charge: Charge }> {
  const r = await sessionById(db, s, id);
  if (!r) throw new NotFoundError('上机记录不存在');
  const { rules, started_ms, ended_ms, ...row } = r;
  const end = ended_ms ?? now;
  const charge = chargeSession(rules, started_ms, end);
  // an ended session that ran out of balance was billed up to its end; show that figure
  return { ...row, minutes: ended_ms ? row.minutes : charge.minutes, charge };
}

/** The live map's hover (member, start, elapsed, balance) for the venue domain's seat-session hook. */
export async function seatSessions(db: Conn, s: TenantScope, machineIds: number[], now = Date.now()) {
  const out = new Map<number, SeatSession>();
  if (!machineIds.length) return out;
  for (const r of await openOnMachines(db, s, machineIds))
    out.set(r.machine_id, {
      member_name: r.member_name,
      started_at: r.started_at,
      elapsed_minutes: Math.max(0, Math.floor((now - r.started_ms) / 60_000)),
      balance_fen: r.balance_fen,
      free_minutes: r.free_minutes,
    });
  return out;
}
