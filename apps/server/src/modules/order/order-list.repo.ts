import type { OrderListFilter, OrderListRow, OrderListTotals } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { dayRange } from '../../lib/day-bounds.ts';
import {
  afterTs,
  type Cursor,
  countOf,
  EXACT_COUNT_CAP,
  encodeCursor,
  microsOf,
  pageSql,
} from '../../lib/paging.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import type { TenantScope } from '../../tenant/index.ts';

/**
 * The SQL of the shopping order list (decision 133): one WHERE for the page, the 合计 and the export,
 * every part on an indexed column of `orders` or an indexed lookup of its lines or payments; pages in
 * `created_at desc, id desc` by keyset (decision 060); names joined onto the page's rows only.
 */

/** The filter after the service resolved a member's card or mobile to its ids (empty: no such member). */
export type ResolvedFilter = Omit<OrderListFilter, 'member'> & { member_ids?: number[] };

export function listWhere(s: TenantScope, f: ResolvedFilter): SQL {
  const w: SQL[] = [sql`o.netbar_id = ${s.netbarId}`];
  w.push(...dayRange(sql`o.created_at`, f.start, f.end));
  if (f.status) w.push(sql`o.status = ${f.status}`);
  if (f.source) w.push(sql`o.source = ${f.source}`);
  if (f.cashier_id) w.push(sql`o.cashier_id = ${f.cashier_id}`);
  if (f.member_id) w.push(sql`o.member_id = ${f.member_id}`);
  if (f.member_ids)
    w.push(
      f.member_ids.length
        ? sql`o.member_id in (${sql.join(
            f.member_ids.map((i) => sql`${i}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  if (f.order_no) w.push(sql`o.order_no = ${f.order_no}`);
  if (f.pay_method)
    w.push(
      sql`exists (select 1 from order_payments p where p.order_id = o.id and p.method = ${f.pay_method})`,
    );
  if (f.sku_id)
    w.push(
      sql`exists (select 1 from order_lines l where l.order_id = o.id and l.netbar_id = ${s.netbarId} and l.sku_id = ${f.sku_id})`,
    );
  if (f.goods_id)
    w.push(
      sql`exists (select 1 from order_lines l where l.order_id = o.id and l.netbar_id = ${s.netbarId} and l.goods_id = ${f.goods_id})`,
    );
  return sql.join(w, sql` and `);
}

const PAGE_COLS = sql`o.id::int, o.order_no, o.source, o.status, o.shift_id::int, o.cashier_id, o.cashier_name, o.member_id,
  o.machine_id, o.desk_id, o.list_fen::float8 as list_fen, o.discount_fen::float8 as discount_fen,
  o.round_fen::float8 as round_fen, o.total_fen::float8 as total_fen, o.paid_fen::float8 as paid_fen, o.refunded_fen::float8 as refunded_fen, o.remark,
  ${fmtTs('o.created_at')} as created_at, ${fmtTs('o.paid_at')} as paid_at`;

/** Names, methods and a summary of the lines for the rows of one page (never per row of the filter). */
const DECORATE = sql`coalesce(b.name, '') as member_name, coalesce(b.card_mask, '') as member_card,
  coalesce(m.name, '') as machine_name,
  coalesce((select array_agg(p.method order by p.seq, p.id) from order_payments p where p.order_id = x.id), '{}') as pay_methods,
  coalesce((select sum(l.qty) from order_lines l where l.order_id = x.id), 0)::int as qty,
  coalesce((select string_agg(l.name || '×' || l.qty, '、' order by l.id) from
    (select name, qty, id from order_lines l2 where l2.order_id = x.id order by id limit 3) l), '') as items,
  (select count(*) from order_lines l where l.order_id = x.id)::int as line_count`;

type PageRow = OrderListRow & { key: string; line_count: number; at: string };

/** One keyset page of the list, newest first; `next` is the cursor of the following page. */
export async function orderPage(
  db: Conn,
  s: TenantScope,
  f: ResolvedFilter,
  limit: number,
  cursor?: Cursor,
  page = 1,
): Promise<{ list: OrderListRow[]; next: string | null }> {
  const after = cursor ? sql`and ${afterTs(sql`o.created_at`, sql`o.id`, cursor)}` : sql``;
  const r = await rows<PageRow>(
    db,
    sql`with x as (
          select ${PAGE_COLS}, ${microsOf(sql`o.created_at`)} as key, o.created_at as at
          from orders o where ${listWhere(s, f)} ${after}
          order by o.created_at desc, o.id desc ${pageSql({ page: cursor ? 1 : page, page_size: limit })})
        select x.*, ${DECORATE}
        from x left join members b on b.id = x.member_id left join machines m on m.id = x.machine_id and m.netbar_id = ${s.netbarId}
        order by x.at desc, x.id desc`,
  );
  const last = r[r.length - 1];
  return {
    list: r.map(({ key: _k, line_count, at: _a, ...o }) => ({
      ...o,
      items: line_count > 3 ? `${o.items} 等${line_count}种` : o.items,
    })) as OrderListRow[],
    next: r.length === limit && last ? encodeCursor(last.key, last.id) : null,
  };
}

/** Every order of the filter, newest first, read a page at a time along the keyset (the export). */
export async function* orderRowsAll(db: Conn, s: TenantScope, f: ResolvedFilter, size = 1000) {
  let cursor: Cursor | undefined;
  for (;;) {
    const p = await orderPage(db, s, f, size, cursor);
    yield* p.list;
    if (!p.next) return;
    const [key, id] = p.next.split('_');
    cursor = { key: key!, id: id! };
  }
}

/** Orders of the filter counted at most up to `cap + 1` (the export's refusal above its cap). */
export async function countCapped(db: Conn, s: TenantScope, f: ResolvedFilter, cap: number): Promise<number> {
  const r = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from orders o where ${listWhere(s, f)} limit ${cap + 1}) x`,
  );
  return Number(r[0]?.n ?? 0);
}

type Sums = { n: number; total_fen: number; paid_fen: number; refunded_fen: number };

async function sums(db: Conn, s: TenantScope, f: ResolvedFilter, capped: boolean): Promise<Sums> {
  const r = await rows<{ n: number; total: string; paid: string; refunded: string }>(
    db,
    sql`select count(*)::int as n, coalesce(sum(total_fen), 0)::text as total, coalesce(sum(paid_fen), 0)::text as paid,
          coalesce(sum(refunded_fen), 0)::text as refunded
        from (select o.total_fen, o.paid_fen, o.refunded_fen from orders o where ${listWhere(s, f)}
              ${capped ? sql`limit ${EXACT_COUNT_CAP + 1}` : sql``}) x`,
  );
  const t = r[0];
  return {
    n: Number(t?.n ?? 0),
    total_fen: Number(t?.total ?? 0),
    paid_fen: Number(t?.paid ?? 0),
    refunded_fen: Number(t?.refunded ?? 0),
  };
}

/**
 * The count and 合计 of the whole filter: exact up to 10,000 orders, above that cached per filter and
 * refreshed in the background each minute (lib/paging countOf, decisions 060 and 067).
 */
export async function orderTotals(
  db: Conn,
  s: TenantScope,
  f: ResolvedFilter,
): Promise<OrderListTotals & { estimated: boolean }> {
  const c = await countOf(
    `order:${s.netbarId}:${JSON.stringify(f)}`,
    () => sums(db, s, f, true),
    () => sums(db, s, f, false),
  );
  return {
    count: c.n,
    total_fen: c.total_fen,
    paid_fen: c.paid_fen,
    refunded_fen: c.refunded_fen,
    net_fen: c.paid_fen - c.refunded_fen,
    estimated: c.estimated,
  };
}

/** Members of the pool whose mobile is exactly this (a card number is looked up by the member module). */
export async function memberIdsByMobile(db: Conn, pool: number, mobile: string): Promise<number[]> {
  const r = await rows<{ id: number }>(
    db,
    sql`select id from members where pool_id = ${pool} and mobile = ${mobile} order by id limit 20`,
  );
  return r.map((x) => x.id);
}
