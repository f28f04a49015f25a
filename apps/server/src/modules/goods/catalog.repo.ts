import type { CategoryRow, MaterRow, SpecRow } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { pageSql } from '../../lib/paging.ts';
import type { TenantScope } from '../../tenant/index.ts';

/** Categories, specifications and materials of one store. Every query takes the store id from the caller's scope. */

const like = (k: string) => `%${k.replace(/[%_\\]/g, '\\$&')}%`;

/** Categories a store sees: its own, and those its chain head shares. */
export const visibleCategory = (store: TenantScope): SQL =>
  sql`(c.netbar_id = ${store.netbarId} or (c.shared and c.chain_id > 0 and c.chain_id = (select chain_id from netbars where id = ${store.netbarId})))`;

export async function chainHeadOf(db: Conn, store: TenantScope): Promise<number> {
  const nid = store.netbarId;
  const r = await rows<{ chain_id: number; id: number }>(
    db,
    sql`select id, chain_id from netbars where id = ${nid}`,
  );
  const n = r[0];
  return n && n.chain_id > 0 && n.chain_id === n.id ? n.chain_id : 0;
}

export async function listCategories(db: Conn, store: TenantScope, keyword?: string): Promise<CategoryRow[]> {
  const nid = store.netbarId;
  const kw = keyword ? sql`and c.name ilike ${like(keyword)}` : sql``;
  return rows<CategoryRow>(
    db,
    sql`select c.id, c.name, c.sort, c.shared, c.netbar_id = ${nid} as own, n.name as netbar_name,
          (select count(*)::int from goods g where g.category_id = c.id and g.netbar_id = ${nid}) as goods_count
        from goods_categories c join netbars n on n.id = c.netbar_id
        where ${visibleCategory(store)} ${kw} order by c.sort, c.id`,
  );
}

export async function findVisibleCategory(db: Conn, store: TenantScope, id: number) {
  const nid = store.netbarId;
  const r = await rows<{ id: number; own: boolean }>(
    db,
    sql`select c.id, c.netbar_id = ${nid} as own from goods_categories c where c.id = ${id} and ${visibleCategory(store)}`,
  );
  return r[0];
}

export async function saveCategory(
  db: Conn,
  store: TenantScope,
  v: { id?: number; name: string; sort: number; shared: boolean; chainId: number },
) {
  const nid = store.netbarId;
  if (v.id) {
    const r = await rows<{ id: number }>(
      db,
      sql`update goods_categories set name = ${v.name}, sort = ${v.sort}, shared = ${v.shared}, chain_id = ${v.chainId}
          where id = ${v.id} and netbar_id = ${nid} returning id`,
    );
    return r[0]?.id;
  }
  const r = await rows<{ id: number }>(
    db,
    sql`insert into goods_categories (netbar_id, name, sort, shared, chain_id) values (${nid}, ${v.name}, ${v.sort}, ${v.shared}, ${v.chainId}) returning id`,
  );
  return r[0]?.id;
}

export async function categoryNameTaken(db: Conn, store: TenantScope, name: string, exceptId?: number) {
  const nid = store.netbarId;
  const r = await rows<{ id: number }>(
    db,
    sql`select id from goods_categories where netbar_id = ${nid} and name = ${name} and id <> ${exceptId ?? 0}`,
  );
  return r.length > 0;
}

