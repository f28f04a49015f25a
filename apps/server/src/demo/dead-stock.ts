import { goodsSaveBody } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.ts';
import { saveGoods } from '../modules/goods/goods.service.ts';
import { saveDoc } from '../modules/stock/stock-doc.service.ts';
import { systemStoreScope } from '../tenant/index.ts';
import { actor, backdate } from './goods.ts';

/**
 * 滞销统计 (238) in the demo: three peripherals the flagship bought 75 days ago and never sold (the demo's
 * counter sales, demo/orders.ts, cover the supermarket only; two of each stand on the 吧台), so the report shows stock tied up at every
 * N from 7 to 60 days next to the demo's slower sellers. Idempotent: skipped once 机械键盘 exists.
 */
const SLOW: [name: string, cost: number, price: number, qty: number][] = [
  ['机械键盘', 15_000, 29_900, 20],
  ['电竞耳麦', 8_000, 15_900, 15],
  ['游戏手柄', 6_000, 12_900, 12],
];

export async function deadStockDemo(db: Db): Promise<void> {
  const [store] = await rows<{ id: number; cat: number | null; done: number }>(
    db,
    sql`select n.id, (select id from goods_categories c where c.netbar_id = n.id and c.name = '外设') as cat,
          (select count(*)::int from goods g where g.netbar_id = n.id and g.name = '机械键盘') as done
        from netbars n where n.name = '星际网咖旗舰店'`,
  );
  if (!store?.cat || store.done) return;
  const s = systemStoreScope(store.id);
  const lines: { item_kind: 'goods'; item_id: number; qty: number; cost_fen: number }[] = [];
  for (const [name, cost, price, qty] of SLOW) {
    const body = goodsSaveBody.parse({
      name,
      category_id: store.cat,
      unit: '个',
      low_stock: 0,
      colour: 5,
      skus: [{ spec: '', cost_fen: cost, price_fen: price, member_price_fen: price }],
    });
    const { id } = await saveGoods(db, s, body);
    const [sku] = await rows<{ id: number }>(db, sql`select id from goods_skus where goods_id = ${id}`);
    lines.push({ item_kind: 'goods', item_id: sku!.id, qty, cost_fen: cost });
  }
  const r = await saveDoc(db, s, actor, {
    doc_type: 'goods_in',
    lines,
    post: '1',
    remark: '外设进货',
    request_id: `demo-dead-stock-${store.id}`,
  });
  await backdate(db, r.doc.id, null, 75);
  // two of each on the 吧台's shelf the next day, as a store shows what it sells: still never sold
  const shelf = await saveDoc(db, s, actor, {
    doc_type: 'goods_bar_in',
    lines: lines.map((l) => ({ item_kind: l.item_kind, item_id: l.item_id, qty: 2 })),
    post: '1',
    remark: '外设上架',
    request_id: `demo-dead-stock-bar-${store.id}`,
  });
  await backdate(db, shelf.doc.id, null, 74);
}
