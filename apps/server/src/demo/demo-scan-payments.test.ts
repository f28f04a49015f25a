import { type ReconcileRun, shanghaiDate } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.ts';
import { createTestApp, DEMO, type TestApp } from '../test/harness.ts';
import { c1 } from '../test/payment-kit.ts';
import { demoReconcileDay } from './reconcile.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo scan payments (decision 172)', () => {
  it('equal the scan-paid orders, top-ups and tables per store and day, over 90 days', async () => {
    const diff = await rows<{ netbar_id: number; day: string; ours: string; counter: string }>(
      t.app.deps.db,
      sql`with counter as (
            select netbar_id, (at at time zone 'Asia/Shanghai')::date as day, sum(amount_fen) as fen
            from (select netbar_id, at, amount_fen from order_payments where method = 'scan'
                  union all select netbar_id, at, paid_fen from member_ledger where kind = 'topup' and pay_method = 'scan'
                  union all select netbar_id, at, amount_fen from till_ledger where kind = 'desk' and method = 'scan') x
            group by 1, 2),
          ours as (
            select netbar_id, (paid_at at time zone 'Asia/Shanghai')::date as day, sum(amount_fen) as fen
            from payments where request_id like 'demo-scan-%' group by 1, 2)
          select coalesce(c.netbar_id, o.netbar_id) as netbar_id, coalesce(c.day, o.day)::text as day,
            coalesce(o.fen, 0)::text as ours, coalesce(c.fen, 0)::text as counter
          from counter c full join ours o on o.netbar_id = c.netbar_id and o.day = c.day
          where coalesce(o.fen, 0) <> coalesce(c.fen, 0)`,
    );
    expect(diff).toEqual([]);
    const span = await rows<{ days: number; n: number }>(
      t.app.deps.db,
      sql`select count(distinct (paid_at at time zone 'Asia/Shanghai')::date)::int as days, count(*)::int as n
          from payments where request_id like 'demo-scan-%'`,
    );
    expect(span[0]!.days).toBeGreaterThanOrEqual(85);
    // each order's scan part is one payment with the order's number, method and time
    const off = await rows<{ n: number }>(
      t.app.deps.db,
      sql`select count(*)::int as n from order_payments op join orders o on o.id = op.order_id
          where op.method = 'scan' and not exists (select 1 from payments p where p.purpose = 'order'
            and p.purpose_ref = o.order_no and p.amount_fen = op.amount_fen and p.paid_at = op.at
            and p.netbar_id = op.netbar_id)`,
    );
    expect(off[0]!.n).toBe(0);
    // a scan refund of an order is its payment's refund
    const refunds = await rows<{ till: string; ours: string }>(
      t.app.deps.db,
      sql`select (select coalesce(-sum(amount_fen), 0) from till_ledger where kind = 'refund' and method = 'scan')::text as till,
            (select coalesce(sum(amount_fen), 0) from payment_refunds where request_id like 'demo-scan-rf-%')::text as ours`,
    );
    expect(Number(refunds[0]!.ours)).toBe(Number(refunds[0]!.till));
  });

  it('对账 still finds exactly the one planted 金额不符 (and nothing on the days around it)', async () => {
    const pay = await t.as(DEMO.pay);
    const demoDay = demoReconcileDay();
    for (let n = 1; n <= 6; n++) {
      const day = shanghaiDate(Date.now() - n * 86_400_000);
      const r = await c1<ReconcileRun>(pay, 'POST', 'reconcile_run', { day, provider: 'sandbox' });
      expect(r.data.status, day).toBe('已完成');
      const d = r.data;
      const found = [d.missing_ours, d.missing_theirs, d.amount_mismatch, d.status_mismatch];
      expect(found, day).toEqual(day === demoDay ? [0, 0, 1, 0] : [0, 0, 0, 0]);
      expect(d.matched, day).toBeGreaterThan(0);
    }
  });
});
