import type { Db } from '../db/client.ts';
import { settlePending } from '../modules/payment-profit/index.ts';

/**
 * 支付分润 demo (decision 171): settles every past day of the demo's scan payments, as the daily job would
 * have, so that demo_agent's 支付分润 and its wallet's 支付分润 income are filled over the demo's days.
 * Idempotent: a settled day is skipped; it runs after the generators that make payments.
 */
export async function paymentProfitDemo(db: Db): Promise<void> {
  await settlePending(db);
}
