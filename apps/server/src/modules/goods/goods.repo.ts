import type {
  GoodsListQuery,
  GoodsRow,
  GoodsSaveBody,
  GroupRow,
  GroupSaveBody,
  ItemOption,
} from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { pageSql } from '../../lib/paging.ts';
import type { TenantScope } from '../../tenant/index.ts';

/** Goods with their SKUs and recipes, and goods groups. */

const like = (k: string) => `%${k.replace(/[%_\\]/g, '\\$&')}%`;

function goodsWhere(store: TenantScope, q: Partial<GoodsListQuery>): SQL {
  const nid = store.netbarId;
  const parts: SQL[] = [sql`g.netbar_id = ${nid}`];
  if (q.keyword)
    parts.push(
      sql`(g.name ilike ${like(q.keyword)} or exists (select 1 from goods_skus k where k.goods_id = g.id and k.barcode = ${q.keyword}))`,
    );
  if (q.category_id) parts.push(sql`g.category_id = ${q.category_id}`);
  if (q.shelf_status) parts.push(sql`g.shelf_status = ${q.shelf_status}`);
  return sql.join(parts, sql` and `);
}

const goodsSelect = (
  store: TenantScope,
) => sql`select g.id, g.name, g.category_id, c.name as category_name, g.unit, g.image_url, g.shelf_status, g.colour,
    g.track_stock, g.low_stock,
    coalesce((select json_agg(json_build_object('id', k.id, 'spec', k.spec, 'barcode', k.barcode, 'cost_fen', k.cost_fen,
        'price_fen', k.price_fen, 'member_price_fen', k.member_price_fen,
        'qty', coalesce((select sum(s.qty) from stock_levels s where s.netbar_id = ${store.netbarId} and s.item_kind = 'goods' and s.item_id = k.id), 0))
        order by k.sort, k.id) from goods_skus k where k.goods_id = g.id), '[]') as skus,
    coalesce((select json_agg(json_build_object('mater_id', m.id, 'mater_name', m.name, 'unit', m.unit, 'qty', r.qty) order by m.id)
        from goods_recipes r join goods_maters m on m.id = r.mater_id where r.goods_id = g.id), '[]') as recipe
  from goods g join goods_categories c on c.id = g.category_id`;

function normalise(r: GoodsRow): GoodsRow {
  return { ...r, skus: r.skus.map((k) => ({ ...k, qty: Number(k.qty) })) };
}

export async function listGoods(db: Conn, store: TenantScope, q: GoodsListQuery) {
  const where = goodsWhere(store, q);
  const list = await rows<GoodsRow>(
    db,
    sql`${goodsSelect(store)} where ${where} order by c.sort, g.id ${pageSql(q)}`,
  );
  const c = await rows<{ n: number }>(db, sql`select count(*)::int as n from goods g where ${where}`);
  return { list: list.map(normalise), count: c[0]?.n ?? 0 };
}

export async function allGoods(db: Conn, store: TenantScope): Promise<GoodsRow[]> {
  const nid = store.netbarId;
  return (
    await rows<GoodsRow>(db, sql`${goodsSelect(store)} where g.netbar_id = ${nid} order by c.sort, g.id`)
  ).map(normalise);
}

export async function findGoods(db: Conn, store: TenantScope, id: number): Promise<GoodsRow | undefined> {
  const nid = store.netbarId;
  const r = await rows<GoodsRow>(db, sql`${goodsSelect(store)} where g.id = ${id} and g.netbar_id = ${nid}`);
  return r[0] && normalise(r[0]);
}

export async function materIdsOwned(db: Conn, store: TenantScope, ids: number[]) {
  const nid = store.netbarId;
  if (!ids.length) return 0;
  const r = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from goods_maters where netbar_id = ${nid} and id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  return r[0]?.n ?? 0;
}

export async function barcodeOwner(db: Conn, store: TenantScope, barcode: string, exceptGoodsId: number) {
  const nid = store.netbarId;
  const r = await rows<{ name: string }>(
    db,
    sql`select g.name from goods_skus k join goods g on g.id = k.goods_id where k.netbar_id = ${nid} and k.barcode = ${barcode} and k.goods_id <> ${exceptGoodsId}
        union all select name from goods_maters where netbar_id = ${nid} and barcode = ${barcode} limit 1`,
  );
  return r[0]?.name;
}

