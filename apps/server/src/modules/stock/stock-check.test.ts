import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count, expectStockLedgerMatches, makeGoods, postStockDoc, rid } from '../../test/kit.ts';
import { level } from './stock-test-kit.ts';

let t: TestApp;
let c: Client;
beforeAll(async () => {
  t = await createTestApp();
  c = await t.as(DEMO.netbar);
});
afterAll(async () => {
  await expectStockLedgerMatches(t);
  await t.close();
});

type Line = {
  id: number;
  item_kind: string;
  item_id: number;
  book_qty: number;
  counted_qty: number | null;
  moved_qty: number | null;
  diff_qty: number | null;
};
const sale = (cl: Client, lines: { sku_id: number; qty: number }[], request_id = rid()) =>
  cl.request<{ replay: boolean; moves: { item_kind: string; delta: number }[] }>(
    'POST',
    '/api/v1/stock_sale',
    { request_id, lines },
    { json: true },
  );

describe('the stock call a sale uses', () => {
  it('deducts a plain good from the counter and a recipe good’s materials instead of the good, once per request_id', async () => {
    const cola = (await makeGoods(c, '售卖可乐')).skuIds[0]!;
    await postStockDoc(c, 'goods_in', [{ item_kind: 'goods', item_id: cola, qty: 10 }]);
    await postStockDoc(c, 'goods_bar_in', [{ item_kind: 'goods', item_id: cola, qty: 10 }]);
    const m = await c.post<{ id: number }>('/api/v1/goods_matter_save', {
      name: '售卖珍珠',
      unit: '克',
      cost_fen: 2,
    });
    await postStockDoc(c, 'mater_in', [{ item_kind: 'mater', item_id: m.data.id, qty: 1000 }]);
    await postStockDoc(c, 'mater_bar_in', [{ item_kind: 'mater', item_id: m.data.id, qty: 500 }]);
    const tea = await makeGoods(c, '售卖奶茶', [{ spec: '大杯' }, { spec: '中杯' }], {
      recipe: [{ mater_id: m.data.id, qty: 30 }],
    });
    const request_id = rid();
    const r = await sale(
      c,
      [
        { sku_id: cola, qty: 2 },
        { sku_id: tea.skuIds[0]!, qty: 3 },
      ],
      request_id,
    );
    expect(r.status, r.msg).toBe(200);
    expect(await level(t, 'goods', cola, 'counter')).toBe(8);
    expect(await level(t, 'mater', m.data.id, 'counter')).toBe(410);
    expect(await level(t, 'goods', tea.skuIds[0]!, 'counter')).toBe(0);
    const again = await sale(
      c,
      [
        { sku_id: cola, qty: 2 },
        { sku_id: tea.skuIds[0]!, qty: 3 },
      ],
      request_id,
    );
    expect(again.status).toBe(40007);
    expect(again.data.replay).toBe(true);
    expect(await level(t, 'goods', cola, 'counter')).toBe(8);
    // A cashier with the order grant (264) may sell (decision 044).
    await rows(
      t.database.db,
      sql`insert into grants (user_id, perm_id) select id, 264 from users where user_name = 'demo_netbar_staff' on conflict do nothing`,
    );
    const staff = await t.as(DEMO.netbarStaff);
    expect((await sale(staff, [{ sku_id: cola, qty: 1 }])).status).toBe(200);
    expect(await level(t, 'goods', cola, 'counter')).toBe(7);
  });

  it('refuses a sale beyond stock under the refuse policy, and bad input, writing nothing', async () => {
    const x = (await makeGoods(c, '售卖缺货')).skuIds[0]!;
    const before = await count(t, 'stock_sales');
    const r = await sale(c, [{ sku_id: x, qty: 1 }]);
    expect([r.status, r.msg]).toEqual([40000, '售卖缺货（吧台）库存不足：当前0瓶，需要1瓶']);
    expect(
      (await c.request('POST', '/api/v1/stock_sale', { lines: [{ sku_id: x, qty: 1 }] }, { json: true })).msg,
    ).toBe('缺少请求编号');
    expect((await sale(c, [{ sku_id: x, qty: 0 }])).msg).toBe('数量须为1-100000000之间的整数');
    expect(await count(t, 'stock_sales')).toBe(before);
    expect(
      (
        await (
          await t.as(DEMO.agent)
        ).request(
          'POST',
          '/api/v1/stock_sale',
          { request_id: rid(), lines: [{ sku_id: x, qty: 1 }] },
          { json: true },
        )
      ).status,
    ).toBe(40003);
  });
});

