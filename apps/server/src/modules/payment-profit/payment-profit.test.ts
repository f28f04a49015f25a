import { type ProfitPage, type ProfitRecord, shanghaiDate } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf, walletLedgerMismatches, xlsxRows } from '../../test/kit.ts';
import { settleDay } from './index.ts';

let t: TestApp;
let agent: Client;
let agent2: Client;
let pay: Client;
let store1: number;
let store2: number;
const daysAgo = (n: number) => shanghaiDate(Date.now() - n * 86_400_000);
// far before the demo's payments, so that the demo's settled days do not meet these
const D1 = daysAgo(300);
const D2 = daysAgo(299);

let seq = 0;
async function payment(store: number, day: string, fen: number, method = 'wechat', duplicate = false) {
  const n = ++seq;
  const no = `PPROFIT${day.replaceAll('-', '')}${String(n).padStart(6, '0')}`;
  const at = `${day}T12:00:00+08:00`;
  const r = await rows<{ id: number }>(
    t.app.deps.db,
    sql`insert into payments (payment_no, netbar_id, purpose, purpose_ref, amount_fen, method, provider, status,
          provider_txn_id, paid_at, expires_at, request_id, duplicate)
        values (${no}, ${store}, 'counter', ${`pp-${no}`}, ${fen}, ${method}, 'sandbox', '已支付', ${`TX${no}`},
          ${at}::timestamptz, ${at}::timestamptz, ${`pp-${no}`}, ${duplicate}) returning id::int as id`,
  );
  return r[0]!.id;
}
async function refund(paymentId: number, fen: number, day: string) {
  const n = ++seq;
  await t.app.deps.db.execute(
    sql`insert into payment_refunds (payment_id, netbar_id, refund_no, amount_fen, status, request_id, done_at)
        select id, netbar_id, ${`RPROFIT${n}`}, ${fen}, '成功', ${`rr${n}`}, ${`${day}T18:00:00+08:00`}::timestamptz
        from payments where id = ${paymentId}`,
  );
  await t.app.deps.db.execute(
    sql`update payments set refunded_fen = refunded_fen + ${fen} where id = ${paymentId}`,
  );
}
const list = (c: Client, q: Record<string, unknown> = {}) =>
  c.get<ProfitPage>('/api/v1/payment_profit_list', { start: D1, end: D2, page: 1, page_size: 50, ...q });
const rec = (p: ProfitPage, store: number, day: string, method: string) =>
  p.list.find((r) => r.netbar_id === store && r.day === day && r.method === method) as ProfitRecord;

beforeAll(async () => {
  t = await createTestApp();
  const ids = await rows<{ id: number; name: string }>(
    t.app.deps.db,
    sql`select id, name from netbars where name in ('星际网咖旗舰店', '极速网吧')`,
  );
  store1 = ids.find((r) => r.name === '星际网咖旗舰店')!.id;
  store2 = ids.find((r) => r.name === '极速网吧')!.id;
  const big = await payment(store1, D1, 10000);
  const small = await payment(store1, D1, 2345);
  await payment(store1, D1, 5000, 'alipay');
  await payment(store1, D1, 10000, 'wechat', true); // a duplicate: refunded, never volume
  await payment(store2, D1, 7000);
  await refund(small, 345, D1);
  await refund(big, 1000, D2); // after D1 is settled: carried into D2
  await payment(store1, D2, 100000, 'alipay');
  agent = await t.as(DEMO.agent);
  agent2 = await t.as(DEMO.agent2);
  pay = await t.as(DEMO.pay);
}, 300_000); // a fresh database on a loaded machine
afterAll(() => t.close());

