import type { ReconcileDiff, ReconcileRun } from '@netbar/contract';
import { shanghaiDate } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { demoReconcileDay } from '../../demo/reconcile.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf } from '../../test/kit.ts';
import { c1 } from '../../test/payment-kit.ts';
import { reconcileDailyPass } from './index.ts';

let t: TestApp;
let pay: Client;
let storeId: number;
beforeAll(async () => {
  t = await createTestApp();
  pay = await t.as(DEMO.pay);
  storeId = (
    await rows<{ id: number }>(t.app.deps.db, sql`select id from netbars where name = '星际网咖旗舰店'`)
  )[0]!.id;
});
afterAll(() => t.close());

const daysAgo = (n: number) => shanghaiDate(Date.now() - n * 86_400_000);
type DiffPage = { list: ReconcileDiff[]; count: number; run: ReconcileRun };
const run = (day: string, provider = 'sandbox') =>
  c1<ReconcileRun>(pay, 'POST', 'reconcile_run', { day, provider });
const diffs = (run_id: number, extra: Record<string, unknown> = {}) =>
  c1<DiffPage>(pay, 'GET', 'reconcile_diff_list', { run_id, page: 1, page_size: 50, ...extra });

let seq = 0;
/** A payment of ours and/or the sandbox's transaction for it on `day` at noon. */
async function book(
  day: string,
  o: {
    ours?: number;
    theirs?: number;
    ourStatus?: '已支付' | '待支付';
    refund?: { ours?: number; theirs?: number };
  },
) {
  const n = ++seq;
  const no = `P${day.replaceAll('-', '')}120000AB${String(n).padStart(6, '0')}`;
  const txn = `SBTEST${day.replaceAll('-', '')}${n}`;
  const at = `${day}T12:00:00+08:00`;
  const db = t.app.deps.db;
  if (o.ours !== undefined) {
    const paid = (o.ourStatus ?? '已支付') === '已支付';
    await db.execute(
      sql`insert into payments (payment_no, netbar_id, purpose, purpose_ref, amount_fen, method, provider, status,
            provider_txn_id, paid_at, expires_at, request_id)
          values (${no}, ${storeId}, 'counter', ${`rc-${no}`}, ${o.ours}, 'wechat', 'sandbox', ${o.ourStatus ?? '已支付'},
            ${paid ? txn : null}, ${paid ? at : null}::timestamptz, ${at}::timestamptz, ${`rc-${no}`})`,
    );
  }
  if (o.theirs !== undefined)
    await db.execute(
      sql`insert into sandbox_txns (txn_id, out_trade_no, netbar_id, amount_fen, state, notify_url, expires_at, paid_at)
          values (${txn}, ${no}, ${storeId}, ${o.theirs}, 'SUCCESS', '', ${at}::timestamptz, ${at}::timestamptz)`,
    );
  if (o.refund) {
    const rno = `R${no.slice(1)}`;
    const rat = `${day}T13:00:00+08:00`;
    if (o.refund.ours !== undefined)
      await db.execute(
        sql`insert into payment_refunds (payment_id, netbar_id, refund_no, amount_fen, status, request_id, created_at,
              done_at)
            select id, netbar_id, ${rno}, ${o.refund.ours}, '成功', ${`rf-${no}`}, ${rat}::timestamptz,
              ${rat}::timestamptz from payments where payment_no = ${no}`,
      );
    if (o.refund.theirs !== undefined)
      await db.execute(
        sql`insert into sandbox_refunds (refund_id, out_refund_no, txn_id, amount_fen, created_at)
            values (${`SR${n}${day}`}, ${rno}, ${txn}, ${o.refund.theirs}, ${rat}::timestamptz)`,
      );
  }
  return { no, txn };
}

