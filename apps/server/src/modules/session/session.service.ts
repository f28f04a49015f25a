import {
  DAY_MINUTES,
  type EndReason,
  fenToYuan,
  MEMBER_STATUS_LABELS,
  type MemberStatusValue,
  minutesLeft,
  type SessionEndResult,
  type SessionSource,
  shanghaiDateTime,
  WARN_MINUTES,
} from '@netbar/contract';
import type { Conn, Db } from '../../db/client.ts';
import { BadInputError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import { systemStoreScope, type TenantScope } from '../../tenant/index.ts';
import { consumeMember, memberPool } from '../member/index.ts';
import { machineInStore, seatsChanged, setMachineState } from '../venue/index.ts';
import { planFor } from './rate-plan.repo.ts';
import {
  insertSession,
  lockOpen,
  type MemberForBilling,
  memberForBilling,
  type OpenSession,
  openHolder,
  openIdOf,
  type Progress,
  writeCheckpoint,
  writeEnd,
} from './session.repo.ts';
import { discounted, firstMinuteFen, settle } from './session-billing.ts';

/**
 * Logon, checkpoint and logoff (decision 116). Every instant is the server's clock (`deps.now`);
 * every charge goes through the member domain's consumeMember with request_id `S<session>-<seq>`, in
 * the same transaction as the session row, so a retried or crashed checkpoint never charges twice.
 */

export interface Actor {
  id: number;
  name: string;
}
export const SYSTEM: Actor = { id: 0, name: '系统' };

/** What the live channel hears from sessions (the terminal domain plugs in; absent: nothing is sent). */
export interface SessionEvents {
  warn(
    netbarId: number,
    e: { sessionId: number; machineId: number; memberId: number; minutesLeft: number },
  ): Promise<void>;
  ended(
    netbarId: number,
    e: { sessionId: number; machineId: number; memberId: number; reason: EndReason },
  ): Promise<void>;
}
export interface SessionDeps {
  db: Db;
  now?: () => number;
  events?: SessionEvents | null;
}

const LOGON_STATES = ['空闲', '离线', '预订'];

export interface StartInput {
  memberId: number;
  machineId: number;
  source: SessionSource;
}
export interface Started {
  id: number;
  started_at: string;
  plan_name: string;
  charged_fen: number;
  minutes_left: number;
}

/** A member logs on at a machine of the store: the first minute is charged at once. */
export async function startSession(
  deps: SessionDeps,
  s: TenantScope,
  actor: Actor,
  v: StartInput,
): Promise<Started> {
  const now = (deps.now ?? Date.now)();
  const pool = await memberPool(deps.db, s);
  try {
    const started = await deps.db.transaction(async (tx) => {
      const machine = await machineInStore(tx, s, v.machineId);
      if (!machine) throw new NotFoundError('机器不存在');
      const member = await memberForBilling(tx, pool.pool, v.memberId);
      if (!member) throw new NotFoundError('会员不存在');
      if (member.status !== 1)
        throw new BadInputError(
          `会员卡${MEMBER_STATUS_LABELS[member.status as MemberStatusValue]}，不能上机`,
        );
      const mine = await openHolder(tx, { memberId: v.memberId });
      if (mine) throw new ConflictError(`该会员正在机器${mine.machine_name}上机，请先下机`);
      if (machine.state === '上机中' || (await openHolder(tx, { machineId: v.machineId })))
        throw new ConflictError(`机器${machine.name}正在使用中`);
      if (!LOGON_STATES.includes(machine.state))
        throw new BadInputError(`机器${machine.name}${machine.state}，不能上机`);
      const plan = await planFor(tx, s, machine.area_id, member.level_id);
      if (!plan) throw new BadInputError(`区域「${machine.area_name}」未设置计费方案，请先设置费率`);
      const rules = plan.level_specific ? plan.rules : discounted(plan.rules, member.rate_discount);
      const first = firstMinuteFen(rules, now, member.free_minutes);
      if (member.available_fen < first)
        throw new BadInputError(
          `余额不足：上机至少需要${fenToYuan(first)}元，当前余额${fenToYuan(member.balance_fen)}元`,
        );
      const id = await insertSession(tx, s, {
        memberId: v.memberId,
        machineId: v.machineId,
        areaId: machine.area_id,
        planId: plan.id,
        planName: plan.name,
        rules,
        source: v.source,
        startedMs: now,
        by: actor.name,
      });
      await setMachineState(tx, s, v.machineId, '上机中');
      const sess: OpenSession = {
        id,
        netbar_id: s.netbarId,
        member_id: v.memberId,
        machine_id: v.machineId,
        rules,
        started_ms: now,
        checkpoint_seq: 0,
        charged_fen: 0,
        billed_minutes: 0,
        free_minutes: 0,
        warned: false,
      };
      const r = await bill(tx, s, actor, sess, member, now);
      await writeCheckpoint(tx, id, r.progress, undefined);
      const spent = r.progress.chargedFen;
      return {
        id,
        started_at: shanghaiDateTime(now),
        plan_name: plan.name,
        charged_fen: spent,
        minutes_left: minutesLeft(
          rules,
          now,
          now,
          spent,
          member.available_fen - spent,
          DAY_MINUTES,
          member.free_minutes,
        ),
      };
    });
    // the store's consoles redraw the seat (a session's end reaches them through events.ended)
    seatsChanged(s.netbarId, [v.machineId]);
    return started;
  } catch (e) {
    // two logons raced past the checks: the partial unique indexes decide
    if (isUniqueViolation(e)) throw new ConflictError('该会员或机器已在上机中');
    throw e;
  }
}

/**
 * Charges what is due now (or up to where the balance ran out) and says how it went: the member's free
 * minutes pay for the session's minutes first (decision 109), money for the rest, both in one ledger row.
 */
async function bill(
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

/** Logoff: by the member (下机) or by staff (强制下机); the rest of what is due is charged. */
export async function endSession(
  deps: SessionDeps,
  s: TenantScope,
  actor: Actor,
  id: number,
  reason: Exclude<EndReason, '余额不足'>,
): Promise<SessionEndResult> {
  const now = (deps.now ?? Date.now)();
  const out = await deps.db.transaction(async (tx) => {
    const sess = await lockOpen(tx, s, id);
    if (!sess) return undefined;
    return { sess, r: await settleLocked(tx, sess, now, { reason, actor }) };
  });
  if (!out) throw new NotFoundError('该上机记录不存在或已下机');
  const { sess, r } = out;
  if (r.ended)
    await tell(() =>
      deps.events?.ended(sess.netbar_id, {
        sessionId: id,
        machineId: sess.machine_id,
        memberId: sess.member_id,
        reason: r.reason,
      }),
    );
  return {
    id,
    ended_at: shanghaiDateTime(Math.max(sess.started_ms, r.progress.atMs)),
    end_reason: r.ended ? r.reason : reason,
    minutes: r.progress.minutes,
    charged_fen: r.progress.chargedFen,
  };
}

/** Logoff of whoever is on a machine, or of a member wherever they are (the terminal's calls). */
export async function endOpenSession(
  deps: SessionDeps,
  s: TenantScope,
  actor: Actor,
  by: { machineId?: number; memberId?: number },
  reason: Exclude<EndReason, '余额不足'> = '下机',
): Promise<SessionEndResult> {
  const id = await openIdOf(deps.db, s, by);
  if (!id) throw new NotFoundError(by.machineId ? '该机器没有上机中的会员' : '该会员未上机');
  return endSession(deps, s, actor, id, reason);
}
