import type { CouponRecordQuery, MemberCouponRow } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { dayRange } from '../../lib/day-bounds.ts';
import { pageSql } from '../../lib/paging.ts';
import { fmtDate, fmtTs } from '../../lib/sql-dates.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { visibleAt } from './coupon.repo.ts';

/** Member coupons (decision 186): issued, listed, locked for an order, used and given back. */

/** Coupons usable at the store: its own, and its chain head's chain-wide ones. */
const visibleCoupon = (nid: number): SQL =>
  sql`(c.netbar_id = ${nid} or exists (select 1 from coupon_templates t where t.id = c.template_id and ${visibleAt(nid)}))`;

/** 已过期 is an unused coupon past its last Beijing day. */
const STATE = sql`case when c.status = 'unused' and c.valid_to < (now() at time zone 'Asia/Shanghai')::date then 'expired' else c.status end`;

const COLS = sql`c.id::int as id, c.template_id, c.name, c.kind, c.amount_fen::float8 as amount_fen, c.min_spend_fen::float8 as min_spend_fen,
  c.category_ids, coalesce((select jsonb_agg(g.name order by g.id) from goods_categories g
    where g.id in (select jsonb_array_elements_text(c.category_ids)::int)), '[]'::jsonb) as category_names,
  ${fmtDate('c.valid_from')} as valid_from, ${fmtDate('c.valid_to')} as valid_to, ${STATE} as state, c.source,
  coalesce(a.name, '') as activity_name, c.member_id, m.name as member_name, m.card_mask as member_card, n.name as netbar_name,
  c.issued_by_name as issued_by, ${fmtTs('c.issued_at')} as issued_at, c.order_id::int as order_id, coalesce(o.order_no, '') as order_no,
  c.used_fen::float8 as used_fen, ${fmtTs('c.used_at')} as used_at`;
const FROM = sql`from member_coupons c join members m on m.id = c.member_id join netbars n on n.id = c.netbar_id
  left join activities a on a.id = c.activity_id left join orders o on o.id = c.order_id`;

export interface NewCoupon {
  netbar_id: number;
  template_id: number;
  pool_id: number;
  member_id: number;
  name: string;
  kind: string;
  amount_fen: number;
  min_spend_fen: number;
  category_ids: number[];
  valid_from: string;
  valid_to: string;
  source: 'activity' | 'manual';
  activity_id: number | null;
  issued_by: number;
  issued_by_name: string;
  request_id: string;
  /** When it was issued (a claim's moment; now by default). */
  issued_at?: Date;
}

export async function insertCoupon(tx: Conn, c: NewCoupon): Promise<number> {
  const r = await rows<{ id: number }>(
    tx,
    sql`insert into member_coupons (netbar_id, template_id, pool_id, member_id, name, kind, amount_fen, min_spend_fen, category_ids,
          valid_from, valid_to, source, activity_id, issued_by, issued_by_name, request_id, issued_at)
        values (${c.netbar_id}, ${c.template_id}, ${c.pool_id}, ${c.member_id}, ${c.name}, ${c.kind}, ${c.amount_fen}, ${c.min_spend_fen},
          ${JSON.stringify(c.category_ids)}::jsonb, ${c.valid_from}, ${c.valid_to}, ${c.source}, ${c.activity_id}, ${c.issued_by},
          ${c.issued_by_name}, ${c.request_id}, ${c.issued_at ? c.issued_at.toISOString() : sql`now()`}::timestamptz)
        returning id::int`,
  );
  return Number(r[0]!.id);
}

export async function couponByRequest(db: Conn, nid: number, requestId: string) {
  const r = await rows<{ id: number; template_id: number; member_id: number }>(
    db,
    sql`select id::int, template_id, member_id from member_coupons where netbar_id = ${nid} and request_id = ${requestId}`,
  );
  return r[0];
}

/** One coupon as the lists show it, when the store may see it (its own, or its chain head's). */
export async function couponById(db: Conn, s: TenantScope, id: number): Promise<MemberCouponRow | undefined> {
  const r = await rows<MemberCouponRow>(
    db,
    sql`select ${COLS} ${FROM} where c.id = ${id} and (${visibleCoupon(s.netbarId)} or c.used_netbar_id = ${s.netbarId})`,
  );
  return r[0];
}

/** A member's coupons the store may see; `usable`: unused, within validity today (Beijing), newest expiry first. */
export async function memberCoupons(
  db: Conn,
  s: TenantScope,
  pool: number,
  memberId: number,
  usable: boolean,
) {
  return rows<MemberCouponRow>(
    db,
    sql`select ${COLS} ${FROM}
        where c.pool_id = ${pool} and c.member_id = ${memberId} and ${visibleCoupon(s.netbarId)}
          ${usable ? sql`and c.status = 'unused' and (now() at time zone 'Asia/Shanghai')::date between c.valid_from and c.valid_to` : sql``}
        order by ${usable ? sql`c.valid_to, c.amount_fen desc, c.id` : sql`c.id desc`}`,
  );
}