describe('对账 (decision 168)', () => {
  it('the demo day shows its one 金额不符 (ours 25.00, the sandbox 20.50)', async () => {
    const r = await run(demoReconcileDay());
    expect([r.status, r.msg]).toEqual([200, '对账完成']);
    expect(r.data).toMatchObject({
      status: '已完成',
      amount_mismatch: 1,
      missing_ours: 0,
      missing_theirs: 0,
    });
    expect(r.data.matched).toBeGreaterThanOrEqual(5);
    const d = await diffs(r.data.id);
    expect(d.data.list.map((x) => [x.kind, x.our_amount_fen, x.their_amount_fen, x.netbar_name])).toEqual([
      ['amount', 2500, 2050, '星际网咖旗舰店'],
    ]);
  });

  it('finds matched, missing on either side, amount and status differences, refunds too; a re-run replaces', async () => {
    // before the demo's 90 days of scan payments (decision 172), so the day holds only what the test books
    const day = daysAgo(120);
    const ok = await book(day, { ours: 1000, theirs: 1000, refund: { ours: 300, theirs: 300 } });
    const onlyOurs = await book(day, { ours: 700 });
    const onlyTheirs = await book(day, { theirs: 900 });
    const amount = await book(day, { ours: 1200, theirs: 1100, refund: { ours: 200, theirs: 250 } });
    const status = await book(day, { ours: 600, theirs: 600, ourStatus: '待支付' });
    const r = await run(day);
    expect(r.data).toMatchObject({
      status: '已完成',
      statement_lines: 6,
      matched: 2,
      missing_ours: 1,
      missing_theirs: 1,
      amount_mismatch: 2,
      status_mismatch: 1,
      their_pay_fen: 1000 + 900 + 1100 + 600,
      their_refund_fen: 550,
      our_pay_fen: 1000 + 700 + 1200,
      our_refund_fen: 500,
    });
    const d = await diffs(r.data.id);
    const seen = d.data.list.map((x) => `${x.kind}:${x.line_kind}:${x.payment_no}`).sort();
    expect(seen).toEqual(
      [
        `missing_theirs:pay:${onlyOurs.no}`,
        `missing_ours:pay:${onlyTheirs.no}`,
        `amount:pay:${amount.no}`,
        `amount:refund:${amount.no}`,
        `status:pay:${status.no}`,
      ].sort(),
    );
    expect(seen.join()).not.toContain(ok.no);
    // filters: kind, and a number
    const onlyAmount = await diffs(r.data.id, { kind: 'amount' });
    expect(onlyAmount.data.count).toBe(2);
    const byNo = await diffs(r.data.id, { keyword: onlyTheirs.txn });
    expect(byNo.data.list.map((x) => x.payment_no)).toEqual([onlyTheirs.no]);

    // the acquirer's books corrected, run again: the same row, its result replaced, nothing doubled
    await t.app.deps.db.execute(sql`update sandbox_txns set amount_fen = 1200 where txn_id = ${amount.txn}`);
    const again = await run(day);
    expect(again.data.id).toBe(r.data.id);
    expect(again.data).toMatchObject({ matched: 3, amount_mismatch: 1, missing_ours: 1, missing_theirs: 1 });
    expect(await countOf(t, 'reconcile_diffs', `run_id = ${r.data.id}`)).toBe(4);
    expect(await countOf(t, 'reconcile_runs', `day = '${day}'`)).toBe(1);
    expect(await countOf(t, 'reconcile_staging')).toBe(0);
  });

  it('two 重新对账 at once: the second waits its turn or is told the day is running; nothing doubled', async () => {
    const day = daysAgo(121);
    await book(day, { ours: 100, theirs: 150 });
    const both = await Promise.all([run(day), run(day)]);
    expect(both.some((b) => b.status === 200)).toBe(true);
    for (const b of both)
      expect([b.status, b.msg]).toEqual(
        b.status === 200 ? [200, '对账完成'] : [40009, '该日期正在对账，请稍后再试'],
      );
    expect(await countOf(t, 'reconcile_runs', `day = '${day}'`)).toBe(1);
    expect(
      await countOf(t, 'reconcile_diffs', `run_id = (select id from reconcile_runs where day = '${day}')`),
    ).toBe(1);
  });

  it('lists runs and exports a run’s differences with a 合计 row', async () => {
    const day = daysAgo(120);
    const list = await c1<{ list: ReconcileRun[]; count: number }>(pay, 'GET', 'reconcile_list', {
      day,
      page: 1,
      page_size: 10,
    });
    expect(list.data.list).toHaveLength(1);
    const id = list.data.list[0]!.id;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/c1/reconcile_diff_export?run_id=${id}`,
      headers: { authorization: `Bearer ${pay.token}` },
    });
    expect(res.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const out: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
    expect(out[0]?.[0]).toBe('差异类型');
    expect(out).toHaveLength(1 + 4 + 1);
    const total = out[out.length - 1]!;
    expect(String(total[0])).toContain('合计');
    const ourSum = out.slice(1, -1).reduce((s, r) => s + (Number(r[6]) || 0), 0);
    expect(Number(total[6])).toBeCloseTo(ourSum, 2);
  });

  it('the daily pass reconciles the recent days without a run, once', async () => {
    const first = await reconcileDailyPass(t.app.deps);
    expect(first.every((r) => r.status === '已完成')).toBe(true);
    const runs = await countOf(t, 'reconcile_runs');
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(await reconcileDailyPass(t.app.deps)).toEqual([]);
    expect(await countOf(t, 'reconcile_runs')).toBe(runs);
  });

  it('refuses other user types (40003) and bad input in Chinese, writing nothing', async () => {
    for (const who of [DEMO.netbar, DEMO.admin, DEMO.agent, DEMO.netbarStaff]) {
      const c = await t.as(who);
      const a = await c1(c, 'GET', 'reconcile_list', { page: 1, page_size: 10 });
      const b = await c1(c, 'POST', 'reconcile_run', { day: daysAgo(30), provider: 'sandbox' });
      expect([a.status, b.status]).toEqual([40003, 40003]);
    }
    const before = await countOf(t, 'reconcile_runs');
    const cases: [Record<string, unknown>, string][] = [
      [{ day: daysAgo(-1), provider: 'sandbox' }, '对账日期不能晚于今天'],
      [{ day: '2024-02-30', provider: 'sandbox' }, '日期不存在或格式不正确（YYYY-MM-DD）'],
      [{ day: 'yesterday', provider: 'sandbox' }, '日期不存在或格式不正确（YYYY-MM-DD）'],
      [{ provider: 'sandbox' }, '请选择对账日期'],
      [{ day: daysAgo(30), provider: 'nope' }, '未知的支付通道'],
      [{ day: daysAgo(30), provider: 'a b' }, '未知的支付通道'],
      [{ day: daysAgo(30) }, '请选择支付通道'],
    ];
    for (const [body, msg] of cases) {
      const r = await c1(pay, 'POST', 'reconcile_run', body);
      expect([r.status, r.msg]).toEqual([40000, msg]);
    }
    const k = await c1(pay, 'GET', 'reconcile_diff_list', { run_id: 1, kind: 'x', page: 1, page_size: 10 });
    expect([k.status, k.msg]).toEqual([40000, '差异类型不正确']);
    const ps = await c1(pay, 'GET', 'reconcile_diff_list', { run_id: 1, page: 1, page_size: 15 });
    expect([ps.status, ps.msg]).toEqual([40000, '每页条数只能是10、20、30或50']);
    const none = await c1(pay, 'GET', 'reconcile_diff_list', { run_id: 99999999, page: 1, page_size: 10 });
    expect([none.status, none.msg]).toEqual([40004, '对账记录不存在']);
    expect(await countOf(t, 'reconcile_runs')).toBe(before);
  });
});