describe('支付分润 settlement', () => {
  it('settles a day per netbar and method: volume minus refunds, fee and share at the rates; credits the wallet', async () => {
    const ledgerBefore = await countOf(t, 'wallet_ledger', "kind = 'profit'");
    const r = await settleDay(t.app.deps.db, D1);
    expect(r.settled).toBe(true);
    const p = (await list(agent, { end: D1 })).data;
    const w = rec(p, store1, D1, 'wechat');
    expect(w).toMatchObject({
      pay_count: 2,
      pay_fen: 12345,
      refund_fen: 345,
      net_fen: 12000,
      fee_rate_bp: 38,
    });
    expect(w.fee_fen).toBe(46); // 12000 × 0.38% = 45.6
    expect(w.profit_fen).toBe(14); // 46 × 30% = 13.8
    expect(rec(p, store1, D1, 'alipay')).toMatchObject({ pay_fen: 5000, fee_fen: 19, profit_fen: 6 });
    // the records add up to the payments of the day (duplicates left out), for every agent
    const sums = await rows<{ paid: string; rec: string }>(
      t.app.deps.db,
      sql`select (select sum(amount_fen) from payments where paid_at >= ${`${D1}T00:00:00+08:00`}::timestamptz
                    and paid_at < ${`${D2}T00:00:00+08:00`}::timestamptz and not duplicate)::text as paid,
                 (select sum(pay_fen) from payment_profit_records where day = ${D1}::date)::text as rec`,
    );
    expect(sums[0]!.rec).toBe(sums[0]!.paid);
    expect(p.totals.profit_fen).toBe(20);
    const credit = await rows<{ amount_fen: string; reason: string }>(
      t.app.deps.db,
      sql`select amount_fen::text, reason from wallet_ledger where kind = 'profit' and request_id = ${`profit-${D1}`}
          and agent_id = (select agent_id from netbars where id = ${store1})`,
    );
    expect(credit).toEqual([{ amount_fen: '20', reason: `支付分润（${D1}）` }]);
    expect(await countOf(t, 'wallet_ledger', "kind = 'profit'")).toBe(ledgerBefore + 2); // both agents
  });

  it('a second settlement of the day changes nothing', async () => {
    const before = await Promise.all(
      ['payment_profit_records', 'payment_profit_items', 'wallet_ledger', 'payment_profit_credits'].map((x) =>
        countOf(t, x),
      ),
    );
    const again = await Promise.all([settleDay(t.app.deps.db, D1), settleDay(t.app.deps.db, D1)]);
    expect(again.map((a) => a.settled)).toEqual([false, false]);
    const after = await Promise.all(
      ['payment_profit_records', 'payment_profit_items', 'wallet_ledger', 'payment_profit_credits'].map((x) =>
        countOf(t, x),
      ),
    );
    expect(after).toEqual(before);
  });

  it('a late refund is carried into the next settlement and says so; a negative day is carried, not debited', async () => {
    await settleDay(t.app.deps.db, D2);
    const p = (await list(agent)).data;
    const w = rec(p, store1, D2, 'wechat');
    expect(w).toMatchObject({ pay_count: 0, refund_fen: 1000, carried_refund_count: 1, net_fen: -1000 });
    expect(w.note).toContain('含结转退款1笔 ¥10.00');
    expect(w.note).toContain(D1.slice(5));
    expect(rec(p, store1, D2, 'alipay')).toMatchObject({ fee_fen: 380, profit_fen: 114 });
    const credit = await rows<{ amount_fen: string }>(
      t.app.deps.db,
      sql`select amount_fen::text from wallet_ledger where request_id = ${`profit-${D2}`}`,
    );
    expect(credit).toEqual([{ amount_fen: String(114 + w.profit_fen) }]);
    // drill-down: the refund of D1's payment, in D2's record
    const d = await agent.get<{ list: { kind: string; paid_day: string; amount_fen: number }[] }>(
      '/api/v1/payment_profit_detail',
      { record_id: w.id, page: 1, page_size: 10 },
    );
    expect(d.data.list).toEqual([
      expect.objectContaining({ kind: 'refund', paid_day: D1, amount_fen: 1000 }),
    ]);
    expect(await walletLedgerMismatches(t.app.deps.db)).toEqual([]);
  });

  it('refuses to settle a day that has not ended', async () => {
    await expect(settleDay(t.app.deps.db, shanghaiDate())).rejects.toThrow('结算日期须早于今天');
  });
});

