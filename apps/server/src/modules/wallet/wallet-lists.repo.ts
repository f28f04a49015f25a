import type { ConsumptionRow, ProductRow, RechargeRow, WalletListQuery } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { paged } from '../../lib/paging.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import { ownAgent, type TenantScope } from '../../tenant/index.ts';
import { dateWhere } from './wallet.repo.ts';
import { orderWhere } from './wallet-orders.repo.ts';

/** The SQL of the wallet's lists (recharge orders, consumption orders, agents) and product pricing. */

type Page = { page: number; page_size: number } | undefined;

const RECHARGE_SELECT = sql`select r.id, r.order_no, r.agent_id, a.name as agent_name, r.amount_fen::float8 as amount_fen, r.status, r.remark, r.transfer_ref, r.reason,
  ${fmtTs('r.created_at')} as created_at, ${fmtTs('r.confirmed_at')} as confirmed_at`;
const RECHARGE_FROM = sql`from recharge_orders r join agents a on a.id = r.agent_id`;

/** An agent's recharge orders, or every agent's for the administrators' review (agentId null). */
export function rechargeList(db: Conn, s: TenantScope, q: WalletListQuery, page: Page) {
  const agentId = s.isAdmin ? null : ownAgent(s);
  const w: SQL[] = dateWhere('r.created_at', q.date_from, q.date_to);
  if (agentId !== null) w.push(sql`r.agent_id = ${agentId}`);
  else if (q.agent_id) w.push(sql`r.agent_id = ${q.agent_id}`);
  if (q.status !== undefined) w.push(sql`r.status = ${q.status}`);
  const order = agentId === null ? sql`r.status asc, r.id desc` : sql`r.id desc`;
  return paged<RechargeRow>(db, RECHARGE_SELECT, RECHARGE_FROM, w, order, page, 'r.amount_fen');
}

const ORDER_SELECT = sql`select o.id, o.order_no, o.netbar_id, n.name as netbar_name, o.product_name, o.months, o.machine_count, o.unit_price_fen::float8 as unit_price_fen,
  o.amount_fen::float8 as amount_fen, o.status, ${fmtTs('o.old_expire_at')} as old_expire_at, ${fmtTs('o.new_expire_at')} as new_expire_at,
  ${fmtTs('o.created_at')} as created_at, ${fmtTs('o.paid_at')} as paid_at`;
const ORDER_FROM = sql`from consumption_orders o join netbars n on n.id = o.netbar_id`;

export function orderList(db: Conn, s: TenantScope, q: WalletListQuery, page: Page) {
  const w = [orderWhere(s), ...dateWhere('o.created_at', q.date_from, q.date_to)];
  if (q.status !== undefined) w.push(sql`o.status = ${q.status}`);
  return paged<ConsumptionRow>(db, ORDER_SELECT, ORDER_FROM, w, sql`o.id desc`, page, 'o.amount_fen');
}

export function agentList(db: Conn, q: { page: number; page_size: number; keyword?: string }) {
  const k = q.keyword ? `%${q.keyword.replace(/[%_\\]/g, '\\$&')}%` : undefined;
  return paged<Record<string, unknown>>(
    db,
    sql`select a.id, a.name, coalesce(u.user_name, '') as user_name, a.contact, a.mobile, a.province, a.city, a.status, coalesce(pa.name, '') as parent_name,
      coalesce(wl.balance_fen, 0)::float8 as balance_fen, (select count(*)::int from netbars n where n.agent_id = a.id and n.status <> 0) as netbar_count,
      ${fmtTs('a.created_at')} as created_at`,
    sql`from agents a left join users u on u.id = a.owner_user_id left join agents pa on pa.id = a.parent_id left join wallets wl on wl.agent_id = a.id`,
    k ? [sql`(a.name ilike ${k} or u.user_name ilike ${k})`] : [],
    sql`a.id asc`,
    q,
    'coalesce(wl.balance_fen, 0)',
  );
}

export async function activeProduct(db: Conn, id: number) {
  const p = await rows<{ id: number; name: string; price_fen: string }>(
    db,
    sql`select id, name, price_fen from product_editions where id = ${id} and status = 1`,
  );
  return p[0] ? { id: Number(p[0].id), name: p[0].name, price_fen: Number(p[0].price_fen) } : undefined;
}

export function products(db: Conn, all: boolean) {
  return rows<ProductRow>(
    db,
    sql`select id, name, price_fen::float8 as price_fen, description, status from product_editions ${all ? sql`` : sql`where status = 1`} order by price_fen asc, id asc`,
  );
}

/** Inserts or updates a product; the id, or undefined when the product to update does not exist. */
export async function saveProduct(
  db: Conn,
  b: { id?: number; name: string; price_fen: number; description?: string; status: number },
): Promise<number | undefined> {
  if (b.id) {
    const u = await rows<{ id: number }>(
      db,
      sql`update product_editions set name = ${b.name}, price_fen = ${b.price_fen}, description = ${b.description ?? ''}, status = ${b.status} where id = ${b.id} returning id`,
    );
    return u[0] ? b.id : undefined;
  }
  const i = await rows<{ id: number }>(
    db,
    sql`insert into product_editions (name, price_fen, description, status) values (${b.name}, ${b.price_fen}, ${b.description ?? ''}, ${b.status}) returning id`,
  );
  return Number(i[0]!.id);
}

export async function saveSetting(db: Conn, key: string, value: unknown) {
  await db.execute(
    sql`insert into kv (key, value) values (${key}, ${JSON.stringify(value)}::jsonb) on conflict (key) do update set value = excluded.value, expires_at = null`,
  );
}
