import type { DocLineRow, DocRow, DocStatus, StockDocTypeValue, StockLocationValue } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { pageSql } from '../../lib/paging.ts';
import type { TenantScope } from '../../tenant/index.ts';

/** Stock documents and their lines. */

export const DOC_PREFIX: Record<StockDocTypeValue, string> = {
  goods_in: 'RK',
  goods_out: 'CK',
  goods_bar_in: 'BH',
  goods_bar_out: 'TK',
  goods_loss: 'BS',
  check: 'PD',
  mater_in: 'YRK',
  mater_out: 'YCK',
  mater_bar_in: 'YBH',
  mater_bar_out: 'YTK',
  mater_loss: 'YBS',
};

export interface DocHead {
  id: number;
  netbar_id: number;
  doc_no: string;
  doc_type: StockDocTypeValue;
  location: StockLocationValue | null;
  status: DocStatus;
  request_id: string | null;
}

export async function insertDoc(
  tx: Conn,
  s: TenantScope,
  v: {
    doc_type: StockDocTypeValue;
    location?: StockLocationValue;
    remark?: string;
    request_id?: string;
    user: { id: number; name: string };
  },
): Promise<DocHead> {
  const nid = s.netbarId;
  const id = Number((await rows<{ id: string }>(tx, sql`select nextval('stock_docs_id_seq') as id`))[0]!.id);
  const r = await rows<DocHead>(
    tx,
    sql`insert into stock_docs (id, netbar_id, doc_no, doc_type, location, remark, request_id, created_by, created_name)
        values (${id}, ${nid}, ${DOC_PREFIX[v.doc_type]} || to_char(now() at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad(${String(id)}, 6, '0'),
                ${v.doc_type}, ${v.location ?? null}, ${v.remark ?? ''}, ${v.request_id ?? null}, ${v.user.id}, ${v.user.name})
        returning id, netbar_id, doc_no, doc_type, location, status, request_id`,
  );
  return r[0]!;
}

export async function docByRequest(
  db: Conn,
  s: TenantScope,
  requestId: string,
): Promise<DocHead | undefined> {
  const nid = s.netbarId;
  return (
    await rows<DocHead>(
      db,
      sql`select id, netbar_id, doc_no, doc_type, location, status, request_id from stock_docs where netbar_id = ${nid} and request_id = ${requestId}`,
    )
  )[0];
}

export async function lockDoc(tx: Conn, s: TenantScope, id: number): Promise<DocHead | undefined> {
  const nid = s.netbarId;
  return (
    await rows<DocHead>(
      tx,
      sql`select id, netbar_id, doc_no, doc_type, location, status, request_id from stock_docs where id = ${id} and netbar_id = ${nid} for update`,
    )
  )[0];
}

export async function replaceLines(
  tx: Conn,
  docId: number,
  lines: { item_kind: string; item_id: number; qty: number; cost_fen: number }[],
) {
  await rows(tx, sql`delete from stock_doc_lines where doc_id = ${docId}`);
  for (const l of lines) {
    await rows(
      tx,
      sql`insert into stock_doc_lines (doc_id, item_kind, item_id, qty, cost_fen) values (${docId}, ${l.item_kind}, ${l.item_id}, ${l.qty}, ${l.cost_fen})`,
    );
  }
}

export async function setDocHead(tx: Conn, id: number, remark: string) {
  await rows(tx, sql`update stock_docs set remark = ${remark} where id = ${id}`);
}

export async function markDoc(
  tx: Conn,
  id: number,
  status: 'approved' | 'posted',
  user: { id: number; name: string },
) {
  if (status === 'approved')
    await rows(
      tx,
      sql`update stock_docs set status = 'approved', approved_by = ${user.id}, approved_name = ${user.name}, approved_at = now() where id = ${id}`,
    );
  else
    await rows(
      tx,
      sql`update stock_docs set status = 'posted', posted_by = ${user.id}, posted_name = ${user.name}, posted_at = now() where id = ${id}`,
    );
}

export async function deleteDraft(tx: Conn, s: TenantScope, id: number) {
  const nid = s.netbarId;
  return (
    (
      await rows<{ id: number }>(
        tx,
        sql`delete from stock_docs where id = ${id} and netbar_id = ${nid} and status = 'draft' returning id`,
      )
    ).length > 0
  );
}

