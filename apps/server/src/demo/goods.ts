import { type DocSaveBody, goodsSaveBody, type StockDocTypeValue } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.ts';
import { saveCategory, saveMater, saveSpec } from '../modules/goods/catalog.repo.ts';
import { saveGoods } from '../modules/goods/goods.service.ts';
import { saveDoc } from '../modules/stock/stock-doc.service.ts';
import { systemStoreScope } from '../tenant/index.ts';
import { pricingDemo } from './pricing.ts';

/**
 * Demo supermarket (网吧超市): a believable catalogue with 90 days of supply (its sales: demo/orders.ts), in
 * the flagship, 极速网吧 and the chain's 二店 and 三店 (smaller shelves). Idempotent.
 */

type G = [
  name: string,
  cat: string,
  unit: string,
  skus: [spec: string, barcode: string, cost: number, price: number, member: number][],
  low: number,
];
const FLAGSHIP: G[] = [
  ['可口可乐 330ml', '饮料', '瓶', [['', '6901234567892', 180, 300, 280]], 24],
  ['红牛', '饮料', '罐', [['', '6920202888883', 420, 700, 650]], 24],
  [
    '农夫山泉',
    '饮料',
    '瓶',
    [
      ['550ml', '6921168509256', 90, 200, 180],
      ['1.5L', '6921168558049', 220, 400, 380],
    ],
    24,
  ],
  ['康师傅红烧牛肉面', '方便面', '桶', [['', '6920152400777', 280, 600, 550]], 12],
  [
    '乐事薯片',
    '零食',
    '袋',
    [
      ['原味', '6924743915763', 450, 800, 750],
      ['黄瓜味', '6924743915770', 450, 800, 750],
    ],
    10,
  ],
  ['卫龙辣条', '零食', '包', [['', '6935284412918', 250, 500, 450]], 10],
  [
    '中华',
    '香烟',
    '包',
    [
      ['软', '6901028001915', 6500, 7000, 7000],
      ['硬', '6901028075022', 4200, 4500, 4500],
    ],
    5,
  ],
  ['玉溪', '香烟', '包', [['', '6901028180566', 2100, 2300, 2300]], 5],
  ['耳机', '外设', '个', [['', '6971234500011', 1500, 3900, 3500]], 2],
  ['鼠标垫', '外设', '个', [['', '6971234500028', 600, 1500, 1200]], 2],
];

export const actor = { id: 0, name: '系统演示' };
let seq = 0;
export const rid = (nid: number) => `demo-${nid}-${++seq}`;

export async function backdate(db: Db, docId: number | null, saleId: number | null, days: number) {
  const at = sql`now() - make_interval(days => ${days}, hours => ${(seq * 7) % 10})`;
  // The ledger is append-only (decision 053): only the demo seeder dates its history, guard lifted
  // for the length of its own transaction (it needs the table owner's rights).
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table stock_ledger disable trigger stock_ledger_no_change`);
    if (docId) {
      await rows(tx, sql`update stock_ledger set at = ${at} where doc_id = ${docId}`);
      // The document number carries the day the document was made (PREFIX + YYYYMMDD + id): the same day.
      await rows(
        tx,
        sql`update stock_docs set created_at = ${at}, posted_at = ${at},
              doc_no = left(doc_no, length(doc_no) - 14)
                || to_char((${at}) at time zone 'Asia/Shanghai', 'YYYYMMDD') || right(doc_no, 6)
            where id = ${docId}`,
      );
    }
    if (saleId) {
      await rows(tx, sql`update stock_ledger set at = ${at} where sale_id = ${saleId}`);
      await rows(tx, sql`update stock_sales set created_at = ${at} where id = ${saleId}`);
    }
    await tx.execute(sql`alter table stock_ledger enable trigger stock_ledger_no_change`);
  });
}

/** backdate for many documents at once: one transaction, the guard lifted once (start-up time counts). */
async function backdateDocs(db: Db, docs: { id: number; days: number; hours: number }[]) {
  if (!docs.length) return;
  const list = sql`(select x.id, now() - make_interval(days => x.days, hours => x.hours) as at
                    from jsonb_to_recordset(${JSON.stringify(docs)}::jsonb) as x(id int, days int, hours int))`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table stock_ledger disable trigger stock_ledger_no_change`);
    await rows(tx, sql`update stock_ledger l set at = d.at from ${list} d where l.doc_id = d.id`);
    await rows(
      tx,
      sql`update stock_docs s set created_at = d.at, posted_at = d.at,
            doc_no = left(doc_no, length(doc_no) - 14) || to_char(d.at at time zone 'Asia/Shanghai', 'YYYYMMDD') || right(doc_no, 6)
          from ${list} d where s.id = d.id`,
    );
    await tx.execute(sql`alter table stock_ledger enable trigger stock_ledger_no_change`);
  });
}