export async function categoryInUse(db: Conn, id: number) {
  const r = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from goods where category_id = ${id}`,
  );
  return (r[0]?.n ?? 0) > 0;
}

export async function deleteOwned(
  db: Conn,
  table:
    | 'goods_categories'
    | 'goods_specs'
    | 'goods_groups'
    | 'goods_maters'
    | 'goods_sales_plans'
    | 'goods_promotions',
  store: TenantScope,
  id: number,
) {
  const nid = store.netbarId;
  const r = await rows<{ id: number }>(
    db,
    sql`delete from ${sql.identifier(table)} where id = ${id} and netbar_id = ${nid} returning id`,
  );
  return r.length > 0;
}

export async function sortCategories(db: Conn, store: TenantScope, ids: number[]) {
  const nid = store.netbarId;
  let n = 0;
  for (const [i, id] of ids.entries()) {
    const r = await rows<{ id: number }>(
      db,
      sql`update goods_categories set sort = ${(i + 1) * 10} where id = ${id} and netbar_id = ${nid} returning id`,
    );
    n += r.length;
  }
  return n;
}

export async function listSpecs(db: Conn, store: TenantScope): Promise<SpecRow[]> {
  const nid = store.netbarId;
  return rows<SpecRow>(
    db,
    sql`select id, name, spec_values as values from goods_specs where netbar_id = ${nid} order by id`,
  );
}

export async function saveSpec(
  db: Conn,
  store: TenantScope,
  v: { id?: number; name: string; values: string[] },
) {
  const nid = store.netbarId;
  const vals = JSON.stringify(v.values);
  const r = v.id
    ? await rows<{ id: number }>(
        db,
        sql`update goods_specs set name = ${v.name}, spec_values = ${vals}::jsonb where id = ${v.id} and netbar_id = ${nid} returning id`,
      )
    : await rows<{ id: number }>(
        db,
        sql`insert into goods_specs (netbar_id, name, spec_values) values (${nid}, ${v.name}, ${vals}::jsonb) returning id`,
      );
  return r[0]?.id;
}

export async function nameTaken(
  db: Conn,
  table: 'goods_specs' | 'goods_maters' | 'goods_groups' | 'goods',
  store: TenantScope,
  name: string,
  exceptId?: number,
) {
  const nid = store.netbarId;
  const r = await rows<{ id: number }>(
    db,
    sql`select id from ${sql.identifier(table)} where netbar_id = ${nid} and name = ${name} and id <> ${exceptId ?? 0}`,
  );
  return r.length > 0;
}

export async function listMaters(
  db: Conn,
  store: TenantScope,
  q: { keyword?: string; page: number; page_size: number },
) {
  const nid = store.netbarId;
  const kw = q.keyword ? sql`and (m.name ilike ${like(q.keyword)} or m.barcode = ${q.keyword})` : sql``;
  const list = await rows<MaterRow>(
    db,
    sql`select m.id, m.name, m.unit, m.barcode, m.cost_fen, m.low_stock,
          coalesce((select sum(qty)::float8 from stock_levels s where s.netbar_id = ${nid} and s.item_kind = 'mater' and s.item_id = m.id), 0) as qty
        from goods_maters m where m.netbar_id = ${nid} ${kw} order by m.id ${pageSql(q)}`,
  );
  const c = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from goods_maters m where m.netbar_id = ${nid} ${kw}`,
  );
  return { list, count: c[0]?.n ?? 0 };
}

export async function saveMater(
  db: Conn,
  store: TenantScope,
  v: { id?: number; name: string; unit: string; barcode?: string; cost_fen: number; low_stock: number },
) {
  const nid = store.netbarId;
  const bc = v.barcode ?? '';
  const r = v.id
    ? await rows<{ id: number }>(
        db,
        sql`update goods_maters set name = ${v.name}, unit = ${v.unit}, barcode = ${bc}, cost_fen = ${v.cost_fen}, low_stock = ${v.low_stock}
            where id = ${v.id} and netbar_id = ${nid} returning id`,
      )
    : await rows<{ id: number }>(
        db,
        sql`insert into goods_maters (netbar_id, name, unit, barcode, cost_fen, low_stock) values (${nid}, ${v.name}, ${v.unit}, ${bc}, ${v.cost_fen}, ${v.low_stock}) returning id`,
      );
  return r[0]?.id;
}

/** Whether an item has stock or any ledger history (then it may not be deleted). */
export async function hasStockOrHistory(
  db: Conn,
  store: TenantScope,
  kind: 'goods' | 'mater',
  itemIds: number[],
) {
  const nid = store.netbarId;
  if (!itemIds.length) return false;
  const list = sql.join(
    itemIds.map((i) => sql`${i}`),
    sql`, `,
  );
  const r = await rows<{ n: number }>(
    db,
    sql`select (select count(*)::int from stock_ledger where netbar_id = ${nid} and item_kind = ${kind} and item_id in (${list}))
             + (select count(*)::int from stock_levels where netbar_id = ${nid} and item_kind = ${kind} and item_id in (${list}) and qty <> 0)
             + (select count(*)::int from stock_doc_lines l join stock_docs d on d.id = l.doc_id where d.netbar_id = ${nid} and l.item_kind = ${kind} and l.item_id in (${list})) as n`,
  );
  return (r[0]?.n ?? 0) > 0;
}

export async function materUsedByRecipe(db: Conn, id: number) {
  const r = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from goods_recipes where mater_id = ${id}`,
  );
  return (r[0]?.n ?? 0) > 0;
}

export async function materOwned(db: Conn, store: TenantScope, id: number) {
  const nid = store.netbarId;
  return (
    (await rows<{ id: number }>(db, sql`select id from goods_maters where id = ${id} and netbar_id = ${nid}`))
      .length > 0
  );
}
