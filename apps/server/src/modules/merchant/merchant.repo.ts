import {
  MERCHANT_STATUS_LABELS,
  type MerchantDocKind,
  type MerchantListQuery,
  type MerchantRow,
  type MerchantStatus,
  type MerchantStoreRow,
} from '@netbar/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { merchantDocs, merchantStores, merchants } from '../../db/schema/index.ts';
import { paged } from '../../lib/paging.ts';
import { fmtTs } from '../../lib/sql-dates.ts';

/**
 * Who reads merchants: a netbar owner (type 3) only its own; the payment company (type 6) every merchant
 * that has been submitted (drafts stay the owner's). Every read and write below takes it first.
 */
export interface MerchantViewer {
  userId: number;
  type: number;
}
export const isPayCompany = (v: MerchantViewer) => v.type === 6;

export function viewerWhere(v: MerchantViewer): SQL {
  return isPayCompany(v) ? sql`m.status <> 0` : sql`m.owner_user_id = ${v.userId}`;
}

export type MerchantRecord = typeof merchants.$inferSelect;
export type MerchantDocRecord = typeof merchantDocs.$inferSelect;

/** One merchant the viewer may see, or undefined (another owner's id finds nothing). */
export async function merchantFor(
  db: Conn,
  v: MerchantViewer,
  id: number,
  lock = false,
): Promise<MerchantRecord | undefined> {
  const r = await rows<{ id: number }>(
    db,
    sql`select m.id from merchants m where m.id = ${id} and ${viewerWhere(v)} ${lock ? sql`for update` : sql``}`,
  );
  if (!r.length) return undefined;
  const [m] = await db.select().from(merchants).where(eq(merchants.id, id));
  return m;
}

/** The owner's latest draft or rejected merchant (add_save / get_save without an id). */
export async function openDraftOf(db: Conn, ownerId: number): Promise<MerchantRecord | undefined> {
  const r = await rows<{ id: number }>(
    db,
    sql`select id from merchants where owner_user_id = ${ownerId} and status in (0, 2) order by id desc limit 1`,
  );
  if (!r.length) return undefined;
  const [m] = await db.select().from(merchants).where(eq(merchants.id, r[0]!.id));
  return m;
}

/** The owner's draft (status 0; at most one, migration 0921), locked for the save. */
export async function draftIdOf(db: Conn, ownerId: number): Promise<number | undefined> {
  const r = await rows<{ id: number }>(
    db,
    sql`select id from merchants where owner_user_id = ${ownerId} and status = 0 for update`,
  );
  return r[0]?.id;
}

export async function insertMerchant(db: Conn, v: typeof merchants.$inferInsert): Promise<number> {
  const [r] = await db.insert(merchants).values(v).returning({ id: merchants.id });
  return r!.id;
}

export async function updateMerchant(db: Conn, id: number, v: Partial<typeof merchants.$inferInsert>) {
  await db
    .update(merchants)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(merchants.id, id));
}

/** Is a legal name held by another submitted merchant? */
export async function nameTaken(db: Conn, name: string, exceptId?: number): Promise<boolean> {
  const r = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from merchants
        where legal_name = ${name} and status <> 0 and id <> ${exceptId ?? 0}`,
  );
  return (r[0]?.n ?? 0) > 0;
}

const ROW_SELECT = sql`select m.id, coalesce(m.merchant_no, '') as merchant_no, m.legal_name, m.short_name,
  coalesce(m.merchant_type, 0)::int as merchant_type, m.legal_person, m.mobile, m.status::int as status,
  m.source, coalesce(u.true_name, u.user_name, '') as owner_name, coalesce(n.name, '') as netbar_name,
  coalesce(${fmtTs('m.submitted_at')}, '') as submitted_at, ${fmtTs('m.updated_at')} as updated_at`;
const ROW_FROM = sql`from merchants m left join users u on u.id = m.owner_user_id left join netbars n on n.id = m.netbar_id`;

const withLabel = (r: Omit<MerchantRow, 'status_label'>): MerchantRow => ({
  ...r,
  status_label: MERCHANT_STATUS_LABELS[r.status as MerchantStatus],
});

/** The merchants the viewer sees, newest change first, filtered by status and a keyword. */
export async function listMerchants(db: Conn, v: MerchantViewer, q: MerchantListQuery) {
  const where: SQL[] = [viewerWhere(v)];
  if (q.status !== undefined) where.push(sql`m.status = ${q.status}`);
  if (q.keyword) {
    const like = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      sql`(m.legal_name like ${like} or m.short_name like ${like} or m.merchant_no like ${like}
           or m.mobile like ${like} or m.legal_person like ${like} or n.name like ${like})`,
    );
  }
  const r = await paged<Omit<MerchantRow, 'status_label'>>(
    db,
    ROW_SELECT,
    ROW_FROM,
    where,
    sql`m.updated_at desc, m.id desc`,
    q,
  );
  return { list: r.list.map(withLabel), count: r.count };
}

export async function merchantRow(db: Conn, id: number): Promise<MerchantRow> {
  const [r] = await rows<Omit<MerchantRow, 'status_label'>>(
    db,
    sql`${ROW_SELECT} ${ROW_FROM} where m.id = ${id}`,
  );
  return withLabel(r!);
}

/** Merchants with this mobile (legal person's), as the viewer may see them. */
export async function merchantsByMobile(db: Conn, v: MerchantViewer, mobile: string) {
  const r = await rows<Omit<MerchantRow, 'status_label'>>(
    db,
    sql`${ROW_SELECT} ${ROW_FROM} where m.mobile = ${mobile} and ${viewerWhere(v)} order by m.id desc limit 50`,
  );
  const all = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from merchants where mobile = ${mobile}`,
  );
  return { exists: (all[0]?.n ?? 0) > 0, list: r.map(withLabel) };
}

