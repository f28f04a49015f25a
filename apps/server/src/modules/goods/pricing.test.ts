import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count, makeGoods } from '../../test/kit.ts';

let t: TestApp;
let c: Client;
beforeAll(async () => {
  t = await createTestApp();
  c = await t.as(DEMO.netbar);
});
afterAll(() => t.close());

describe('sales plans, promotions and the basket quote', () => {
  it('prices a basket with a night plan and a buy-2-get-1 promotion', async () => {
    const g = await makeGoods(c, '报价可乐', [{ spec: '', price_fen: 300 }]);
    const plan = await c.request(
      'POST',
      '/api/v1/goods_sales_plan_save',
      {
        name: '夜宵八折',
        weekdays: [0, 1, 2, 3, 4, 5, 6],
        start_minute: 22 * 60,
        end_minute: 1440,
        action: 'rate',
        rate: 80,
        scope_mode: 'custom',
        scope_rule: 'apply',
        goods_ids: [g.goodsId],
      },
      { json: true },
    );
    expect(plan.status, plan.msg).toBe(200);
    const promo = await c.request(
      'POST',
      '/api/v1/commodity_promotion_save',
      {
        name: '买二送一',
        kind: 'buy_get',
        buy_n: 2,
        get_m: 1,
        start_at: '2025-01-01 00:00',
        end_at: '2030-01-01 00:00',
        scope_mode: 'custom',
        scope_rule: 'apply',
        category_ids: [g.categoryId],
      },
      { json: true },
    );
    expect(promo.status, promo.msg).toBe(200);
    const night = await c.request<{ total_fen: number }>(
      'POST',
      '/api/v1/goods_price_quote',
      { at: '2025-06-06 23:00', lines: [{ sku_id: g.skuIds[0], qty: 3 }] },
      { json: true },
    );
    expect(night.data.total_fen).toBe(2 * 240);
    const day = await c.request<{ total_fen: number }>(
      'POST',
      '/api/v1/goods_price_quote',
      { at: '2025-06-06 12:00', lines: [{ sku_id: g.skuIds[0], qty: 3 }] },
      { json: true },
    );
    expect(day.data.total_fen).toBe(600);
    const promos = (await c.get<{ list: { name: string }[] }>('/api/v1/commodity_promotion_list')).data.list;
    expect(promos.filter((p) => p.name === '买二送一')).toHaveLength(1);
  });

  it('refuses bad input, other stores’ ids and staff without the grant', async () => {
    const before = await count(t, 'goods_promotions');
    const bad = await c.request(
      'POST',
      '/api/v1/commodity_promotion_save',
      { name: '坏', kind: 'discount', rate: 100, start_at: '2025-01-01', end_at: '2026-01-01' },
      { json: true },
    );
    expect([bad.status, bad.msg]).toEqual([40000, '折扣须为1-99的整数']);
    const back = await c.request(
      'POST',
      '/api/v1/commodity_promotion_save',
      { name: '坏', kind: 'discount', rate: 90, start_at: '2026-01-01', end_at: '2025-01-01' },
      { json: true },
    );
    expect(back.msg).toBe('结束时间须晚于开始时间');
    const noTargets = await c.request(
      'POST',
      '/api/v1/goods_sales_plan_save',
      {
        name: '坏',
        weekdays: [1],
        start_minute: 0,
        end_minute: 60,
        action: 'unavailable',
        scope_mode: 'custom',
      },
      { json: true },
    );
    expect(noTargets.msg).toBe('自定义范围请选择商品或分类');
    expect(await count(t, 'goods_promotions')).toBe(before);
    const other = await t.as(DEMO.netbar2);
    const mine = (await c.get<{ list: { id: number }[] }>('/api/v1/commodity_promotion_list')).data.list[0]!
      .id;
    expect((await other.post('/api/v1/commodity_promotion_delete', { id: mine })).status).toBe(40004);
    const g = (await c.get<{ list: { id: number }[] }>('/api/v1/goods_list')).data.list[0]!.id;
    const theirs = await other.request(
      'POST',
      '/api/v1/goods_sales_plan_save',
      {
        name: '越权',
        weekdays: [1],
        start_minute: 0,
        end_minute: 60,
        action: 'unavailable',
        scope_mode: 'custom',
        goods_ids: [g],
      },
      { json: true },
    );
    expect(theirs.status).toBe(40004);
    expect((await (await t.as(DEMO.netbarStaff)).get('/api/v1/commodity_promotion_list')).status).toBe(40003);
  });
});
