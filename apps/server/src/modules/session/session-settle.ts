import { type EndReason, WARN_MINUTES } from '@netbar/contract';
import type { Conn } from '../../db/client.ts';
import { systemStoreScope, type TenantScope } from '../../tenant/index.ts';
import { consumeMember, memberPool } from '../member/index.ts';
import { setMachineState } from '../venue/index.ts';
import {
  type MemberForBilling,
  memberForBilling,
  type OpenSession,
  type Progress,
  writeCheckpoint,
  writeEnd,
} from './session.repo.ts';
import { settle } from './session-billing.ts';

/**
 * Settling an open, locked session (decision 116): what logoff (session.service.ts) and the checkpoint
 * pass (session-checkpoint.service.ts) both do, in the caller's transaction.
 */

export interface Actor {
  id: number;
  name: string;
}
export const SYSTEM: Actor = { id: 0, name: '系统' };

/**
 * Charges what is due now (or up to where the balance ran out) and says how it went: the member's free
 * minutes pay for the session's minutes first (decision 109), money for the rest, both in one ledger row.
 */
export async function bill(
  tx: Conn,
  s: TenantScope,
  actor: Actor,
  sess: OpenSession,
  member: Pick<MemberForBilling, 'available_fen' | 'free_minutes'>,
  now: number,
) {
  const cap = sess.free_minutes + member.free_minutes;
  const st = settle(sess.rules, sess.started_ms, sess.charged_fen, member.available_fen, now, cap);
  const delta = st.total - sess.charged_fen;
  const free = st.free - sess.free_minutes;
  let seq = sess.checkpoint_seq;
  if (delta > 0 || free > 0) {
    seq += 1;
    await consumeMember(tx, s, actor, {
      member_id: sess.member_id,
      amount_fen: Math.max(0, delta),
      free_minutes: free,
      request_id: `S${sess.id}-${seq}`,
      session_id: sess.id,
    });
  }
  const progress: Progress = {
    chargedFen: st.total,
    seq,
    minutes: st.minutes,
    free: st.free,
    atMs: st.endMs,
  };
  return { progress, exhausted: st.kind === 'exhausted', left: st.left };
}

/** The live channel is told after the commit; a channel failure never undoes or fails the billing. */
export async function tell(send: () => Promise<void> | undefined): Promise<void> {
  try {
    await send();
  } catch {
    // the next checkpoint's state is what counts; the PC also polls its feed
  }
}

/** Settles an open, locked session at `now`; `end` set = logoff, else a checkpoint that may end it. */
export async function settleLocked(
  tx: Conn,
  sess: OpenSession,
  now: number,
  end?: { reason: EndReason; actor: Actor },
) {
  const s = systemStoreScope(sess.netbar_id);
  const pool = await memberPool(tx, s);
  const member = await memberForBilling(tx, pool.pool, sess.member_id);
  // a card lost, disabled or returned mid-session cannot pay on: the session ends where it stands
  if (member?.status !== 1) {
    const p = {
      chargedFen: sess.charged_fen,
      seq: sess.checkpoint_seq,
      minutes: sess.billed_minutes,
      free: sess.free_minutes,
      atMs: now,
    };
    await finish(tx, s, sess, p, end?.reason ?? '强制下机', end?.actor ?? SYSTEM);
    return { ended: true as const, reason: end?.reason ?? ('强制下机' as const), progress: p };
  }
  const r = await bill(tx, s, end?.actor ?? SYSTEM, sess, member, now);
  if (end || r.exhausted) {
    const reason = end?.reason ?? '余额不足';
    await finish(tx, s, sess, r.progress, reason, end?.actor ?? SYSTEM);
    return { ended: true as const, reason, progress: r.progress };
  }
  const warn = r.left <= WARN_MINUTES;
  await writeCheckpoint(tx, sess.id, r.progress, warn);
  return { ended: false as const, warn: warn && !sess.warned, left: r.left, progress: r.progress };
}

async function finish(
  tx: Conn,
  s: TenantScope,
  sess: OpenSession,
  p: Progress,
  reason: EndReason,
  by: Actor,
) {
  await writeEnd(tx, sess.id, p, reason, by.name);
  await setMachineState(tx, s, sess.machine_id, '空闲', { from: ['上机中'] });
}