describe('支付分润 screens', () => {
  it('an agent sees only its own records; another agent’s record reads as absent', async () => {
    const mine = (await list(agent)).data;
    expect(mine.list.length).toBeGreaterThan(0);
    expect(mine.list.every((r) => r.netbar_id !== store2)).toBe(true);
    const other = (await list(agent2)).data;
    const foreign = rec(other, store2, D1, 'wechat');
    expect(foreign.pay_fen).toBe(7000);
    const r = await agent.get('/api/v1/payment_profit_detail', {
      record_id: foreign.id,
      page: 1,
      page_size: 10,
    });
    expect([r.status, r.msg]).toEqual([40004, '分润记录不存在']);
    // the payment company sees both agents and filters by one
    const all = (await list(pay)).data;
    expect(all.count).toBe(mine.count + other.count);
    const one = (await list(pay, { agent_id: foreign.agent_id })).data;
    expect(one.count).toBe(other.count);
  });

  it('refuses the wrong user types', async () => {
    for (const who of [DEMO.netbar, DEMO.admin]) {
      const c = await t.as(who);
      expect((await list(c)).status).toBe(40003);
    }
    expect((await agent.get('/api/v1/payment_profit_rates')).status).toBe(40003);
    expect(
      (
        await agent.post('/api/v1/payment_profit_rate_save', {
          method: 'wechat',
          fee_rate_bp: 1,
          share_bp: 1,
        })
      ).status,
    ).toBe(40003);
  });

  it('refuses bad periods and page sizes in Chinese', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ start: D2, end: D1 }, '开始日期不能晚于结束日期'],
      [{ start: daysAgo(700), end: D1 }, '查询范围不能超过366天'],
      [{ end: daysAgo(-1) }, '结束日期不能晚于今天'],
      [{ page_size: 15 }, '每页条数只能是10、20、30或50'],
      [{ start: '2026-02-30' }, '日期不存在或格式不正确（YYYY-MM-DD）'],
      [{ method: 'cash' }, '支付方式不正确'],
    ];
    for (const [q, msg] of cases) {
      const r = await list(agent, q);
      expect([r.status, r.msg], JSON.stringify(q)).toEqual([40000, msg]);
    }
  });

  it('exports the records with a 合计 row equal to the screen', async () => {
    const p = (await list(agent)).data;
    const x = await xlsxRows(agent, `/api/v1/payment_profit_export?start=${D1}&end=${D2}`);
    expect(x.contentType).toContain('spreadsheetml');
    const total = x.rows[x.rows.length - 1]!;
    expect(total[0]).toBe('合计');
    const head = x.rows[0]!;
    expect(total[head.indexOf('分润(元)')]).toBe(p.totals.profit_fen / 100);
    expect(total[head.indexOf('支付金额(元)')]).toBe(p.totals.pay_fen / 100);
    expect(x.rows.length).toBe(p.count + 2);
  });

  it('the administrator sets a method’s rates; bad rates are refused and nothing is written', async () => {
    const admin = await t.as(DEMO.admin);
    const bad = await admin.post('/api/v1/payment_profit_rate_save', {
      method: 'wechat',
      fee_rate_bp: 1001,
      share_bp: 10,
    });
    expect([bad.status, bad.msg]).toEqual([40000, '手续费率须在0%到10%之间，最多两位小数']);
    const bad2 = await admin.post('/api/v1/payment_profit_rate_save', {
      method: 'unionpay',
      fee_rate_bp: 1,
      share_bp: 10,
    });
    expect([bad2.status, bad2.msg]).toEqual([40000, '支付方式不正确']);
    expect(await countOf(t, 'payment_profit_rates', 'updated_at is not null')).toBe(0);
    const r = await admin.post<{ method: string; fee_rate_bp: number; share_bp: number }[]>(
      '/api/v1/payment_profit_rate_save',
      { method: 'wechat', fee_rate_bp: 60, share_bp: 5000 },
    );
    expect(r.status).toBe(200);
    expect(r.data.find((x) => x.method === 'wechat')).toMatchObject({ fee_rate_bp: 60, share_bp: 5000 });
    // a settled record keeps the rates it used
    const p = (await list(agent)).data;
    expect(rec(p, store1, D1, 'wechat').fee_rate_bp).toBe(38);
  });
});
