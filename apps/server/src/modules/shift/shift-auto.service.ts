import type { Conn, Db } from '../../db/client.ts';
import {
  carryOrders,
  closeShift,
  figuresOf,
  linkNext,
  markDue,
  openOrdersOf,
  openShiftsBefore,
} from './shift.repo.ts';
import { autoStores, lockAutoStore, markAutoDone } from './shift-settings.repo.ts';
import { insertShift } from './till.ts';

/**
 * The automatic handover at the store's fixed times (decision 127). At each slot every shift opened
 * before it is either closed with counted = expected (no count required: the drawer stays, so the next
 * shift of the same cashier opens with the whole expected cash as its float and takes over the open
 * orders) or marked 待点钞 (a count is required: the shift stays open until its cashier counts and hands
 * over). A slot runs once per store (last_auto_at, the store's row locked skip locked).
 */

const CST_MS = 8 * 3600_000;

/** The latest of the store's HH:mm times (Asia/Shanghai) at or before `now`, as an instant. */
export function latestSlot(times: readonly string[], now: Date): Date | null {
  const local = new Date(now.getTime() + CST_MS);
  let best: number | null = null;
  for (const back of [0, 1])
    for (const t of times) {
      const [h, m] = t.split(':').map(Number);
      const at =
        Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - back, h ?? 0, m ?? 0) -
        CST_MS;
      if (at <= now.getTime() && (best === null || at > best)) best = at;
    }
  return best === null ? null : new Date(best);
}

export interface AutoPassResult {
  stores: number;
  closed: number;
  due: number;
}

export async function autoHandoverPass(db: Db, now = new Date()): Promise<AutoPassResult> {
  const res: AutoPassResult = { stores: 0, closed: 0, due: 0 };
  for (const st of await autoStores(db)) {
    const slot = latestSlot(st.auto_times, now);
    if (!slot || (st.last_auto_ms !== null && st.last_auto_ms >= slot.getTime())) continue;
    await db.transaction(async (tx) => {
      const locked = await lockAutoStore(tx, st.netbar_id);
      if (!locked || (locked.last_auto_ms !== null && locked.last_auto_ms >= slot.getTime())) return;
      res.stores++;
      for (const shift of await openShiftsBefore(tx, st.netbar_id, slot)) {
        if (locked.count_required || !(await autoClose(tx, st.netbar_id, shift))) {
          await markDue(tx, shift.id, slot);
          res.due++;
        } else res.closed++;
      }
      await markAutoDone(tx, st.netbar_id, slot);
    });
  }
  return res;
}

/** Closes one shift as counted = expected; false (left for a count) when its expected cash is negative. */
async function autoClose(
  tx: Conn,
  nid: number,
  shift: { id: number; cashier_id: number; cashier_name: string; float_fen: number },
): Promise<boolean> {
  const { expected_cash_fen: expected } = await figuresOf(tx, shift.id, shift.float_fen);
  if (expected < 0) return false;
  const open = await openOrdersOf(tx, nid, shift.id);
  await closeShift(tx, shift.id, {
    closedBy: '系统自动交班',
    how: 'auto',
    expected,
    counted: expected,
    reason: '',
    counts: [],
    floatLeft: expected,
    carried: open,
    approval: '',
    requestId: null,
    remark: '',
  });
  const next = await insertShift(
    tx,
    nid,
    { id: shift.cashier_id, name: shift.cashier_name },
    { float_fen: expected, how: 'handover', prev_shift_id: shift.id },
  );
  await linkNext(tx, shift.id, next.id);
  await carryOrders(tx, nid, open, next.id);
  return true;
}
