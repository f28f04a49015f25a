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
} from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { BadInputError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { memberPool } from '../member/index.ts';
import { machineInStore, seatsChanged, setMachineState } from '../venue/index.ts';
import { planFor } from './rate-plan.repo.ts';
import {
  insertSession,
  lockOpen,
  memberForBilling,
  type OpenSession,
  openHolder,
  openIdOf,
  writeCheckpoint,
} from './session.repo.ts';
import { discounted, firstMinuteFen } from './session-billing.ts';
import { type Actor, bill, settleLocked, tell } from './session-settle.ts';

/**
 * Logon, checkpoint and logoff (decision 116). Every instant is the server's clock (`deps.now`);
 * every charge goes through the member domain's consumeMember with request_id `S<session>-<seq>`, in
 * the same transaction as the session row, so a retried or crashed checkpoint never charges twice.
 */

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
  /** A logon committed (the voice announcer's 会员生日, decision 189); never delays or fails the logon. */
  started?(netbarId: number, e: { sessionId: number; machineId: number; memberId: number }): Promise<void>;
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
    deps.events
      ?.started?.(s.netbarId, { sessionId: started.id, machineId: v.machineId, memberId: v.memberId })
      .catch(() => {});
    return started;
  } catch (e) {
    // two logons raced past the checks: the partial unique indexes decide
    if (isUniqueViolation(e)) throw new ConflictError('该会员或机器已在上机中');
    throw e;
  }
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