/** Writes the good, its SKUs (kept by id, new ones added, missing ones removed) and its recipe. Returns removed SKU ids. */
export async function writeGoods(
  tx: Conn,
  store: TenantScope,
  v: GoodsSaveBody,
): Promise<{ id: number; removed: number[] }> {
  const nid = store.netbarId;
  const img = v.image_url ?? '';
  let id = v.id;
  if (id) {
    await rows(
      tx,
      sql`update goods set name = ${v.name}, category_id = ${v.category_id}, unit = ${v.unit}, image_url = ${img}, shelf_status = ${v.shelf_status},
          colour = ${v.colour}, track_stock = ${v.track_stock}, low_stock = ${v.low_stock}, updated_at = now() where id = ${id} and netbar_id = ${nid}`,
    );
  } else {
    const r = await rows<{ id: number }>(
      tx,
      sql`insert into goods (netbar_id, category_id, name, unit, image_url, shelf_status, colour, track_stock, low_stock)
          values (${nid}, ${v.category_id}, ${v.name}, ${v.unit}, ${img}, ${v.shelf_status}, ${v.colour}, ${v.track_stock}, ${v.low_stock}) returning id`,
    );
    id = r[0]!.id;
  }
  const existing = await rows<{ id: number }>(tx, sql`select id from goods_skus where goods_id = ${id}`);
  const keep = new Set(v.skus.map((s) => s.id).filter((x): x is number => !!x));
  const removed = existing.map((e) => e.id).filter((e) => !keep.has(e));
  for (const [i, s] of v.skus.entries()) {
    const bc = s.barcode ?? '';
    if (s.id && existing.some((e) => e.id === s.id)) {
      await rows(
        tx,
        sql`update goods_skus set spec = ${s.spec}, barcode = ${bc}, cost_fen = ${s.cost_fen}, price_fen = ${s.price_fen}, member_price_fen = ${s.member_price_fen}, sort = ${i}
            where id = ${s.id} and goods_id = ${id}`,
      );
    } else {
      await rows(
        tx,
        sql`insert into goods_skus (netbar_id, goods_id, spec, barcode, cost_fen, price_fen, member_price_fen, sort)
            values (${nid}, ${id}, ${s.spec}, ${bc}, ${s.cost_fen}, ${s.price_fen}, ${s.member_price_fen}, ${i})`,
      );
    }
  }
  if (removed.length)
    await rows(
      tx,
      sql`delete from goods_skus where goods_id = ${id} and id in (${sql.join(
        removed.map((r) => sql`${r}`),
        sql`, `,
      )})`,
    );
  await rows(tx, sql`delete from goods_recipes where goods_id = ${id}`);
  for (const r of v.recipe)
    await rows(
      tx,
      sql`insert into goods_recipes (goods_id, mater_id, qty) values (${id}, ${r.mater_id}, ${r.qty})`,
    );
  return { id, removed };
}

export async function skuIdsOfGoods(db: Conn, store: TenantScope, goodsIds: number[]) {
  const nid = store.netbarId;
  const r = await rows<{ id: number; goods_id: number }>(
    db,
    sql`select k.id, k.goods_id from goods_skus k where k.netbar_id = ${nid} and k.goods_id in (${sql.join(
      goodsIds.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  return r;
}

export async function skusInGroups(db: Conn, skuIds: number[]) {
  if (!skuIds.length) return false;
  const r = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from goods_group_items where sku_id in (${sql.join(
      skuIds.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  return (r[0]?.n ?? 0) > 0;
}

export async function setShelf(db: Conn, store: TenantScope, ids: number[], status: number) {
  const nid = store.netbarId;
  const r = await rows<{ id: number }>(
    db,
    sql`update goods set shelf_status = ${status}, updated_at = now() where netbar_id = ${nid} and id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )}) returning id`,
  );
  return r.length;
}

export async function deleteGoods(tx: Conn, store: TenantScope, id: number) {
  const nid = store.netbarId;
  return (
    (
      await rows<{ id: number }>(
        tx,
        sql`delete from goods where id = ${id} and netbar_id = ${nid} returning id`,
      )
    ).length > 0
  );
}

// groups
export async function listGroups(db: Conn, store: TenantScope): Promise<GroupRow[]> {
  const nid = store.netbarId;
  return rows<GroupRow>(
    db,
    sql`select gr.id, gr.name, gr.price_fen, gr.shelf_status,
          coalesce((select json_agg(json_build_object('sku_id', k.id, 'name', g.name || case when k.spec <> '' then '（' || k.spec || '）' else '' end, 'qty', i.qty, 'price_fen', k.price_fen) order by k.id)
            from goods_group_items i join goods_skus k on k.id = i.sku_id join goods g on g.id = k.goods_id where i.group_id = gr.id), '[]') as items
        from goods_groups gr where gr.netbar_id = ${nid} order by gr.id`,
  );
}

export async function skusOwned(db: Conn, store: TenantScope, ids: number[]) {
  const nid = store.netbarId;
  const r = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from goods_skus where netbar_id = ${nid} and id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  return r[0]?.n ?? 0;
}

export async function writeGroup(tx: Conn, store: TenantScope, v: GroupSaveBody) {
  const nid = store.netbarId;
  let id = v.id;
  if (id) {
    const r = await rows<{ id: number }>(
      tx,
      sql`update goods_groups set name = ${v.name}, price_fen = ${v.price_fen}, shelf_status = ${v.shelf_status} where id = ${id} and netbar_id = ${nid} returning id`,
    );
    if (!r.length) return undefined;
    await rows(tx, sql`delete from goods_group_items where group_id = ${id}`);
  } else {
    id = (
      await rows<{ id: number }>(
        tx,
        sql`insert into goods_groups (netbar_id, name, price_fen, shelf_status) values (${nid}, ${v.name}, ${v.price_fen}, ${v.shelf_status}) returning id`,
      )
    )[0]!.id;
  }
  for (const i of v.items)
    await rows(
      tx,
      sql`insert into goods_group_items (group_id, sku_id, qty) values (${id}, ${i.sku_id}, ${i.qty})`,
    );
  return id;
}

/** SKU and material options for pickers (documents, recipes, groups, counts). */
export async function itemOptions(db: Conn, store: TenantScope) {
  const nid = store.netbarId;
  return rows<ItemOption>(
    db,
    sql`select 'goods' as item_kind, k.id as item_id, g.id as goods_id, g.name || case when k.spec <> '' then '（' || k.spec || '）' else '' end as name, g.unit, k.barcode, k.cost_fen, k.price_fen,
          exists (select 1 from goods_recipes r where r.goods_id = g.id) as has_recipe
        from goods_skus k join goods g on g.id = k.goods_id where k.netbar_id = ${nid}
        union all
        select 'mater', m.id, 0, m.name, m.unit, m.barcode, m.cost_fen, 0, false from goods_maters m where m.netbar_id = ${nid}
        order by 1, 4`,
  );
}
