import {
  fenToYuan,
  type TerminalTipBody,
  TIP_MSG,
  TIP_PAYOUT_REASON,
  type TipCounterBody,
  type TipPayoutBody,
  type TipPayoutResult,
  type TipResult,
  type TipRow,
} from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { BadInputError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { tipFromPrincipal } from '../member/index.ts';
import { expectedCash, type TillActor, tillMove } from '../shift/index.ts';
import {
  insertTipRow,
  memberAtMachine,
  moveBalance,
  nextTipId,
  owedStaff,
  principalAfterTip,
  staffById,
  tipById,
  tipByRequest,
  tipRefNo,
  unpaidOf,
} from './tip.repo.ts';

/**
 * Tips and payouts (decision 148). A tip: the member's 本金 down (member ledger 'tip') and the staff
 * member's tip ledger up, one transaction; a payout: a 支出 「打赏发放」 in the caller's shift through
 * tillMove and the tip ledger down, one transaction. Each once per request_id: a retry answers the first
 * result (replay), a concurrent duplicate loses on a unique index and answers the winner's.
 */

/** Whoever acts for a PC in the member and tip ledgers. */
export const CLIENT: TillActor = { id: 0, name: '客户端' };

type TipInput = {
  staff_id: number;
  amount_fen: number;
  request_id: string;
  remark?: string;
  /** The counter names the member; a PC names its machine (the member logged on there tips). */
  member_id?: number;
  machine_id?: number;
};

async function once<T>(replay: () => Promise<T | undefined>, work: () => Promise<T>): Promise<T> {
  const prior = await replay();
  if (prior) return prior;
  try {
    return await work();
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    const again = await replay();
    if (again) return again;
    throw new ConflictError(TIP_MSG.requestUsed);
  }
}

async function tip(db: Db, s: TenantScope, actor: TillActor, b: TipInput): Promise<TipResult> {
  const nid = s.netbarId;
  const same = (p: TipRow) =>
    p.kind === 'tip' &&
    p.staff_id === b.staff_id &&
    p.amount_fen === b.amount_fen &&
    (b.member_id === undefined || p.member_id === b.member_id);
  const replay = async (): Promise<TipResult | undefined> => {
    const p = await tipByRequest(db, nid, b.request_id);
    if (!p) return undefined;
    if (!same(p)) throw new ConflictError(TIP_MSG.requestUsed);
    return { tip: p, replay: true, principal_after: await principalAfterTip(db, nid, p.id) };
  };
  return once(replay, async () => {
    const staff = await staffById(db, nid, b.staff_id);
    if (!staff) throw new NotFoundError(TIP_MSG.staffNotFound);
    if (!staff.active) throw new BadInputError(TIP_MSG.staffDisabled);
    const done = await db.transaction(async (tx) => {
      let memberId = b.member_id;
      let machine: { id: number; name: string } | undefined;
      if (b.machine_id !== undefined) {
        const at = await memberAtMachine(tx, nid, b.machine_id);
        if (!at) throw new NotFoundError('机器不存在');
        if (!at.member_id) throw new BadInputError(TIP_MSG.noMember);
        memberId = Number(at.member_id);
        machine = { id: b.machine_id, name: at.machine };
      }
      if (!memberId) throw new BadInputError(TIP_MSG.member);
      const remark = b.remark ?? '';
      const led = await tipFromPrincipal(tx, s, actor, {
        member_id: memberId,
        amount_fen: b.amount_fen,
        request_id: b.request_id,
        remark: `打赏${staff.name}${remark ? `：${remark}` : ''}`,
      });
      const after = (await moveBalance(tx, nid, staff.id, 'tip', b.amount_fen))!;
      const id = await nextTipId(tx);
      await insertTipRow(
        tx,
        nid,
        id,
        {
          kind: 'tip',
          staff,
          amount_fen: b.amount_fen,
          source: machine ? 'terminal' : 'counter',
          member_id: memberId,
          member_ledger_id: led.id,
          machine,
          remark,
          user: actor,
          request_id: b.request_id,
        },
        after,
      );
      return { id, principal: led.principal_after };
    });
    return { tip: await tipById(db, nid, done.id), replay: false, principal_after: done.principal };
  });
}

/** 打赏 at the counter: the cashier (or owner) records a member's tip. */
export const tipAtCounter = (db: Db, s: TenantScope, actor: TillActor, b: TipCounterBody) =>
  tip(db, s, actor, b);

/** 打赏 from a PC (terminal API): the member logged on at the machine tips. */
export const tipFromTerminal = (db: Db, s: TenantScope, b: TerminalTipBody) => tip(db, s, CLIENT, b);

/**
 * 打赏发放: cash from the caller's open shift (opened with no float when none is) to a staff member the
 * store owes tips; never more than the unpaid tips, never more cash than the drawer holds.
 */
export async function payout(
  db: Db,
  s: TenantScope,
  actor: TillActor,
  b: TipPayoutBody,
): Promise<TipPayoutResult> {
  const nid = s.netbarId;
  const replay = async (): Promise<TipPayoutResult | undefined> => {
    const p = await tipByRequest(db, nid, b.request_id);
    if (!p) return undefined;
    if (p.kind !== 'payout' || p.staff_id !== b.staff_id || p.amount_fen !== -b.amount_fen)
      throw new ConflictError(TIP_MSG.requestUsed);
    return { payout: p, replay: true, unpaid_fen: await unpaidOf(db, nid, b.staff_id) };
  };
  return once(replay, async () => {
    const staff = await owedStaff(db, nid, b.staff_id);
    if (!staff) throw new NotFoundError(TIP_MSG.staffNotFound);
    const id = await db.transaction(async (tx) => {
      const after = await moveBalance(tx, nid, staff.id, 'payout', -b.amount_fen);
      if (!after)
        throw new BadInputError(
          `${TIP_MSG.overUnpaid}（未发放${fenToYuan(await unpaidOf(tx, nid, staff.id))}元）`,
        );
      const id = await nextTipId(tx);
      const till = await tillMove(tx, nid, actor, {
        kind: 'petty_out',
        method: 'cash',
        amount_fen: -b.amount_fen,
        ref_type: 'expense',
        ref_no: tipRefNo(id),
        remark: TIP_PAYOUT_REASON,
        request_id: b.request_id,
      });
      if ((await expectedCash(tx, till.shift_id)) < 0) throw new BadInputError(TIP_MSG.drawerShort);
      await insertTipRow(
        tx,
        nid,
        id,
        {
          kind: 'payout',
          staff,
          amount_fen: -b.amount_fen,
          shift_id: till.shift_id,
          till_ledger_id: till.id,
          remark: b.remark ?? '',
          user: actor,
          request_id: b.request_id,
        },
        after,
      );
      return id;
    });
    return {
      payout: await tipById(db, nid, id),
      replay: false,
      unpaid_fen: await unpaidOf(db, nid, staff.id),
    };
  });
}
