import { groupSaveBody, planSaveBody, promoSaveBody, shanghaiDate } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.ts';
import { saveGroup } from '../modules/goods/goods.service.ts';
import { savePlan, savePromo } from '../modules/goods/pricing.repo.ts';
import { systemStoreScope } from '../tenant/index.ts';

/**
 * Demo groups (商品组合), sales plans (销售计划) and promotions (商品促销) of the demo stores, made through
 * the goods services like a user would. Each targets named demo goods or categories (custom scope), so
 * other goods keep their list price. Idempotent: a store that has any of them is left alone.
 */

const day = (offset: number) => shanghaiDate(Date.now() + offset * 86400_000);

async function lookup(db: Db, nid: number) {
  const skus = new Map<string, number>();
  for (const r of await rows<{ id: number; name: string }>(
    db,
    sql`select k.id, g.name || k.spec as name from goods_skus k join goods g on g.id = k.goods_id where k.netbar_id = ${nid}`,
  ))
    skus.set(r.name, r.id);
  const goods = new Map<string, number>();
  for (const r of await rows<{ id: number; name: string }>(
    db,
    sql`select id, name from goods where netbar_id = ${nid}`,
  ))
    goods.set(r.name, r.id);
  const cats = new Map<string, number>();
  for (const r of await rows<{ id: number; name: string }>(
    db,
    sql`select id, name from goods_categories where netbar_id = ${nid}`,
  ))
    cats.set(r.name, r.id);
  return { skus, goods, cats };
}

async function alreadyDone(db: Db, nid: number): Promise<boolean> {
  const r = await rows<{ n: number }>(
    db,
    sql`select ((select count(*) from goods_groups where netbar_id = ${nid})
             + (select count(*) from goods_sales_plans where netbar_id = ${nid})
             + (select count(*) from goods_promotions where netbar_id = ${nid}))::int as n`,
  );
  return r[0]!.n > 0;
}

const have = (m: Map<string, number>, names: string[]) =>
  names.map((n) => m.get(n)).filter((v) => !!v) as number[];

export async function pricingDemo(db: Db, nid: number): Promise<void> {
  if (await alreadyDone(db, nid)) return;
  const { skus, goods, cats } = await lookup(db, nid);

  const groups: [string, number, [string, number][]][] = [
    [
      '开黑能量套餐',
      1300,
      [
        ['红牛', 1],
        ['乐事薯片原味', 1],
      ],
    ],
    [
      '泡面加水套餐',
      700,
      [
        ['康师傅红烧牛肉面', 1],
        ['农夫山泉550ml', 1],
      ],
    ],
    [
      '双人畅饮套餐',
      1000,
      [
        ['可口可乐 330ml', 2],
        ['卫龙辣条', 1],
      ],
    ],
  ];
  for (const [name, price_fen, items] of groups) {
    const lines = items.filter(([n]) => skus.has(n)).map(([n, qty]) => ({ sku_id: skus.get(n)!, qty }));
    if (lines.length < 2) continue;
    await saveGroup(db, systemStoreScope(nid), groupSaveBody.parse({ name, price_fen, items: lines }));
  }

  const plans = [
    {
      name: '夜宵时段饮料九折',
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      start_minute: 22 * 60,
      end_minute: 1440,
      action: 'rate',
      rate: 90,
      category_ids: have(cats, ['饮料']),
    },
    {
      name: '工作日午间零食八五折',
      weekdays: [1, 2, 3, 4, 5],
      start_minute: 11 * 60,
      end_minute: 14 * 60,
      action: 'rate',
      rate: 85,
      category_ids: have(cats, ['零食']),
    },
    {
      name: '凌晨香烟停售',
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      start_minute: 2 * 60,
      end_minute: 6 * 60,
      action: 'unavailable',
      enabled: false,
      category_ids: have(cats, ['香烟']),
    },
  ];
  for (const p of plans) {
    if (!p.category_ids.length) continue;
    await savePlan(
      db,
      systemStoreScope(nid),
      planSaveBody.parse({ ...p, scope_mode: 'custom', scope_rule: 'apply' }),
    );
  }

  const promos = [
    { name: '红牛买二送一', kind: 'buy_get', buy_n: 2, get_m: 1, goods_ids: have(goods, ['红牛']) },
    { name: '零食周九折', kind: 'discount', rate: 90, category_ids: have(cats, ['零食']) },
    { name: '耳机限时一口价', kind: 'fixed', price_fen: 2900, goods_ids: have(goods, ['耳机']) },
    {
      name: '可乐两件组合价',
      kind: 'bundle',
      bundle_qty: 2,
      price_fen: 500,
      goods_ids: have(goods, ['可口可乐 330ml']),
    },
  ];
  for (const p of promos) {
    if (!(p.goods_ids?.length || p.category_ids?.length)) continue;
    await savePromo(
      db,
      systemStoreScope(nid),
      promoSaveBody.parse({
        ...p,
        start_at: `${day(-7)} 00:00`,
        end_at: `${day(53)} 23:59`,
        scope_mode: 'custom',
        scope_rule: 'apply',
      }),
    );
  }
}