describe('stocktake while trading', () => {
  it('carries a sale made during the count into the result', async () => {
    const g = (await makeGoods(c, '盘点薯片')).skuIds[0]!;
    await postStockDoc(c, 'goods_in', [{ item_kind: 'goods', item_id: g, qty: 30 }]);
    await postStockDoc(c, 'goods_bar_in', [{ item_kind: 'goods', item_id: g, qty: 30 }]);
    const open = await c.post<{ id: number }>('/api/v1/stock_check_open', {
      location: 'counter',
      request_id: rid(),
    });
    expect(open.status).toBe(200);
    const detail = await c.get<{ lines: Line[] }>('/api/v1/stock_doc_detail', { id: open.data.id });
    const line = detail.data.lines.find((l) => l.item_kind === 'goods' && l.item_id === g)!;
    expect(line.book_qty).toBe(30);
    // while the clerk counts, the cashier sells 4
    expect((await sale(c, [{ sku_id: g, qty: 4 }])).status).toBe(200);
    // the count is entered in two parts: 20 on the shelf, 8 in the fridge (2 missing since opening)
    await c.request(
      'POST',
      '/api/v1/stock_check_count',
      { id: open.data.id, mode: 'add', lines: [{ line_id: line.id, counted_qty: 20 }] },
      { json: true },
    );
    await c.request(
      'POST',
      '/api/v1/stock_check_count',
      { id: open.data.id, mode: 'add', lines: [{ line_id: line.id, counted_qty: 8 }] },
      { json: true },
    );
    expect((await c.post('/api/v1/stock_doc_post', { id: open.data.id })).msg).toBe('盘点单须审核后才能过账');
    expect((await c.post('/api/v1/stock_check_approve', { id: open.data.id })).status).toBe(200);
    expect((await c.post('/api/v1/stock_doc_post', { id: open.data.id })).status).toBe(200);
    // 30 at opening, counted 28 → −2; the 4 sold during the count stay sold: 24
    expect(await level(t, 'goods', g, 'counter')).toBe(24);
    const after = await c.get<{ lines: Line[] }>('/api/v1/stock_doc_detail', { id: open.data.id });
    expect(after.data.lines.find((l) => l.id === line.id)).toMatchObject({
      counted_qty: 28,
      diff_qty: -2,
      moved_qty: -4,
    });
    expect((await c.post('/api/v1/stock_doc_post', { id: open.data.id })).status).toBe(40007);
    expect(await level(t, 'goods', g, 'counter')).toBe(24);
  });

  it('posts a count with no differences, counted by barcode', async () => {
    const m = await c.post<{ id: number }>('/api/v1/goods_matter_save', {
      name: '盘点杯子',
      unit: '个',
      barcode: '6970000999991',
      cost_fen: 30,
    });
    await postStockDoc(c, 'mater_in', [{ item_kind: 'mater', item_id: m.data.id, qty: 50 }]);
    const open = await c.post<{ id: number }>('/api/v1/stock_check_open', { location: 'warehouse' });
    const r = await c.request(
      'POST',
      '/api/v1/stock_check_count',
      { id: open.data.id, lines: [{ barcode: '6970000999991', counted_qty: 50 }] },
      { json: true },
    );
    expect(r.status, r.msg).toBe(200);
    const ledger = await count(t, 'stock_ledger');
    await c.post('/api/v1/stock_check_approve', { id: open.data.id });
    expect((await c.post('/api/v1/stock_doc_post', { id: open.data.id })).status).toBe(200);
    expect(await count(t, 'stock_ledger')).toBe(ledger);
    expect(await level(t, 'mater', m.data.id, 'warehouse')).toBe(50);
  });

  it('refuses an unknown barcode, a count without quantities, and a locked sheet', async () => {
    const open = await c.post<{ id: number }>('/api/v1/stock_check_open', { location: 'warehouse' });
    const bad = await c.request(
      'POST',
      '/api/v1/stock_check_count',
      { id: open.data.id, lines: [{ barcode: '0000000000', counted_qty: 1 }] },
      { json: true },
    );
    expect([bad.status, bad.msg]).toEqual([40000, '条码0000000000不在本盘点单中']);
    expect((await c.post('/api/v1/stock_check_approve', { id: open.data.id })).msg).toBe('请先录入盘点数量');
    expect((await c.post('/api/v1/stock_check_open', { location: 'shop' })).msg).toBe('请选择库位');
    const other = await t.as(DEMO.netbar2);
    const r = await other.request(
      'POST',
      '/api/v1/stock_check_count',
      { id: open.data.id, lines: [{ barcode: 'x', counted_qty: 1 }] },
      { json: true },
    );
    expect(r.status).toBe(40004);
  });
});

describe('stock list, ledger and report agree', () => {
  it('report totals equal the ledger, the closing equals the stock list, and the export carries the same totals', async () => {
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const rep = await c.get<{ totals: Record<string, number>; count: number }>('/api/v1/stock_report', {
      start: '2000-01-01',
      end: today,
      page_size: 10,
    });
    expect(rep.status, rep.msg).toBe(200);
    const list = await c.get<{ totals: { qty: number; value_fen: number } }>('/api/v1/stock_list', {
      page_size: 10,
    });
    expect(rep.data.totals.closing_qty).toBe(list.data.totals.qty);
    expect(rep.data.totals.closing_fen).toBe(list.data.totals.value_fen);
    const t2 = rep.data.totals;
    expect(
      t2.opening_qty + t2.in_qty + t2.out_qty + t2.transfer_qty + t2.sale_qty + t2.loss_qty + t2.check_qty,
    ).toBe(t2.closing_qty);
    const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const x = await t.app.inject({
      method: 'GET',
      url: `/api/v1/stock_report_export?start=2000-01-01&end=${today}`,
      headers: { cookie },
    });
    expect(x.statusCode).toBe(200);
    expect(String(x.headers['content-type'])).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(rep.data.count + 2);
    const last = ws.getRow(ws.rowCount);
    // columns: type, name, unit, then qty/value pairs of opening … closing
    expect(last.getCell(1).value).toBe('合计');
    expect(last.getCell(3 + 15).value).toBe(t2.closing_qty);
    expect(last.getCell(3 + 16).value).toBe(t2.closing_fen / 100);
    expect((await c.get('/api/v1/stock_report', { start: today, end: '2000-01-01' })).msg).toBe(
      '结束日期不能早于开始日期',
    );
    expect((await c.get('/api/v1/stock_report', { start: 'x', end: today })).status).toBe(40000);
    expect(
      (await (await t.as(DEMO.netbarStaff)).get('/api/v1/stock_report', { start: today, end: today })).status,
    ).toBe(40003);
  });
});
