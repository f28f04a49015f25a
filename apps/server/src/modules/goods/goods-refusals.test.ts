import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { invalidatePrincipals } from '../../tenant/principal-cache.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count } from '../../test/kit.ts';

/** Review findings P1-2, P1-3 (promotions), P2-8, P2-11 and P2-13 in the goods area. */

let t: TestApp;
let c: Client;
beforeAll(async () => {
  t = await createTestApp();
  c = await t.as(DEMO.netbar);
});
afterAll(() => t.close());

const TOO_BIG = 2147483648;

describe('goods refusals: bad input, races and lost stores', () => {
  it('answers ids beyond the int range as bad input in Chinese, not 50000', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/v1/goods_detail', { id: TOO_BIG }],
      ['POST', '/api/v1/goods_delete', { id: TOO_BIG }],
      ['POST', '/api/v1/goods_class_delete', { id: TOO_BIG }],
      ['POST', '/api/v1/goods_class_save', { id: TOO_BIG, name: '大号分类' }],
      ['POST', '/api/v1/goods_shelf', { ids: String(TOO_BIG), shelf_status: 2 }],
      ['POST', '/api/v1/commodity_promotion_delete', { id: TOO_BIG }],
    ] as const) {
      const r = await c.request(method, url, body);
      expect(r.status, `${url} ${r.msg}`).toBe(40000);
      expect(r.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    const g = await c.request(
      'POST',
      '/api/v1/goods_save',
      {
        name: '大号商品',
        category_id: TOO_BIG,
        unit: '个',
        skus: [{ cost_fen: 1, price_fen: 1, member_price_fen: 1 }],
      },
      { json: true },
    );
    expect(g.status).toBe(40000);
    expect(await count(t, 'goods')).toBeGreaterThan(0);
  });

  it('refuses an impossible promotion time and writes nothing', async () => {
    const before = await count(t, 'goods_promotions');
    for (const [start_at, end_at] of [
      ['2024-01-01 25:99', '2024-01-02 10:00'],
      ['2024-02-30', '2024-03-02'],
      ['2024-01-01 10:00', '2024-01-01 10:60'],
    ]) {
      const r = await c.post('/api/v1/commodity_promotion_save', {
        name: '坏时间',
        kind: 'discount',
        rate: 80,
        start_at,
        end_at,
      });
      expect(r.status, r.msg).toBe(40000);
      expect(r.msg).toBe('请选择活动时间');
    }
    expect(await count(t, 'goods_promotions')).toBe(before);
    const good = await c.post('/api/v1/commodity_promotion_save', {
      name: '好时间',
      kind: 'discount',
      rate: 80,
      start_at: '2024-02-29 23:59',
      end_at: '2024-03-01',
    });
    expect(good.status, good.msg).toBe(200);
  });

  it('answers racing saves of one name with a Chinese conflict, never 50000', async () => {
    const cases: [string, (i: number) => Record<string, unknown>][] = [
      ['/api/v1/goods_class_save', () => ({ name: '并发分类' })],
      ['/api/v1/goods_spec_save', () => ({ name: '并发规格', values: '["大","小"]' })],
      ['/api/v1/goods_matter_save', () => ({ name: '并发原料', unit: '克', cost_fen: 1 })],
    ];
    for (const [url, body] of cases) {
      const all = await Promise.all(Array.from({ length: 6 }, (_, i) => c.post(url, body(i))));
      const statuses = all.map((r) => r.status);
      expect(
        statuses.filter((s) => s === 200),
        `${url} ${all.map((r) => r.msg)}`,
      ).toHaveLength(1);
      expect(statuses.every((s) => s === 200 || s === 40009)).toBe(true);
      for (const r of all) if (r.status !== 200) expect(r.msg).toMatch(/已存在/);
    }
    const cat = await c.post<{ id: number }>('/api/v1/goods_class_save', { name: '并发商品分类' });
    const goods = await Promise.all(
      Array.from({ length: 6 }, () =>
        c.request(
          'POST',
          '/api/v1/goods_save',
          {
            name: '并发商品',
            category_id: cat.data.id,
            unit: '瓶',
            skus: [{ cost_fen: 1, price_fen: 2, member_price_fen: 2 }],
          },
          { json: true },
        ),
      ),
    );
    expect(goods.filter((r) => r.status === 200)).toHaveLength(1);
    expect(goods.every((r) => r.status === 200 || (r.status === 40009 && /已存在/.test(r.msg)))).toBe(true);
  });

  it('answers a malformed multipart upload with 请上传xlsx文件', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/goods_import?dry_run=1',
      headers: {
        cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-requested-with': 'XMLHttpRequest',
        'content-type': 'multipart/form-data; boundary=xx',
      },
      payload: 'garbage',
    });
    expect(JSON.parse(res.body)).toMatchObject({ status: 40000, msg: '请上传xlsx文件' });
  });

  it('refuses writes in a store deleted after the switch, and in one no longer in scope', async () => {
    const stores = (
      await c.get<{
        list: { nid: number; pid: number; cid: number; chain_type: number; netbar_name: string }[];
      }>('/api/v1/get_store_list')
    ).data.list;
    const sub = stores.find((s) => s.netbar_name === '星际网咖三店')!;
    const sw = await c.post('/api/v1/change_store', {
      cid: sub.cid,
      pid: sub.pid,
      nid: sub.nid,
      change_type: 1,
      chain_type: sub.chain_type,
    });
    expect(sw.status, sw.msg).toBe(200);
    expect((await c.post('/api/v1/goods_class_save', { name: '三店分类' })).status).toBe(200);
    const db = t.database.db;
    // Moved out of the chain (unbound): no longer the caller's store.
    await rows(db, sql`update netbars set pid = id, chain_id = 0 where id = ${sub.nid}`);
    expect((await c.post('/api/v1/goods_class_save', { name: '移出后分类' })).status).toBe(40004);
    await rows(db, sql`update netbars set pid = ${sub.pid}, chain_id = ${sub.pid} where id = ${sub.nid}`);
    // Deleted the way agent_netbar_del does it (status 0).
    await rows(db, sql`update netbars set status = 0 where id = ${sub.nid}`);
    const before = await count(t, 'goods_categories');
    const r = await c.post('/api/v1/goods_class_save', { name: '删除后分类' });
    expect(r).toMatchObject({ status: 40004, msg: '门店不存在' });
    expect((await c.get('/api/v1/stock_list')).status).toBe(40004);
    expect(await count(t, 'goods_categories')).toBe(before);
    await rows(db, sql`update netbars set status = 1 where id = ${sub.nid}`);
    // a change by hand, not through a write call: forget the 2 s store check as a write would (decision 066)
    invalidatePrincipals();
    expect((await c.get('/api/v1/goods_class_list')).status).toBe(200);
    // Staff keep working in their own store only while it is live.
    const staff = await t.as(DEMO.netbarStaff);
    expect((await staff.get('/api/v1/goods_list')).status).toBe(200);
  });
});
