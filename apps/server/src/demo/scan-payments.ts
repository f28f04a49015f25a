import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.ts';

/**
 * 90 days of scan payments through the sandbox (issue 16 item 8, decision 172): every scan-paid payment
 * the counter demo booked — an order's 扫码 part, a member top-up by scan, a table's settlement by scan
 * (their till_ledger rows, method scan) — gets its settled sandbox payment with the same store, amount
 * and time: ours in payments (with its 'settled' notification), the acquirer's in sandbox_txns; a scan
 * refund of an order becomes the payment's refund on both sides (payment_refunds, sandbox_refunds). The
 * two books agree, so 对账 finds only the one planted difference of demo/reconcile.ts. Set-based (a few
 * statements, decision 137). Then 星际网咖旗舰店 asks for two refunds: one waits for demo_pay, one was
 * rejected. Idempotent.
 */

/** Payment numbers, transaction ids and request ids derived from the till row (unique, stable). */
const NO = (id: string, at: string, prefix: string) =>
  sql.raw(
    `'${prefix}' || to_char(${at} at time zone 'Asia/Shanghai', 'YYYYMMDDHH24MISS') || lpad(upper(to_hex(${id})), 8, '0')`,
  );

export async function scanPaymentDemo(db: Db): Promise<void> {
  const done = await rows(db, sql`select 1 from payments where request_id like 'demo-scan-%' limit 1`);
  if (done.length) return;
  await db.transaction(async (tx) => {
    // ours: one settled payment a scan till row (money in)
    await tx.execute(sql`
      insert into payments (payment_no, netbar_id, purpose, purpose_ref, subject, amount_fen, method, provider,
        status, provider_txn_id, paid_at, expires_at, request_id, created_by, created_at, updated_at)
      select ${NO('t.id', 't.at', 'P')}, t.netbar_id,
        case t.kind when 'sale' then 'order' when 'topup' then 'topup' else 'counter' end,
        case t.kind when 'sale' then coalesce(o.order_no, t.ref_no) when 'topup' then t.request_id else t.ref_no end,
        case t.kind when 'sale' then '商品订单' when 'topup' then '会员充值' else '台桌结账' end,
        t.amount_fen, case when t.id % 5 < 3 then 'wechat' else 'alipay' end, 'sandbox', '已支付',
        'SB' || to_char(t.at at time zone 'Asia/Shanghai', 'YYYYMMDD') || 'SCAN' || lpad(t.id::text, 8, '0'),
        t.at, t.at + interval '15 minutes', 'demo-scan-' || t.id, t.user_id, t.at - interval '20 seconds', t.at
      from till_ledger t left join orders o on o.id = t.order_id
      where t.method = 'scan' and t.amount_fen > 0 and t.kind in ('sale', 'topup', 'desk')`);
    // an order's scan refund: the refund of its payment
    await tx.execute(sql`
      insert into payment_refunds (payment_id, netbar_id, refund_no, amount_fen, status, provider_refund_id, reason,
        request_id, created_by, created_at, done_at)
      select p.id, t.netbar_id, ${NO('t.id', 't.at', 'R')}, -t.amount_fen, '成功',
        'SBR' || to_char(t.at at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad(t.id::text, 8, '0'),
        coalesce(nullif(left(r.reason, 50), ''), '订单退款'), 'demo-scan-rf-' || t.id, t.user_id, t.at, t.at
      from till_ledger t join orders o on o.id = t.order_id
        join payments p on p.purpose = 'order' and p.purpose_ref = o.order_no and p.request_id like 'demo-scan-%'
        left join order_refunds r on r.refund_no = t.ref_no and r.netbar_id = t.netbar_id
      where t.method = 'scan' and t.amount_fen < 0 and t.kind = 'refund'`);
    await tx.execute(sql`
      update payments p set refunded_fen = x.fen,
        status = case when x.fen >= p.amount_fen then '已退款' else '部分退款' end
      from (select payment_id, sum(amount_fen) as fen from payment_refunds where request_id like 'demo-scan-rf-%'
            group by payment_id) x
      where x.payment_id = p.id`);
    // the acquirer's books: the same payments and refunds
    await tx.execute(sql`
      insert into sandbox_txns (txn_id, out_trade_no, netbar_id, amount_fen, subject, state, refunded_fen,
        notify_url, expires_at, paid_at, created_at)
      select provider_txn_id, payment_no, netbar_id, amount_fen, subject, 'SUCCESS', refunded_fen, '', expires_at,
        paid_at, created_at
      from payments where request_id like 'demo-scan-%'`);
    await tx.execute(sql`
      insert into sandbox_refunds (refund_id, out_refund_no, txn_id, amount_fen, created_at)
      select r.provider_refund_id, r.refund_no, p.provider_txn_id, r.amount_fen, r.done_at
      from payment_refunds r join payments p on p.id = r.payment_id where r.request_id like 'demo-scan-rf-%'`);
    // the notification that settled each (what 交易查询's detail shows)
    await tx.execute(sql`
      insert into payment_notifications (provider, payment_no, provider_txn_id, nonce, sent_at, amount_fen, verified,
        outcome, body, ip, received_at)
      select 'sandbox', payment_no, provider_txn_id, md5(payment_no), paid_at, amount_fen, true, 'settled',
        json_build_object('out_trade_no', payment_no, 'txn_id', provider_txn_id, 'amount_fen', amount_fen,
          'trade_state', 'SUCCESS', 'paid_at', paid_at)::text,
        '127.0.0.1', paid_at + interval '1 second'
      from payments where request_id like 'demo-scan-%'`);
    await refundRequests(tx);
  });
}

/** The flagship's two refund requests: the latest order payment waits for demo_pay, an earlier one was rejected. */
async function refundRequests(tx: Parameters<Parameters<Db['transaction']>[0]>[0]) {
  const store = await rows<{ id: number; user_id: number; name: string }>(
    tx,
    sql`select n.id, u.id as user_id, coalesce(nullif(u.true_name, ''), u.user_name) as name
        from netbars n join users u on u.user_name = 'demo_netbar' where n.name = '星际网咖旗舰店'`,
  );
  const s = store[0];
  if (!s) return;
  const pays = await rows<{ id: number; amount_fen: number; at: Date }>(
    tx,
    sql`select id::float8 as id, amount_fen::float8 as amount_fen, paid_at as at from payments
        where netbar_id = ${s.id} and request_id like 'demo-scan-%' and status = '已支付' and purpose = 'order'
          and amount_fen >= 200 and paid_at < now() - interval '1 day'
        order by paid_at desc limit 2`,
  );
  const [pending, rejected] = pays;
  if (pending)
    await tx.execute(
      sql`insert into payment_refund_requests (payment_id, netbar_id, amount_fen, reason, request_id, requested_by,
            requested_by_name, created_at)
          values (${pending.id}, ${s.id}, ${Math.floor(Number(pending.amount_fen) / 200) * 100}, '顾客商品有质量问题',
            'demo-refund-request-1', ${s.user_id}, ${s.name}, now() - interval '2 hours')`,
    );
  if (rejected)
    await tx.execute(
      sql`insert into payment_refund_requests (payment_id, netbar_id, amount_fen, reason, status, reject_reason,
            request_id, requested_by, requested_by_name, decided_at, created_at)
          values (${rejected.id}, ${s.id}, ${Number(rejected.amount_fen)}, '顾客不想要了', '已驳回',
            '商品已拆封使用，不予退款', 'demo-refund-request-2', ${s.user_id}, ${s.name},
            now() - interval '20 hours', now() - interval '1 day')`,
    );
}
