import { shanghaiDate } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.ts';

/** The demo reconciliation day: the day before yesterday (Beijing), which the daily job reconciles at start-up. */
export const demoReconcileDay = (now = new Date()) => shanghaiDate(now.getTime() - 2 * 86_400_000);

/** Six scan payments of that day; the sandbox's books have one of them at a different amount. */
const PAYMENTS = [
  // hh:mm, method, ours (fen), the acquirer's (fen), subject
  ['10:12', 'wechat', 1500, 1500, '柜台收款'],
  ['11:40', 'alipay', 3800, 3800, '柜台收款'],
  ['14:05', 'wechat', 2500, 2050, '柜台收款'],
  ['16:31', 'wechat', 1200, 1200, '柜台收款'],
  ['19:47', 'alipay', 5000, 5000, '柜台收款'],
  ['22:18', 'wechat', 880, 880, '柜台收款'],
] as const;

/**
 * Reconciliation demo (decision 168): six paid counter payments of 星际网咖旗舰店 on the demo day, through the
 * sandbox acquirer, whose own books (sandbox_txns) have the 14:05 one at 20.50 元 instead of our 25.00 元 —
 * the one 金额不符 demo_pay finds in 商户管理 › 对账. Idempotent.
 */
export async function reconcileDemo(db: Db): Promise<void> {
  const store = (
    await rows<{ id: number }>(db, sql`select id from netbars where name = '星际网咖旗舰店'`)
  )[0];
  if (!store) return;
  const done = await rows(db, sql`select 1 from payments where request_id = 'demo-reconcile-1' limit 1`);
  if (done.length) return;
  const day = demoReconcileDay();
  const stamp = day.replaceAll('-', '');
  await db.transaction(async (tx) => {
    for (const [i, [hm, method, ours, theirs, subject]] of PAYMENTS.entries()) {
      const n = i + 1;
      const at = `${day}T${hm}:00+08:00`;
      const no = `P${stamp}${hm.replace(':', '')}00DEC0000${n}`;
      const txn = `SB${stamp}DEMO${String(n).padStart(6, '0')}`;
      await tx.execute(
        sql`insert into payments (payment_no, netbar_id, purpose, purpose_ref, subject, amount_fen, method, provider,
              status, provider_txn_id, paid_at, expires_at, request_id, created_at, updated_at)
            values (${no}, ${store.id}, 'counter', ${`demo-reconcile-${n}`}, ${subject}, ${ours}, ${method},
              'sandbox', '已支付', ${txn}, ${at}::timestamptz, ${at}::timestamptz + interval '15 minutes',
              ${`demo-reconcile-${n}`}, ${at}::timestamptz - interval '30 seconds', ${at}::timestamptz)`,
      );
      await tx.execute(
        sql`insert into sandbox_txns (txn_id, out_trade_no, netbar_id, amount_fen, subject, state, notify_url,
              expires_at, paid_at, created_at)
            values (${txn}, ${no}, ${store.id}, ${theirs}, ${subject}, 'SUCCESS', '', ${at}::timestamptz
              + interval '15 minutes', ${at}::timestamptz, ${at}::timestamptz - interval '30 seconds')`,
      );
    }
  });
}