async function store(db: Db, nid: number, catalogue: G[], withTea: boolean) {
  const done = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from goods where netbar_id = ${nid}`,
  );
  if (done[0]!.n > 0) return;
  const cats = new Map<string, number>();
  for (const [i, c] of [
    ...new Set(catalogue.map((g) => g[1]).concat(withTea ? ['现制饮品'] : [])),
  ].entries()) {
    cats.set(
      c,
      (await saveCategory(db, systemStoreScope(nid), {
        name: c,
        sort: (i + 1) * 10,
        shared: false,
        chainId: 0,
      }))!,
    );
  }
  const skuIds = new Map<string, number>();
  for (const [name, cat, unit, skus, low] of catalogue) {
    const body = goodsSaveBody.parse({
      name,
      category_id: cats.get(cat),
      unit,
      low_stock: low,
      colour: (cats.get(cat)! % 6) + 1,
      skus: skus.map(([spec, barcode, cost_fen, price_fen, member_price_fen]) => ({
        spec,
        barcode,
        cost_fen,
        price_fen,
        member_price_fen,
      })),
    });
    await saveGoods(db, systemStoreScope(nid), body);
  }
  let tea: number[] = [];
  if (withTea) {
    await saveSpec(db, systemStoreScope(nid), { name: '杯型', values: ['大杯', '中杯'] });
    await saveSpec(db, systemStoreScope(nid), { name: '温度', values: ['冰', '常温'] });
    const pearl = (await saveMater(db, systemStoreScope(nid), {
      name: '珍珠',
      unit: '克',
      cost_fen: 2,
      low_stock: 500,
    }))!;
    const powder = (await saveMater(db, systemStoreScope(nid), {
      name: '奶茶粉',
      unit: '克',
      cost_fen: 5,
      low_stock: 500,
    }))!;
    const cup = (await saveMater(db, systemStoreScope(nid), {
      name: '杯子',
      unit: '个',
      barcode: '6970000000016',
      cost_fen: 30,
      low_stock: 50,
    }))!;
    tea = [pearl, powder, cup];
    const body = goodsSaveBody.parse({
      name: '珍珠奶茶',
      category_id: cats.get('现制饮品'),
      unit: '杯',
      colour: 2,
      skus: [
        { spec: '大杯', cost_fen: 350, price_fen: 1200, member_price_fen: 1000 },
        { spec: '中杯', cost_fen: 280, price_fen: 1000, member_price_fen: 900 },
      ],
      recipe: [
        { mater_id: pearl, qty: 30 },
        { mater_id: powder, qty: 25 },
        { mater_id: cup, qty: 1 },
      ],
    });
    await saveGoods(db, systemStoreScope(nid), body);
  }
  for (const r of await rows<{ id: number; name: string }>(
    db,
    sql`select k.id, g.name || k.spec as name from goods_skus k join goods g on g.id = k.goods_id where k.netbar_id = ${nid}`,
  ))
    skuIds.set(r.name, r.id);
  const stocked = [...skuIds.entries()].filter(([n]) => !n.startsWith('珍珠奶茶')).map(([, id]) => id);

  const doc = async (type: StockDocTypeValue, lines: DocSaveBody['lines'], days: number, remark = '') => {
    const r = await saveDoc(db, systemStoreScope(nid), actor, {
      doc_type: type,
      lines,
      post: '1',
      remark,
      request_id: rid(nid),
    });
    dated.push({ id: r.doc.id, days, hours: (seq * 7) % 10 });
  };
  const dated: { id: number; days: number; hours: number }[] = [];
  // 90 days of supply (decision 137): the supplier delivers to the warehouse every 4 weeks, the counter
  // is restocked from it every two weeks; the counter's sales are the demo's orders (demo/orders.ts)
  for (let day = 91; day > 7; day -= 28) {
    await doc(
      'goods_in',
      stocked.map((id, i) => ({ item_kind: 'goods', item_id: id, qty: 150 + (i % 3) * 30 })),
      day,
      day === 91 ? '供应商首批送货' : '供应商月初送货',
    );
    if (tea.length)
      await doc(
        'mater_in',
        [
          { item_kind: 'mater', item_id: tea[0]!, qty: 8000 },
          { item_kind: 'mater', item_id: tea[1]!, qty: 6000 },
          { item_kind: 'mater', item_id: tea[2]!, qty: 300 },
        ],
        day,
        '原料采购',
      );
  }
  for (let day = 90; day > 0; day -= 14) {
    await doc(
      'goods_bar_in',
      stocked.map((id, i) => ({ item_kind: 'goods', item_id: id, qty: 60 + (i % 3) * 12 })),
      day,
      day === 90 ? '吧台首次备货' : '吧台补货',
    );
    if (tea.length && day % 28 === 6)
      await doc(
        'mater_bar_in',
        [
          { item_kind: 'mater', item_id: tea[0]!, qty: 3600 },
          { item_kind: 'mater', item_id: tea[1]!, qty: 2800 },
          { item_kind: 'mater', item_id: tea[2]!, qty: 120 },
        ],
        day,
        '吧台备料',
      );
  }
  await doc('goods_loss', [{ item_kind: 'goods', item_id: stocked[0]!, qty: 2 }], 5, '搬运时摔破');
  await doc(
    'goods_out',
    stocked.slice(-2).map((id) => ({ item_kind: 'goods', item_id: id, qty: 6 })),
    4,
    '临期退回供应商',
  );
  await backdateDocs(db, dated);
}

/** The smaller stores' shelves: the flagship's goods of these categories. */
const SMALL: Record<string, string[]> = {
  极速网吧: ['饮料', '方便面'],
  星际网咖二店: ['饮料', '方便面', '零食', '香烟'],
  星际网咖三店: ['饮料', '方便面', '零食'],
};

export async function goodsDemo(db: Db): Promise<void> {
  const stores = await rows<{ id: number; name: string }>(
    db,
    sql`select id, name from netbars where name in ('星际网咖旗舰店', '极速网吧', '星际网咖二店', '星际网咖三店')`,
  );
  for (const s of stores) {
    if (s.name === '星际网咖旗舰店') await store(db, s.id, FLAGSHIP, true);
    else
      await store(
        db,
        s.id,
        FLAGSHIP.filter((g) => SMALL[s.name]!.includes(g[1])),
        false,
      );
    // the chain's sub-stores sell at list price (no groups, plans or promotions of their own)
    if (!s.name.startsWith('星际网咖') || s.name === '星际网咖旗舰店') await pricingDemo(db, s.id);
  }
}
