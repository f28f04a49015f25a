import type { MemberMoveResult } from '@netbar/contract';
import type { Conn, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import { ledgerByRequest } from './member-ledger.repo.ts';
import type { MemberPool } from './member-pool.ts';

/**
 * Runs a request that moves member balances once per request_id (decision 105): a retry finds the rows
 * the first attempt wrote and returns them (replay: true) without applying anything; a concurrent
 * duplicate loses on the unique index and returns the winner's rows. On a caller's open transaction the
 * work runs in a savepoint, so a lost race leaves the caller's transaction usable.
 */
export async function runMemberRequest(
  conn: Conn,
  pool: MemberPool,
  requestId: string,
  work: (tx: Tx) => Promise<Omit<MemberMoveResult, 'replay'>>,
): Promise<MemberMoveResult> {
  const prior = await replayOf(conn, pool, requestId);
  if (prior) return prior;
  try {
    return { replay: false, ...(await conn.transaction((tx) => work(tx))) };
  } catch (e) {
    if (isUniqueViolation(e)) {
      const again = await replayOf(conn, pool, requestId);
      if (again) return again;
    }
    throw e;
  }
}

async function replayOf(
  conn: Conn,
  pool: MemberPool,
  requestId: string,
): Promise<MemberMoveResult | undefined> {
  const r = await ledgerByRequest(conn, pool, requestId);
  if (!r[0]) return undefined;
  return { replay: true, ledger: r[0], ...(r[1] ? { ledger_in: r[1] } : {}) };
}
