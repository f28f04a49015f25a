import type { DocSaveBody, StockDocTypeValue } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.ts';
import { saveDoc } from '../modules/stock/stock-doc.service.ts';
import { systemStoreScope } from '../tenant/index.ts';
import { actor } from './goods.ts';

/**
 * Today's restock after the 90 days of counter sales (demo/orders.ts sells the counter down; 可口可乐 and
 * 农夫山泉 ran out): every tracked good and material the counter holds fewer than REFILL of gets a 补货单
 * (warehouse → counter) up to REFILL, preceded by a supplier 入库单 for what the warehouse lacks, posted
 * now through the stock documents' own path (saveDoc, levels and ledger in one transaction), so the
 * 收银台 greys nothing out when the demo opens. Runs after the count sheet (demo/count-sheet.ts) that is
 * dated yesterday; idempotent through the documents' request ids.
 */

/** Counter level a good is refilled to; materials (grams, cups) to the scale of the 吧台备料 quantities. */
const GOODS_REFILL = 48;
const MATER_REFILL = 1200;

interface Low {
  item_kind: 'goods' | 'mater';
  item_id: number;
  counter: number;
  warehouse: number;
}

async function lowItems(db: Db, nid: number): Promise<Low[]> {
  return rows<Low>(
    db,
    sql`select x.item_kind, x.item_id,
          coalesce((select qty from stock_levels v where v.netbar_id = ${nid} and v.item_kind = x.item_kind
                    and v.item_id = x.item_id and v.location = 'counter'), 0)::float8 as counter,
          coalesce((select qty from stock_levels v where v.netbar_id = ${nid} and v.item_kind = x.item_kind
                    and v.item_id = x.item_id and v.location = 'warehouse'), 0)::float8 as warehouse
        from (select 'goods' as item_kind, k.id as item_id from goods_skus k join goods g on g.id = k.goods_id
                where k.netbar_id = ${nid} and g.track_stock and g.shelf_status = 1
                  and not exists (select 1 from goods_recipes r where r.goods_id = g.id)
              union all
              select 'mater', m.id from goods_maters m where m.netbar_id = ${nid}) x
        order by x.item_kind, x.item_id`,
  );
}

export async function restockDemo(db: Db): Promise<void> {
  const stores = await rows<{ id: number }>(
    db,
    sql`select id from netbars where name in ('星际网咖旗舰店', '极速网吧', '星际网咖二店', '星际网咖三店') order by id`,
  );
  for (const st of stores) {
    const nid = Number(st.id);
    const done = await rows(
      db,
      sql`select 1 from stock_docs where netbar_id = ${nid} and request_id = ${`demo-restock-${nid}-goods_bar_in`}`,
    );
    if (done.length) continue;
    const items = await lowItems(db, nid);
    const target = (i: Low) => (i.item_kind === 'goods' ? GOODS_REFILL : MATER_REFILL);
    const low = items.filter((i) => i.counter < target(i));
    for (const kind of ['goods', 'mater'] as const) {
      const mine = low.filter((i) => i.item_kind === kind);
      if (!mine.length) continue;
      const need = mine.map((i) => ({ i, qty: target(i) - i.counter }));
      const buy = need.filter((n) => n.i.warehouse < n.qty);
      const doc = async (type: StockDocTypeValue, lines: DocSaveBody['lines'], remark: string) =>
        saveDoc(db, systemStoreScope(nid), actor, {
          doc_type: type,
          lines,
          post: '1',
          remark,
          request_id: `demo-restock-${nid}-${type}`,
        });
      if (buy.length)
        await doc(
          `${kind}_in`,
          buy.map((n) => ({
            item_kind: kind,
            item_id: n.i.item_id,
            qty: n.qty - n.i.warehouse + target(n.i),
          })),
          kind === 'goods' ? '供应商今日送货' : '原料今日采购',
        );
      await doc(
        `${kind}_bar_in`,
        need.map((n) => ({ item_kind: kind, item_id: n.i.item_id, qty: n.qty })),
        kind === 'goods' ? '吧台今日补货' : '吧台今日备料',
      );
    }
  }
}
