import { shanghaiDateTime, WALLET_MSG } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { dayRange } from '../../lib/day-bounds.ts';
import { ConflictError } from '../../lib/errors.ts';
import { ownAgent, type TenantScope } from '../../tenant/index.ts';

export type LedgerKind = 'recharge' | 'consume' | 'adjust_in' | 'adjust_out' | 'profit';

export interface Movement {
  agentId: number;
  kind: LedgerKind;
  amountFen: number;
  ref: string;
  reason?: string;
  by: number | null;
  requestId?: string;
}

/**
 * Moves money inside the caller's transaction: one atomic conditional update of the running balance
 * (never below zero; concurrent movements on the same wallet queue on its row lock) and one ledger row.
 */
export async function move(tx: Conn, m: Movement): Promise<number> {
  await tx.execute(sql`insert into wallets (agent_id) values (${m.agentId}) on conflict do nothing`);
  const updated = await rows<{ balance_fen: string }>(
    tx,
    sql`update wallets set balance_fen = balance_fen + ${m.amountFen}, updated_at = now()
    where agent_id = ${m.agentId} and balance_fen + ${m.amountFen} >= 0 returning balance_fen`,
  );
  if (!updated[0]) throw new ConflictError(WALLET_MSG.insufficient);
  const after = Number(updated[0].balance_fen);
  await tx.execute(sql`insert into wallet_ledger (agent_id, kind, amount_fen, balance_after_fen, ref, reason, created_by, request_id)
    values (${m.agentId}, ${m.kind}, ${m.amountFen}, ${after}, ${m.ref}, ${m.reason ?? ''}, ${m.by}, ${m.requestId ?? null})`);
  return after;
}

export async function balanceOf(db: Conn, s: TenantScope) {
  const agentId = ownAgent(s);
  const r = await rows<{ balance_fen: string; pending: string; unpaid: string }>(
    db,
    sql`select
    coalesce((select balance_fen from wallets where agent_id = ${agentId}), 0) as balance_fen,
    coalesce((select sum(amount_fen) from recharge_orders where agent_id = ${agentId} and status = 0), 0) as pending,
    coalesce((select sum(amount_fen) from consumption_orders where agent_id = ${agentId} and status = 0), 0) as unpaid`,
  );
  const x = r[0];
  return {
    balance_fen: Number(x?.balance_fen ?? 0),
    pending_recharge_fen: Number(x?.pending ?? 0),
    unpaid_order_fen: Number(x?.unpaid ?? 0),
  };
}

/** Creation-day filter in Beijing days (lib/day-bounds.ts). */
export const dateWhere = (col: string, from?: string, to?: string): SQL[] => dayRange(sql.raw(col), from, to);

/** Order numbers: prefix + Shanghai date-time + random digits. */
export function orderNo(prefix: string) {
  const d = shanghaiDateTime().replace(/\D/g, '');
  return `${prefix}${d}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
}