export interface RawLine {
  id: number;
  item_kind: 'goods' | 'mater';
  item_id: number;
  qty: string;
  cost_fen: number;
  book_qty: string | null;
  book_ledger_id: string | null;
  counted_qty: string | null;
  moved_qty: string | null;
}
export async function docLines(db: Conn, docId: number): Promise<RawLine[]> {
  return rows<RawLine>(
    db,
    sql`select id, item_kind, item_id, qty, cost_fen, book_qty, book_ledger_id, counted_qty, moved_qty from stock_doc_lines where doc_id = ${docId} order by item_kind, item_id`,
  );
}

const itemName = sql`case when l.item_kind = 'goods' then (select g.name || case when k.spec <> '' then '（' || k.spec || '）' else '' end from goods_skus k join goods g on g.id = k.goods_id where k.id = l.item_id)
  else (select m.name from goods_maters m where m.id = l.item_id) end`;
const itemUnit = sql`case when l.item_kind = 'goods' then (select g.unit from goods_skus k join goods g on g.id = k.goods_id where k.id = l.item_id)
  else (select m.unit from goods_maters m where m.id = l.item_id) end`;
const itemBarcode = sql`case when l.item_kind = 'goods' then (select k.barcode from goods_skus k where k.id = l.item_id) else (select m.barcode from goods_maters m where m.id = l.item_id) end`;

export { itemName as ITEM_NAME_SQL, itemUnit as ITEM_UNIT_SQL };

export async function docLineRows(db: Conn, docId: number): Promise<DocLineRow[]> {
  const r = await rows<DocLineRow>(
    db,
    sql`select l.id, l.item_kind, l.item_id, ${itemName} as name, ${itemUnit} as unit, ${itemBarcode} as barcode, l.qty::float8 as qty, l.cost_fen,
          l.book_qty::float8 as book_qty, l.counted_qty::float8 as counted_qty, l.moved_qty::float8 as moved_qty,
          case when l.counted_qty is null then null else (l.counted_qty - l.book_qty)::float8 end as diff_qty
        from stock_doc_lines l where l.doc_id = ${docId} order by l.item_kind, l.id`,
  );
  return r;
}

const docSelect = sql`select d.id, d.doc_no, d.doc_type, d.location, d.status, d.remark,
    (select count(*)::int from stock_doc_lines l where l.doc_id = d.id) as line_count,
    coalesce((select sum(case when d.doc_type = 'check' then coalesce(l.counted_qty - l.book_qty, 0) else l.qty end)::float8 from stock_doc_lines l where l.doc_id = d.id), 0) as total_qty,
    coalesce((select sum(case when d.doc_type = 'check' then coalesce(l.counted_qty - l.book_qty, 0) else l.qty end * l.cost_fen)::float8 from stock_doc_lines l where l.doc_id = d.id), 0)::float8 as total_cost_fen,
    d.created_name, to_char(d.created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as created_at, d.approved_name, d.posted_name,
    to_char(d.posted_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as posted_at
  from stock_docs d`;

export async function listDocs(
  db: Conn,
  s: TenantScope,
  q: { page: number; page_size: number; doc_type?: string; status?: string },
) {
  const nid = s.netbarId;
  const parts: SQL[] = [sql`d.netbar_id = ${nid}`];
  if (q.doc_type) parts.push(sql`d.doc_type = ${q.doc_type}`);
  if (q.status) parts.push(sql`d.status = ${q.status}`);
  const where = sql.join(parts, sql` and `);
  const list = await rows<DocRow>(db, sql`${docSelect} where ${where} order by d.id desc ${pageSql(q)}`);
  const c = await rows<{ n: number }>(db, sql`select count(*)::int as n from stock_docs d where ${where}`);
  return { list, count: c[0]?.n ?? 0 };
}

export async function findDoc(db: Conn, s: TenantScope, id: number): Promise<DocRow | undefined> {
  const nid = s.netbarId;
  return (await rows<DocRow>(db, sql`${docSelect} where d.id = ${id} and d.netbar_id = ${nid}`))[0];
}
