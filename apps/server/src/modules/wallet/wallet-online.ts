import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { move } from './wallet.repo.ts';

/**
 * An online recharge paid through a payment link (decision 167), inside the settling transaction: one
 * `recharge` ledger row and the running balance, idempotent by the payment number (request id
 * `pay-<payment_no>`, unique per agent), so a repeated notification credits once. Answers whether it credited.
 */
export async function creditWalletOnline(
  tx: Conn,
  m: { agentId: number; amountFen: number; paymentNo: string },
): Promise<boolean> {
  const requestId = `pay-${m.paymentNo}`;
  const seen = await rows<{ id: number }>(
    tx,
    sql`select id from wallet_ledger where agent_id = ${m.agentId} and request_id = ${requestId}`,
  );
  if (seen.length) return false;
  await move(tx, {
    agentId: m.agentId,
    kind: 'recharge',
    amountFen: m.amountFen,
    ref: m.paymentNo,
    reason: '在线充值（收款链接）',
    by: null,
    requestId,
  });
  return true;
}

/**
 * 支付分润 of a settled day (decision 171), inside the settlement's transaction: one `profit` ledger row
 * and the running balance, idempotent by the day (request id `profit-<day>`, unique per agent).
 */
export async function creditWalletProfit(
  tx: Conn,
  m: { agentId: number; amountFen: number; day: string },
): Promise<boolean> {
  const requestId = `profit-${m.day}`;
  const seen = await rows<{ id: number }>(
    tx,
    sql`select id from wallet_ledger where agent_id = ${m.agentId} and request_id = ${requestId}`,
  );
  if (seen.length || m.amountFen <= 0) return false;
  await move(tx, {
    agentId: m.agentId,
    kind: 'profit',
    amountFen: m.amountFen,
    ref: `分润${m.day}`,
    reason: `支付分润（${m.day}）`,
    by: null,
    requestId,
  });
  return true;
}
