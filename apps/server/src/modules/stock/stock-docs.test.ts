import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count, expectStockLedgerMatches, makeGoods, postStockDoc, rid } from '../../test/kit.ts';
import { level } from './stock-test-kit.ts';

let t: TestApp;
let c: Client;
let sku: number;
beforeAll(async () => {
  t = await createTestApp();
  c = await t.as(DEMO.netbar);
  sku = (await makeGoods(c, '测试可乐', [{ spec: '', cost_fen: 200 }])).skuIds[0]!;
});
afterAll(async () => {
  await expectStockLedgerMatches(t);
  await t.close();
});

describe('stock documents', () => {
  it('receives, replenishes, returns and records a loss, each with a numbered, posted document and ledger rows', async () => {
    const rec = await postStockDoc(c, 'goods_in', [
      { item_kind: 'goods', item_id: sku, qty: 50, cost_fen: 200 },
    ]);
    expect(rec.status, rec.msg).toBe(200);
    expect(rec.data.doc_no).toMatch(/^RK\d{8}\d{6}$/);
    expect(await level(t, 'goods', sku, 'warehouse')).toBe(50);
    expect(
      (await postStockDoc(c, 'goods_bar_in', [{ item_kind: 'goods', item_id: sku, qty: 20 }])).status,
    ).toBe(200);
    expect(
      (await postStockDoc(c, 'goods_bar_out', [{ item_kind: 'goods', item_id: sku, qty: 5 }])).status,
    ).toBe(200);
    expect((await postStockDoc(c, 'goods_loss', [{ item_kind: 'goods', item_id: sku, qty: 2 }])).status).toBe(
      200,
    );
    expect(await level(t, 'goods', sku, 'warehouse')).toBe(33);
    expect(await level(t, 'goods', sku, 'counter')).toBe(15);
    const detail = await c.get<{ status: string; posted_name: string; lines: { qty: number }[] }>(
      '/api/v1/stock_doc_detail',
      { id: rec.data.id },
    );
    expect(detail.data).toMatchObject({ status: 'posted', posted_name: '张老板', lines: [{ qty: 50 }] });
    const led = await c.get<{
      list: { qty_before: number; delta: number; qty_after: number; ref_type: string; user_name: string }[];
    }>('/api/v1/stock_ledger_list', { item_kind: 'goods', item_id: sku, location: 'warehouse' });
    expect(led.data.list[0]).toMatchObject({
      ref_type: 'goods_loss',
      qty_before: 35,
      delta: -2,
      qty_after: 33,
      user_name: '张老板',
    });
    await expectStockLedgerMatches(t);
  });

  it('posts all lines or none: one short line refuses the whole document', async () => {
    const other = (await makeGoods(c, '测试红牛')).skuIds[0]!;
    await postStockDoc(c, 'goods_in', [{ item_kind: 'goods', item_id: other, qty: 3 }]);
    const before = [
      await level(t, 'goods', sku, 'warehouse'),
      await count(t, 'stock_ledger'),
      await count(t, 'stock_docs'),
    ];
    const r = await postStockDoc(c, 'goods_out', [
      { item_kind: 'goods', item_id: sku, qty: 1 },
      { item_kind: 'goods', item_id: other, qty: 9 },
    ]);
    expect(r.status).toBe(40000);
    expect(r.msg).toBe('测试红牛（仓库）库存不足：当前3瓶，需要9瓶');
    expect([
      await level(t, 'goods', sku, 'warehouse'),
      await count(t, 'stock_ledger'),
      await count(t, 'stock_docs'),
    ]).toEqual(before);
  });

  it('allows negative stock with a warning when the store chose so', async () => {
    const x = (await makeGoods(c, '测试负库存')).skuIds[0]!;
    expect((await c.post('/api/v1/stock_setting_save', { negative_policy: 'warn' })).status).toBe(200);
    const r = await postStockDoc(c, 'goods_out', [{ item_kind: 'goods', item_id: x, qty: 2 }]);
    expect(r.status).toBe(200);
    expect(r.data.warnings).toEqual(['测试负库存（仓库）库存不足：当前0瓶，需要2瓶']);
    expect(await level(t, 'goods', x, 'warehouse')).toBe(-2);
    await c.post('/api/v1/stock_setting_save', { negative_policy: 'refuse' });
  });

  it('a retried post or save with the same request_id does not post twice', async () => {
    const request_id = rid();
    const a = await postStockDoc(c, 'goods_in', [{ item_kind: 'goods', item_id: sku, qty: 7 }], {
      request_id,
    });
    const b = await postStockDoc(c, 'goods_in', [{ item_kind: 'goods', item_id: sku, qty: 7 }], {
      request_id,
    });
    expect(a.status).toBe(200);
    expect(b.status).toBe(40007);
    expect(b.data.id).toBe(a.data.id);
    const again = await c.post('/api/v1/stock_doc_post', { id: a.data.id });
    expect(again.status).toBe(40007);
    const n = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from stock_ledger where doc_id = ${a.data.id}`,
    );
    expect(n[0]!.n).toBe(1);
  });

  it('saves a draft that changes nothing until posted, and deletes drafts only', async () => {
    const before = await level(t, 'goods', sku, 'warehouse');
    const d = await c.request<{ id: number; status: string }>(
      'POST',
      '/api/v1/stock_doc_save',
      { doc_type: 'goods_in', lines: [{ item_kind: 'goods', item_id: sku, qty: 4 }] },
      { json: true },
    );
    expect(d.data.status).toBe('draft');
    expect(await level(t, 'goods', sku, 'warehouse')).toBe(before);
    expect((await c.post('/api/v1/stock_doc_post', { id: d.data.id })).status).toBe(200);
    expect(await level(t, 'goods', sku, 'warehouse')).toBe(before + 4);
    expect((await c.post('/api/v1/stock_doc_delete', { id: d.data.id })).status).toBe(40004);
  });

  it('20 concurrent posts on the same item lose no update', async () => {
    const start = await level(t, 'goods', sku, 'warehouse');
    const counter = await level(t, 'goods', sku, 'counter');
    const res = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postStockDoc(c, i % 2 ? 'goods_in' : 'goods_bar_in', [{ item_kind: 'goods', item_id: sku, qty: 1 }]),
      ),
    );
    expect(res.map((r) => r.status)).toEqual(Array(20).fill(200));
    // ten receipts of one into the warehouse, ten replenishments of one from it to the counter
    expect(await level(t, 'goods', sku, 'warehouse')).toBe(start + 10 - 10);
    expect(await level(t, 'goods', sku, 'counter')).toBe(counter + 10);
    const n = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from stock_ledger where item_id = ${sku} and item_kind = 'goods'`,
    );
    expect(n[0]!.n).toBeGreaterThanOrEqual(30);
    await expectStockLedgerMatches(t);
  });

  it('refuses bad input with a Chinese message and writes nothing', async () => {
    const before = await count(t, 'stock_docs');
    const cases: [Record<string, unknown>, string][] = [
      [{ doc_type: 'goods_in', lines: [] }, '单据明细为1-500行'],
      [
        { doc_type: 'goods_in', lines: [{ item_kind: 'goods', item_id: sku, qty: 0 }] },
        '数量须为1-100000000之间的整数',
      ],
      [{ doc_type: 'nope', lines: [{ item_kind: 'goods', item_id: sku, qty: 1 }] }, '单据类型不正确'],
      [
        { doc_type: 'mater_in', lines: [{ item_kind: 'goods', item_id: sku, qty: 1 }] },
        '原料单据只能包含原料',
      ],
      [
        {
          doc_type: 'goods_in',
          lines: [
            { item_kind: 'goods', item_id: sku, qty: 1 },
            { item_kind: 'goods', item_id: sku, qty: 2 },
          ],
        },
        '单据明细中有重复的商品或原料',
      ],
    ];
    for (const [body, msg] of cases) {
      const r = await c.request('POST', '/api/v1/stock_doc_save', body, { json: true });
      expect([r.status, r.msg]).toEqual([40000, msg]);
    }
    expect(await count(t, 'stock_docs')).toBe(before);
  });

  it('refuses staff without the document grant and another store’s ids like missing ones', async () => {
    const staff = await t.as(DEMO.netbarStaff);
    expect(
      (await postStockDoc(staff, 'goods_in', [{ item_kind: 'goods', item_id: sku, qty: 1 }])).status,
    ).toBe(40003);
    expect((await t.as(DEMO.agent).then((a) => a.get('/api/v1/stock_list'))).status).toBe(40003);
    const other = await t.as(DEMO.netbar2);
    const doc = (await c.get<{ list: { id: number }[] }>('/api/v1/stock_doc_list')).data.list[0]!.id;
    for (const [url, body] of [
      ['/api/v1/stock_doc_post', { id: doc }],
      ['/api/v1/stock_doc_delete', { id: doc }],
      ['/api/v1/stock_check_approve', { id: doc }],
    ] as const) {
      expect((await other.post(url, body)).status).toBe(40004);
    }
    expect((await other.get('/api/v1/stock_doc_detail', { id: doc })).status).toBe(40004);
    expect(
      (await postStockDoc(other, 'goods_in', [{ item_kind: 'goods', item_id: sku, qty: 1 }])).status,
    ).toBe(40004);
    expect(
      (
        await other.request(
          'POST',
          '/api/v1/stock_sale',
          { request_id: rid(), lines: [{ sku_id: sku, qty: 1 }] },
          { json: true },
        )
      ).status,
    ).toBe(40004);
    const theirs = await other.get<{ list: { item_id: number }[] }>('/api/v1/stock_list', {
      page_size: 1000,
    });
    expect(theirs.data.list.some((r) => r.item_id === sku)).toBe(false);
  });
});
