import type { CouponTemplateListQuery, CouponTemplateRow, CouponTemplateSaveBody } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { pageSql } from '../../lib/paging.ts';
import { fmtDate, fmtTs } from '../../lib/sql-dates.ts';
import type { TenantScope } from '../../tenant/index.ts';

/**
 * Coupon templates (decision 186). A store sees its own templates and its chain head's chain templates;
 * it edits only its own. Every statement carries the caller's store.
 */

/** Templates the store may see and issue: its own, and its chain head's chain-wide ones. */
export const visibleAt = (nid: number, alias = 't'): SQL =>
  sql.raw(
    `(${alias}.netbar_id = ${Number(nid)} or (${alias}.scope = 'chain' and ${alias}.netbar_id = (select chain_id from netbars where id = ${Number(nid)} and chain_id <> 0)))`,
  );

const COLS = (nid: number) => sql`t.id, t.netbar_id, n.name as netbar_name, t.scope, t.name, t.kind,
  t.amount_fen::float8 as amount_fen, t.min_spend_fen::float8 as min_spend_fen, t.category_ids,
  coalesce((select jsonb_agg(c.name order by c.id) from goods_categories c
            where c.id in (select jsonb_array_elements_text(t.category_ids)::int)), '[]'::jsonb) as category_names,
  t.valid_mode, ${fmtDate('t.valid_from')} as valid_from, ${fmtDate('t.valid_to')} as valid_to, t.valid_days,
  t.status, t.issued, t.used, (t.netbar_id = ${nid}) as own, ${fmtTs('t.created_at')} as created_at`;

export async function listTemplates(db: Conn, s: TenantScope, q: CouponTemplateListQuery, all = false) {
  const nid = s.netbarId;
  const where = [visibleAt(nid)];
  if (q.status) where.push(sql`t.status = ${q.status}`);
  if (q.keyword) where.push(sql`t.name like ${`%${q.keyword.replace(/[\\%_]/g, '\\$&')}%`}`);
  const w = sql.join(where, sql` and `);
  const [list, n] = await Promise.all([
    rows<CouponTemplateRow>(
      db,
      sql`select ${COLS(nid)} from coupon_templates t join netbars n on n.id = t.netbar_id where ${w}
          order by t.id desc ${all ? sql`` : pageSql(q)}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n from coupon_templates t where ${w}`),
  ]);
  return { list, count: Number(n[0]?.n ?? 0) };
}

export async function templateById(db: Conn, s: TenantScope, id: number, lock = false) {
  const r = await rows<CouponTemplateRow>(
    db,
    sql`select ${COLS(s.netbarId)} from coupon_templates t join netbars n on n.id = t.netbar_id
        where t.id = ${id} and ${visibleAt(s.netbarId)} ${lock ? sql`for update of t` : sql``}`,
  );
  return r[0];
}

/** Whether the store is a chain head (chain templates are the head's). */
export async function isChainHead(db: Conn, nid: number): Promise<boolean> {
  const r = await rows<{ head: boolean }>(
    db,
    sql`select (chain_id = id) as head from netbars where id = ${nid}`,
  );
  return r[0]?.head === true;
}

/** The category ids among `ids` the store may use (its own and its chain's shared categories). */
export async function knownCategories(db: Conn, nid: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const r = await rows<{ id: number }>(
    db,
    sql`select c.id from goods_categories c
        where c.id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})
          and (c.netbar_id = ${nid} or (c.shared and c.chain_id = (select chain_id from netbars where id = ${nid} and chain_id <> 0)))`,
  );
  return r.map((x) => Number(x.id));
}

const validCols = (b: CouponTemplateSaveBody) =>
  b.valid_mode === 'range'
    ? { from: b.valid_from ?? null, to: b.valid_to ?? null, days: null }
    : { from: null, to: null, days: b.valid_days ?? null };

export async function insertTemplate(db: Conn, nid: number, userId: number, b: CouponTemplateSaveBody) {
  const v = validCols(b);
  const r = await rows<{ id: number }>(
    db,
    sql`insert into coupon_templates (netbar_id, scope, name, kind, amount_fen, min_spend_fen, category_ids, valid_mode,
          valid_from, valid_to, valid_days, status, created_by)
        values (${nid}, ${b.scope}, ${b.name}, ${b.kind}, ${b.amount_fen}, ${b.min_spend_fen}, ${JSON.stringify(b.category_ids)}::jsonb,
          ${b.valid_mode}, ${v.from}, ${v.to}, ${v.days}, ${b.status}, ${userId})
        returning id`,
  );
  return Number(r[0]!.id);
}

/** Updates the store's own template; false when it is not the store's. */
export async function updateTemplate(db: Conn, nid: number, id: number, b: CouponTemplateSaveBody) {
  const v = validCols(b);
  const r = await rows<{ id: number }>(
    db,
    sql`update coupon_templates set scope = ${b.scope}, name = ${b.name}, kind = ${b.kind}, amount_fen = ${b.amount_fen},
          min_spend_fen = ${b.min_spend_fen}, category_ids = ${JSON.stringify(b.category_ids)}::jsonb, valid_mode = ${b.valid_mode},
          valid_from = ${v.from}, valid_to = ${v.to}, valid_days = ${v.days}, status = ${b.status}, updated_at = now()
        where id = ${id} and netbar_id = ${nid} returning id`,
  );
  return r.length > 0;
}

export async function setTemplateStatus(db: Conn, nid: number, id: number, status: string) {
  const r = await rows<{ id: number }>(
    db,
    sql`update coupon_templates set status = ${status}, updated_at = now() where id = ${id} and netbar_id = ${nid} returning id`,
  );
  return r.length > 0;
}

export async function bumpTemplate(db: Conn, id: number, col: 'issued' | 'used', by: number) {
  await rows(
    db,
    col === 'issued'
      ? sql`update coupon_templates set issued = issued + ${by} where id = ${id}`
      : sql`update coupon_templates set used = used + ${by} where id = ${id}`,
  );
}
