import type { RechargeBody } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { netbarWhere, ownAgent, type TenantScope } from '../../tenant/index.ts';

/** The SQL of recharge and consumption (renewal) orders (wallet.service.ts owns the rules). */

/**
 * Orders a scope may touch (consumption_orders aliased `o`): the agent's own; agent staff only those of
 * netbars inside their netbar/region grant.
 */
export function orderWhere(s: TenantScope) {
  const own = sql`o.agent_id = ${ownAgent(s)}`;
  if (s.staffUserId === null) return own;
  return sql`${own} and exists (select 1 from netbars n where n.id = o.netbar_id and ${netbarWhere(s)})`;
}

export interface OrderState {
  id: number;
  status: number;
  amount_fen: string;
  netbar_id: number;
  months: number;
  order_no: string;
}

/** A recharge order by id, of one agent or (null) any. */
export async function rechargeById(conn: Conn, agentId: number | null, id: number) {
  const where = agentId === null ? sql`` : sql` and agent_id = ${agentId}`;
  const r = await rows<{
    id: number;
    status: number;
    order_no: string;
    amount_fen: string;
    agent_id: number;
  }>(
    conn,
    sql`select id, status, order_no, amount_fen, agent_id from recharge_orders where id = ${id}${where}`,
  );
  return r[0];
}

/** A new pending recharge order; undefined when this request_id already made one. */
export async function insertRecharge(
  db: Conn,
  o: { no: string; agentId: number; body: RechargeBody; by: number },
) {
  const ins = await rows<{ id: number }>(
    db,
    sql`insert into recharge_orders (order_no, agent_id, amount_fen, remark, request_id, created_by)
    values (${o.no}, ${o.agentId}, ${o.body.amount_fen}, ${o.body.remark ?? ''}, ${o.body.request_id}, ${o.by})
    on conflict (agent_id, request_id) do nothing returning id`,
  );
  return ins[0] ? Number(ins[0].id) : undefined;
}

export async function rechargeByRequest(db: Conn, agentId: number, requestId: string) {
  const r = await rows<{ id: number; order_no: string; amount_fen: string; status: number }>(
    db,
    sql`select id, order_no, amount_fen, status from recharge_orders
    where agent_id = ${agentId} and request_id = ${requestId}`,
  );
  return r[0];
}

/** Pending → paid (1) or rejected (2), once; undefined when it was not pending. */
export async function confirmPending(tx: Conn, id: number, transferRef: string, by: number) {
  const r = await rows<{ agent_id: number; amount_fen: string; order_no: string }>(
    tx,
    sql`update recharge_orders
    set status = 1, transfer_ref = ${transferRef}, confirmed_by = ${by}, confirmed_at = now()
    where id = ${id} and status = 0 returning agent_id, amount_fen, order_no`,
  );
  return r[0];
}

export async function rejectPending(db: Conn, id: number, reason: string, by: number) {
  const r = await rows<{ id: number }>(
    db,
    sql`update recharge_orders set status = 2, reason = ${reason}, confirmed_by = ${by}, confirmed_at = now()
    where id = ${id} and status = 0 returning id`,
  );
  return r.length > 0;
}

export async function agentExists(db: Conn, agentId: number) {
  return (await rows<{ id: number }>(db, sql`select id from agents where id = ${agentId}`)).length > 0;
}

export interface NewConsumption {
  no: string;
  agentId: number;
  netbarId: number;
  product: { id: number; name: string; price_fen: number };
  months: number;
  machines: number;
  amount: number;
  by: number;
  requestId: string;
}

/** A new unpaid renewal order; undefined when this request_id already made one. */
export async function insertConsumption(tx: Conn, o: NewConsumption) {
  const r = await rows<{ id: number }>(
    tx,
    sql`insert into consumption_orders (order_no, agent_id, netbar_id, product_id, product_name, months, machine_count, unit_price_fen, amount_fen, created_by, request_id)
    values (${o.no}, ${o.agentId}, ${o.netbarId}, ${o.product.id}, ${o.product.name}, ${o.months}, ${o.machines}, ${o.product.price_fen}, ${o.amount}, ${o.by}, ${o.requestId})
    on conflict (agent_id, request_id) where request_id is not null do nothing returning id`,
  );
  return r[0] ? Number(r[0].id) : undefined;
}

export async function consumptionByRequest(tx: Conn, agentId: number, requestId: string) {
  const r = await rows<{
    id: number;
    order_no: string;
    amount_fen: string;
    months: number;
    machine_count: number;
    unit_price_fen: string;
    status: number;
  }>(
    tx,
    sql`select id, order_no, amount_fen, months, machine_count, unit_price_fen, status from consumption_orders
    where agent_id = ${agentId} and request_id = ${requestId}`,
  );
  return r[0];
}

/** Unpaid → paid, once, inside the scope; undefined when it was not unpaid (or not visible). */
export async function markOrderPaid(tx: Conn, s: TenantScope, id: number) {
  const r = await rows<OrderState>(
    tx,
    sql`update consumption_orders o set status = 1, paid_at = now()
    where o.id = ${id} and ${orderWhere(s)} and o.status = 0 returning o.id, o.status, o.amount_fen, o.netbar_id, o.months, o.order_no`,
  );
  return r[0];
}

export async function orderInScope(conn: Conn, s: TenantScope, id: number) {
  const r = await rows<OrderState>(
    conn,
    sql`select o.id, o.status, o.amount_fen, o.netbar_id, o.months, o.order_no from consumption_orders o where o.id = ${id} and ${orderWhere(s)}`,
  );
  return r[0];
}

/** Locks the agent's netbar for the expiry move; undefined when it is not the agent's. */
export async function lockNetbar(tx: Conn, netbarId: number, agentId: number) {
  const r = await rows<{ expire_at: Date | string | null; status: number }>(
    tx,
    sql`select expire_at, status from netbars where id = ${netbarId} and agent_id = ${agentId} for update`,
  );
  return r[0];
}

/** Moves the netbar's expiry by the order's months (from now if already expired) and records both dates on the order. */
export async function extendForOrder(tx: Conn, orderId: number, netbarId: number, months: number) {
  const upd = await rows<{ old: string | null; neu: string }>(
    tx,
    sql`update netbars n set expire_at = greatest(coalesce(n.expire_at, now()), now()) + make_interval(months => ${months})
    from (select expire_at as old from netbars where id = ${netbarId}) prev where n.id = ${netbarId} returning prev.old as old, n.expire_at as neu`,
  );
  await tx.execute(
    sql`update consumption_orders set old_expire_at = ${upd[0]!.old}, new_expire_at = ${upd[0]!.neu} where id = ${orderId}`,
  );
}

/** Unpaid → cancelled (2), once, inside the scope. */
export async function cancelUnpaid(db: Conn, s: TenantScope, id: number) {
  const r = await rows<{ id: number }>(
    db,
    sql`update consumption_orders o set status = 2 where o.id = ${id} and ${orderWhere(s)} and o.status = 0 returning o.id`,
  );
  return r.length > 0;
}
