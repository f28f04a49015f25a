import { shanghaiDate, type TradeDetail, type TradePage } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { c1 } from '../../test/payment-kit.ts';

let t: TestApp;
let pay: Client;
let shop: Client;
let flagship: number;
let other: number;
beforeAll(async () => {
  t = await createTestApp();
  pay = await t.as(DEMO.pay);
  shop = await t.as(DEMO.netbar);
  const ids = await rows<{ id: number; name: string }>(
    t.app.deps.db,
    sql`select id, name from netbars where name in ('星际网咖旗舰店', '极速网吧')`,
  );
  flagship = ids.find((x) => x.name === '星际网咖旗舰店')!.id;
  other = ids.find((x) => x.name === '极速网吧')!.id;
});
afterAll(() => t.close());

const daysAgo = (n: number) => shanghaiDate(Date.now() - n * 86_400_000);
const search = (c: Client, q: Record<string, unknown>, path = 'trade_list') =>
  c1<TradePage>(c, 'GET', path, q);

describe('交易查询 (type 6)', () => {
  it('searches every store, pages along the keyset without repeats, totals the whole filter', async () => {
    const q = { start: daysAgo(30), end: daysAgo(0), page_size: 50 };
    const first = await search(pay, q);
    expect(first.status).toBe(200);
    expect(first.data.list).toHaveLength(50);
    expect(new Set(first.data.list.map((r) => r.netbar_id)).size).toBeGreaterThan(1);
    const second = await search(pay, { ...q, after: first.data.next });
    const seen = new Set(first.data.list.map((r) => r.payment_no));
    expect(second.data.list.some((r) => seen.has(r.payment_no))).toBe(false);
    // newest first across the page break
    expect(first.data.list.at(-1)!.created_at >= second.data.list[0]!.created_at).toBe(true);
    const db = await rows<{ n: number; fen: string }>(
      t.app.deps.db,
      sql`select count(*)::int as n, sum(amount_fen)::text as fen from payments
          where created_at >= ${`${daysAgo(30)}T00:00:00+08:00`}::timestamptz`,
    );
    expect(first.data.totals.count).toBe(db[0]!.n);
    expect(first.data.totals.amount_fen).toBe(Number(db[0]!.fen));
  });

  it('filters by store, method, state, amount and number; opens one with its notification', async () => {
    const q = { netbar_id: other, method: 'alipay', status: '已支付', min_amount: '5', max_amount: '20' };
    const r = await search(pay, { ...q, page_size: 100 });
    expect(r.data.list.length).toBeGreaterThan(0);
    for (const x of r.data.list) {
      expect([x.netbar_id, x.method, x.status]).toEqual([other, 'alipay', '已支付']);
      expect(x.amount_fen).toBeGreaterThanOrEqual(500);
      expect(x.amount_fen).toBeLessThanOrEqual(2000);
    }
    const one = r.data.list[0]!;
    const byNo = await search(pay, { payment_no: one.payment_no });
    expect(byNo.data.list.map((x) => x.payment_no)).toEqual([one.payment_no]);
    const byTxn = await search(pay, { txn_id: one.provider_txn_id });
    expect(byTxn.data.list.map((x) => x.payment_no)).toEqual([one.payment_no]);
    const d = await c1<TradeDetail>(pay, 'GET', 'trade_detail', { payment_no: one.payment_no });
    expect(d.data.payment.netbar_name).toBe('极速网吧');
    expect(d.data.notifications.map((n) => n.outcome)).toEqual(['settled']);
  });

  it('exports the filter with a 合计 row', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/c1/trade_export?netbar_id=${other}&start=${daysAgo(6)}&end=${daysAgo(0)}`,
      headers: { authorization: `Bearer ${pay.token}` },
    });
    expect(res.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const out: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
    expect(out[0]?.[0]).toBe('支付单号');
    const total = out.at(-1)!;
    expect(String(total[0])).toContain('合计');
    const sum = out.slice(1, -1).reduce((s, r) => s + (Number(r[6]) || 0), 0);
    expect(out.length).toBeGreaterThan(3);
    expect(Number(total[6])).toBeCloseTo(sum, 2);
  });

  it('refuses bad input in Chinese: reversed or over 366 days, bad amounts, cursor, number', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ start: daysAgo(1), end: daysAgo(3) }, '开始日期不能晚于结束日期'],
      [{ start: daysAgo(400), end: daysAgo(0) }, '查询范围不能超过366天'],
      [{ start: '2026-02-30' }, '日期不存在或格式不正确（YYYY-MM-DD）'],
      [{ min_amount: '-1' }, '金额须为最多两位小数的非负数'],
      [{ min_amount: '1.234' }, '金额须为最多两位小数的非负数'],
      [{ min_amount: '9', max_amount: '3' }, '最小金额不能大于最大金额'],
      [{ after: 'x_y' }, '分页参数错误'],
      [{ method: 'cash' }, '支付方式不正确'],
      [{ txn_id: "1' or 1=1" }, '通道交易号为1-64位字母、数字、下划线或连字符'],
    ];
    for (const [q, msg] of cases) {
      const r = await search(pay, q);
      expect([r.status, r.msg], JSON.stringify(q)).toEqual([40000, msg]);
    }
    const d = await c1(pay, 'GET', 'trade_detail', { payment_no: 'P20260101000000ABCDEF01' });
    expect([d.status, d.msg]).toEqual([40004, '支付单不存在']);
  });
});

describe('scoping', () => {
  it('the console is the payment company’s only', async () => {
    for (const who of [DEMO.netbar, DEMO.agent, DEMO.netbarStaff]) {
      const c = await t.as(who);
      const r = await search(c, {});
      expect(r.status, who.user_name).toBe(40003);
      const d = await c1(c, 'GET', 'trade_detail', { payment_no: 'P20260101000000ABCDEF01' });
      expect(d.status, who.user_name).toBe(40003);
    }
  });

  it('a store lists only its own payments; another store’s number finds nothing', async () => {
    const mine = await search(shop, { page_size: 100 }, 'store_trade_list');
    expect(mine.status).toBe(200);
    expect(mine.data.list.length).toBeGreaterThan(0);
    expect(new Set(mine.data.list.map((r) => r.netbar_id))).toEqual(new Set([flagship]));
    const theirs = await search(pay, { netbar_id: other, page_size: 1 });
    const no = theirs.data.list[0]!.payment_no;
    const r = await search(shop, { payment_no: no }, 'store_trade_list');
    expect(r.data.list).toEqual([]);
    expect(r.data.totals.count).toBe(0);
    // filtering by another store's id inside one's own scope finds nothing either
    const x = await search(shop, { netbar_id: other }, 'store_trade_list');
    expect(x.data.list).toEqual([]);
    const ag = await search(await t.as(DEMO.agent), {}, 'store_trade_list');
    expect(ag.status).toBe(40003);
  });
});