export async function merchantIdByNo(db: Conn, v: MerchantViewer, no: string): Promise<number | undefined> {
  const r = await rows<{ id: number }>(
    db,
    sql`select m.id from merchants m where (m.merchant_no = ${no} or m.sqb_merchant_no = ${no}) and ${viewerWhere(v)}`,
  );
  return r[0]?.id;
}

export async function sqbImported(db: Conn, no: string): Promise<boolean> {
  const r = await rows<{ id: number }>(db, sql`select id from merchants where sqb_merchant_no = ${no}`);
  return r.length > 0;
}

// ---- documents

export async function insertDoc(db: Conn, v: typeof merchantDocs.$inferInsert): Promise<number> {
  const [r] = await db.insert(merchantDocs).values(v).returning({ id: merchantDocs.id });
  return r!.id;
}

/**
 * A document the viewer may read: the owner its own uploads; the payment company the documents of a
 * submitted merchant.
 */
export async function docFor(
  db: Conn,
  v: MerchantViewer,
  id: number,
): Promise<MerchantDocRecord | undefined> {
  const r = await rows<{ id: number }>(
    db,
    isPayCompany(v)
      ? sql`select d.id from merchant_docs d join merchants m on m.id = d.merchant_id where d.id = ${id} and m.status <> 0`
      : sql`select d.id from merchant_docs d where d.id = ${id} and d.owner_user_id = ${v.userId}`,
  );
  if (!r.length) return undefined;
  const [d] = await db.select().from(merchantDocs).where(eq(merchantDocs.id, id));
  return d;
}

export async function docById(db: Conn, id: number): Promise<MerchantDocRecord | undefined> {
  const [d] = await db.select().from(merchantDocs).where(eq(merchantDocs.id, id));
  return d;
}

/** The owner's documents by id, for attaching to a merchant. */
export async function ownerDocs(db: Conn, ownerId: number, ids: number[]) {
  if (!ids.length) return [];
  return rows<{ id: number; kind: MerchantDocKind; merchant_id: number | null }>(
    db,
    sql`select id, kind, merchant_id from merchant_docs
        where owner_user_id = ${ownerId} and id in (${sql.join(ids, sql`, `)})`,
  );
}

/** Attaches the chosen documents of each kind to the merchant (and detaches the ones they replace). */
export async function attachDocs(
  db: Conn,
  merchantId: number,
  docIds: { kind: MerchantDocKind; id: number }[],
) {
  for (const d of docIds) {
    await db
      .update(merchantDocs)
      .set({ merchantId: null })
      .where(and(eq(merchantDocs.merchantId, merchantId), eq(merchantDocs.kind, d.kind)));
    await db.update(merchantDocs).set({ merchantId }).where(eq(merchantDocs.id, d.id));
  }
}

export async function docsOf(db: Conn, merchantId: number) {
  return rows<{ id: number; kind: MerchantDocKind }>(
    db,
    sql`select id, kind from merchant_docs where merchant_id = ${merchantId}
        order by array_position(array['licence', 'id_front', 'id_back', 'storefront', 'cashier'], kind), id`,
  );
}

// ---- stores

export async function storesOf(db: Conn, merchantId: number): Promise<MerchantStoreRow[]> {
  return rows<MerchantStoreRow>(
    db,
    sql`select s.id, s.store_no, s.store_name, s.netbar_id, coalesce(n.name, '') as netbar_name
        from merchant_stores s left join netbars n on n.id = s.netbar_id
        where s.merchant_id = ${merchantId} order by s.id`,
  );
}

export async function insertStore(db: Conn, v: typeof merchantStores.$inferInsert): Promise<number> {
  const [r] = await db.insert(merchantStores).values(v).returning({ id: merchantStores.id });
  return r!.id;
}

export async function storeOfMerchant(db: Conn, merchantId: number, storeId: number) {
  const [s] = await db
    .select()
    .from(merchantStores)
    .where(and(eq(merchantStores.id, storeId), eq(merchantStores.merchantId, merchantId)));
  return s;
}

export async function bindStoreNetbar(db: Conn, storeId: number, netbarId: number) {
  await db.update(merchantStores).set({ netbarId }).where(eq(merchantStores.id, storeId));
}

export async function storeBoundTo(db: Conn, netbarId: number): Promise<number | undefined> {
  const r = await rows<{ id: number }>(db, sql`select id from merchant_stores where netbar_id = ${netbarId}`);
  return r[0]?.id;
}

export async function storeCount(db: Conn, merchantId: number): Promise<number> {
  const r = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from merchant_stores where merchant_id = ${merchantId}`,
  );
  return r[0]?.n ?? 0;
}

/** A live store the owner owns (netbars.owner_user_id), with its name. */
export async function ownedNetbar(db: Conn, ownerId: number, netbarId: number) {
  const r = await rows<{ id: number; name: string }>(
    db,
    sql`select id, name from netbars where id = ${netbarId} and owner_user_id = ${ownerId} and status <> 0`,
  );
  return r[0];
}

/** The merchant serving a store: the one whose acquirer store is bound to the netbar. */
export async function merchantOfNetbar(db: Conn, netbarId: number): Promise<MerchantRecord | undefined> {
  const r = await rows<{ id: number }>(
    db,
    sql`select merchant_id as id from merchant_stores where netbar_id = ${netbarId}`,
  );
  if (!r.length) return undefined;
  const [m] = await db.select().from(merchants).where(eq(merchants.id, r[0]!.id));
  return m;
}
