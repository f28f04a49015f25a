import { type OrderCatalog, PERM } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { makeGoods } from '../../test/kit.ts';
import { counterGoods } from './order-test-kit.ts';

let t: TestApp;
let owner: Client;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
});
afterAll(() => t.close());

/** The demo cashier holding exactly `perms` (a fresh login so the grants apply). */
async function cashierWithOnly(...perms: number[]): Promise<Client> {
  const db = t.database.db;
  await rows(
    db,
    sql`delete from grants where user_id = (select id from users where user_name = 'demo_netbar_staff')`,
  );
  for (const p of perms)
    await rows(
      db,
      sql`insert into grants (user_id, perm_id) select id, ${p} from users where user_name = 'demo_netbar_staff'`,
    );
  return t.as(DEMO.netbarStaff);
}
const catalogOf = async (c: Client) => c.get<OrderCatalog>('/api/v1/order_catalog');

describe('收银台 catalog (order_catalog)', () => {
  it('answers a cashier holding only 264 what the counter needs: goods, stock, categories, rules — no costs', async () => {
    const cola = await counterGoods(owner, '目录可乐', 7, { cost_fen: 123, price_fen: 350 });
    const two = await makeGoods(owner, '目录薯片', [
      { spec: '大包', cost_fen: 456, price_fen: 800 },
      { spec: '小包', cost_fen: 222, price_fen: 500 },
    ]);
    const off = await makeGoods(owner, '目录下架', [{ spec: '' }]);
    expect(
      (await owner.post('/api/v1/goods_shelf', { ids: String(off.goodsId), shelf_status: 2 })).status,
    ).toBe(200);
    const plan = await owner.request(
      'POST',
      '/api/v1/goods_sales_plan_save',
      {
        name: '目录计划',
        weekdays: [0, 1, 2, 3, 4, 5, 6],
        start_minute: 0,
        end_minute: 1440,
        action: 'rate',
        rate: 90,
      },
      { json: true },
    );
    expect(plan.status, plan.msg).toBe(200);
    const promo = (name: string, end_at: string) =>
      owner.request(
        'POST',
        '/api/v1/commodity_promotion_save',
        { name, kind: 'discount', rate: 80, start_at: '2025-01-01 00:00', end_at },
        { json: true },
      );
    expect((await promo('目录促销', '2099-01-01 00:00')).status).toBe(200);
    expect((await promo('目录已结束', '2025-02-01 00:00')).status).toBe(200);
    expect((await owner.post('/api/v1/stock_setting_save', { negative_policy: 'warn' })).status).toBe(200);
    expect(
      (await owner.post('/api/v1/member_settings_save', { deduct_order: 'principal_first' })).status,
    ).toBe(200);

    const cashier = await cashierWithOnly(PERM.ORDER_LIST);
    expect((await cashier.get('/api/v1/goods_list')).status).toBe(40003);
    const r = await catalogOf(cashier);
    expect(r.status, r.msg).toBe(200);
    const c = r.data;
    const sku = c.skus.find((s) => s.sku_id === cola)!;
    expect(sku).toMatchObject({
      name: '目录可乐',
      price_fen: 350,
      qty: 7,
      track_stock: true,
      has_recipe: false,
    });
    const chips = c.skus.filter((s) => s.goods_id === two.goodsId);
    expect(chips.map((s) => [s.name, s.spec, s.price_fen, s.qty])).toEqual([
      ['目录薯片（大包）', '大包', 800, 0],
      ['目录薯片（小包）', '小包', 500, 0],
    ]);
    expect(c.skus.some((s) => s.goods_id === off.goodsId)).toBe(false);
    expect(c.categories).toContainEqual({ id: two.categoryId, name: '分类目录薯片' });
    expect(c.categories.some((x) => x.id === off.categoryId)).toBe(false);
    expect(c.plans.map((p) => p.name)).toContain('目录计划');
    expect(c.promotions.map((p) => p.name)).toContain('目录促销');
    expect(c.promotions.map((p) => p.name)).not.toContain('目录已结束');
    expect(c.promotions.every((p) => typeof p.start_ms === 'number' && p.end_ms > Date.now())).toBe(true);
    expect([c.negative_policy, c.deduct_order]).toEqual(['warn', 'principal_first']);
    // a cashier never sees a cost: no key anywhere in the answer names one
    expect(JSON.stringify(r.data)).not.toMatch(/cost/);

    await owner.post('/api/v1/stock_setting_save', { negative_policy: 'refuse' });
    await owner.post('/api/v1/member_settings_save', { deduct_order: 'bonus_first' });
  });

  it('opens for 收银台 2640 alone too; refuses staff without the counter and agents (40003)', async () => {
    expect((await catalogOf(await cashierWithOnly(PERM.CASHIER))).status).toBe(200);
    const none = await catalogOf(await cashierWithOnly(PERM.ORDER_DISCOUNT, PERM.ORDER_REFUND));
    expect(none.status).toBe(40003);
    expect((await catalogOf(await t.as(DEMO.agent))).status).toBe(40003);
  });

  it('shows a store only its own goods (demo_netbar2 sees none of demo_netbar’s)', async () => {
    const mine = await counterGoods(owner, '目录本店', 3);
    const other = await t.as(DEMO.netbar2);
    const theirs = (await makeGoods(other, '目录别店')).skuIds[0]!;
    const o = await catalogOf(other);
    expect(o.status).toBe(200);
    expect(o.data.skus.some((s) => s.sku_id === mine)).toBe(false);
    expect(o.data.skus.map((s) => s.sku_id)).toContain(theirs);
    expect(o.data.plans.some((p) => p.name === '目录计划')).toBe(false);
    const own = (await catalogOf(owner)).data;
    expect(own.skus.some((s) => s.sku_id === theirs)).toBe(false);
    expect(own.skus.find((s) => s.sku_id === mine)?.qty).toBe(3);
  });
});