/** 优惠券记录: the store's coupons (issued from its templates, or used at it) with the figures of all pages. */
export async function couponRecords(db: Conn, s: TenantScope, q: CouponRecordQuery, all = false) {
  const where: SQL[] = [sql`(c.netbar_id = ${s.netbarId} or c.used_netbar_id = ${s.netbarId})`];
  if (q.state) where.push(sql`${STATE} = ${q.state}`);
  if (q.template_id) where.push(sql`c.template_id = ${q.template_id}`);
  if (q.member_id) where.push(sql`c.member_id = ${q.member_id}`);
  if (q.source) where.push(sql`c.source = ${q.source}`);
  where.push(...dayRange(sql`c.issued_at`, q.start_date, q.end_date));
  const w = sql.join(where, sql` and `);
  const [list, t] = await Promise.all([
    rows<MemberCouponRow>(
      db,
      sql`select ${COLS} ${FROM} where ${w} order by c.id desc ${all ? sql`` : pageSql(q)}`,
    ),
    rows<{ n: number; amount: string; used: string }>(
      db,
      sql`select count(*)::int as n, coalesce(sum(c.amount_fen), 0) as amount, coalesce(sum(c.used_fen), 0) as used
          from member_coupons c where ${w}`,
    ),
  ]);
  return {
    list,
    count: Number(t[0]?.n ?? 0),
    amount_fen: Number(t[0]?.amount ?? 0),
    used_fen: Number(t[0]?.used ?? 0),
  };
}

export interface LockedCoupon {
  id: number;
  netbar_id: number;
  template_id: number;
  member_id: number;
  name: string;
  amount_fen: number;
  min_spend_fen: number;
  category_ids: number[];
  status: 'unused' | 'used' | 'void';
  valid_from: string;
  valid_to: string;
  today: string;
}

/** The coupon locked for an order at the store (its pool, visible there); undefined otherwise. */
export async function lockCoupon(tx: Conn, nid: number, pool: number, id: number) {
  const r = await rows<LockedCoupon>(
    tx,
    sql`select c.id::int as id, c.netbar_id, c.template_id, c.member_id, c.name, c.amount_fen::float8 as amount_fen,
          c.min_spend_fen::float8 as min_spend_fen, c.category_ids, c.status, ${fmtDate('c.valid_from')} as valid_from,
          ${fmtDate('c.valid_to')} as valid_to, to_char((now() at time zone 'Asia/Shanghai')::date, 'YYYY-MM-DD') as today
        from member_coupons c where c.id = ${id} and c.pool_id = ${pool} and ${visibleCoupon(nid)} for update`,
  );
  return r[0];
}

export async function markUsed(tx: Conn, id: number, orderId: number, nid: number, fen: number) {
  const r = await rows<{ id: number }>(
    tx,
    sql`update member_coupons set status = 'used', order_id = ${orderId}, used_netbar_id = ${nid}, used_fen = ${fen}, used_at = now()
        where id = ${id} and status = 'unused' returning id::int`,
  );
  return r.length > 0;
}

/** The coupon an order of the store used, locked (cancel, full refund). */
export async function couponOfOrder(tx: Conn, nid: number, orderId: number) {
  const r = await rows<LockedCoupon>(
    tx,
    sql`select c.id::int as id, c.netbar_id, c.template_id, c.member_id, c.name, c.amount_fen::float8 as amount_fen,
          c.min_spend_fen::float8 as min_spend_fen, c.category_ids, c.status, ${fmtDate('c.valid_from')} as valid_from,
          ${fmtDate('c.valid_to')} as valid_to, to_char((now() at time zone 'Asia/Shanghai')::date, 'YYYY-MM-DD') as today
        from member_coupons c where c.order_id = ${orderId} and c.used_netbar_id = ${nid} for update`,
  );
  return r[0];
}

export async function markUnused(tx: Conn, id: number) {
  await rows(
    tx,
    sql`update member_coupons set status = 'unused', order_id = null, used_netbar_id = null, used_fen = 0, used_at = null
        where id = ${id} and status = 'used'`,
  );
}

export async function voidCoupon(tx: Conn, nid: number, id: number) {
  const r = await rows<{ id: number }>(
    tx,
    sql`update member_coupons c set status = 'void', voided_at = now()
        where c.id = ${id} and c.netbar_id = ${nid} and c.status = 'unused' returning c.id::int`,
  );
  return r.length > 0;
}

/** The goods category of each SKU of the store (a coupon's scope). */
export async function skuCategories(db: Conn, nid: number, skuIds: number[]): Promise<Map<number, number>> {
  if (!skuIds.length) return new Map();
  const r = await rows<{ sku_id: number; category_id: number }>(
    db,
    sql`select k.id as sku_id, g.category_id from goods_skus k join goods g on g.id = k.goods_id
        where g.netbar_id = ${nid} and k.id in (${sql.join(
          skuIds.map((i) => sql`${i}`),
          sql`, `,
        )})`,
  );
  return new Map(r.map((x) => [Number(x.sku_id), Number(x.category_id)]));
}

export async function memberInPool(db: Conn, pool: number, memberId: number): Promise<boolean> {
  const r = await rows<{ id: number }>(
    db,
    sql`select id from members where id = ${memberId} and pool_id = ${pool}`,
  );
  return r.length > 0;
}
