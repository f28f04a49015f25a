import { AGENT_MSG, type RechargeBody, Status, WALLET_MSG } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, type Db, rows } from '../../db/client.ts';
import { BizError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import { netbarWhere, ownAgent, type TenantScope } from '../../tenant/index.ts';
import { move, orderNo } from './wallet.repo.ts';

/** A retried request that already succeeded: 40007 (the console shows nothing) with the original result. */
export const replay = (data: unknown) => new BizError(Status.SILENT_2, WALLET_MSG.replayed, 200, data);

/**
 * Orders a scope may touch (consumption_orders aliased `o`): the agent's own; agent staff only those of
 * netbars inside their netbar/region grant.
 */
export function orderWhere(s: TenantScope) {
  const own = sql`o.agent_id = ${ownAgent(s)}`;
  if (s.staffUserId === null) return own;
  return sql`${own} and exists (select 1 from netbars n where n.id = o.netbar_id and ${netbarWhere(s)})`;
}

interface OrderState {
  id: number;
  status: number;
  amount_fen: string;
  netbar_id: number;
  months: number;
  order_no: string;
}

/** Wallet rules over a narrow dependency: the database (no Fastify). */
export function createWalletService(deps: { db: Db }) {
  const { db } = deps;

  async function rechargeById(conn: Conn, agentId: number | null, id: number) {
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

  return {
    async recharge(s: TenantScope, b: RechargeBody, by: number) {
      const agentId = ownAgent(s);
      const no = orderNo('CZ');
      const ins = await rows<{ id: number }>(
        db,
        sql`insert into recharge_orders (order_no, agent_id, amount_fen, remark, request_id, created_by)
        values (${no}, ${agentId}, ${b.amount_fen}, ${b.remark ?? ''}, ${b.request_id}, ${by})
        on conflict (agent_id, request_id) do nothing returning id`,
      );
      if (ins[0]) return { id: Number(ins[0].id), order_no: no, amount_fen: b.amount_fen, status: 0 };
      const old = await rows<{ id: number; order_no: string; amount_fen: string; status: number }>(
        db,
        sql`select id, order_no, amount_fen, status from recharge_orders
        where agent_id = ${agentId} and request_id = ${b.request_id}`,
      );
      const o = old[0]!;
      throw replay({
        id: Number(o.id),
        order_no: o.order_no,
        amount_fen: Number(o.amount_fen),
        status: Number(o.status),
      });
    },

    /** Administrator confirms the bank transfer: the order turns paid and the wallet is credited, once. */
    async confirmRecharge(id: number, transferRef: string, by: number) {
      return db.transaction(async (tx) => {
        const done = await rows<{ agent_id: number; amount_fen: string; order_no: string }>(
          tx,
          sql`update recharge_orders
          set status = 1, transfer_ref = ${transferRef}, confirmed_by = ${by}, confirmed_at = now()
          where id = ${id} and status = 0 returning agent_id, amount_fen, order_no`,
        );
        if (!done[0]) {
          const o = await rechargeById(tx, null, id);
          if (!o) throw new NotFoundError(WALLET_MSG.rechargeNotFound);
          if (Number(o.status) === 1) throw replay({ id, status: 1 });
          throw new ConflictError(WALLET_MSG.notPending);
        }
        const d = done[0];
        const balance = await move(tx, {
          agentId: Number(d.agent_id),
          kind: 'recharge',
          amountFen: Number(d.amount_fen),
          ref: d.order_no,
          reason: `银行转账 ${transferRef}`,
          by,
          requestId: `recharge:${id}`,
        });
        return { id, status: 1, balance_fen: balance };
      });
    },

    async rejectRecharge(id: number, reason: string, by: number) {
      const done = await rows<{ id: number }>(
        db,
        sql`update recharge_orders set status = 2, reason = ${reason}, confirmed_by = ${by}, confirmed_at = now()
        where id = ${id} and status = 0 returning id`,
      );
      if (done[0]) return { id, status: 2 };
      const o = await rechargeById(db, null, id);
      if (!o) throw new NotFoundError(WALLET_MSG.rechargeNotFound);
      if (Number(o.status) === 2) throw replay({ id, status: 2 });
      throw new ConflictError(WALLET_MSG.notPending);
    },

    async adjust(agentId: number, amountFen: number, reason: string, requestId: string, by: number) {
      const exists = await rows<{ id: number }>(db, sql`select id from agents where id = ${agentId}`);
      if (!exists[0]) throw new NotFoundError('代理商不存在');
      try {
        const balance = await db.transaction((tx) =>
          move(tx, {
            agentId,
            kind: amountFen > 0 ? 'adjust_in' : 'adjust_out',
            amountFen,
            ref: '人工调整',
            reason,
            by,
            requestId: `adjust:${requestId}`,
          }),
        );
        return { agent_id: agentId, balance_fen: balance };
      } catch (e) {
        if (isUniqueViolation(e)) throw replay({ agent_id: agentId });
        throw e;
      }
    },

    async createExtension(
      tx: Conn,
      o: {
        agentId: number;
        netbarId: number;
        machines: number;
        months: number;
        product: { id: number; name: string; price_fen: number };
        by: number;
        requestId: string;
      },
    ) {
      if (o.machines < 1) throw new ConflictError(WALLET_MSG.noMachines);
      const amount = o.product.price_fen * o.machines * o.months;
      const no = orderNo('XF');
      const r = await rows<{ id: number }>(
        tx,
        sql`insert into consumption_orders (order_no, agent_id, netbar_id, product_id, product_name, months, machine_count, unit_price_fen, amount_fen, created_by, request_id)
        values (${no}, ${o.agentId}, ${o.netbarId}, ${o.product.id}, ${o.product.name}, ${o.months}, ${o.machines}, ${o.product.price_fen}, ${amount}, ${o.by}, ${o.requestId})
        on conflict (agent_id, request_id) where request_id is not null do nothing returning id`,
      );
      if (!r[0]) {
        const old = await rows<{
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
          where agent_id = ${o.agentId} and request_id = ${o.requestId}`,
        );
        const x = old[0]!;
        throw replay({
          id: Number(x.id),
          order_no: x.order_no,
          amount_fen: Number(x.amount_fen),
          months: Number(x.months),
          machine_count: Number(x.machine_count),
          unit_price_fen: Number(x.unit_price_fen),
          status: Number(x.status),
        });
      }
      return {
        id: Number(r[0].id),
        order_no: no,
        amount_fen: amount,
        months: o.months,
        machine_count: o.machines,
        unit_price_fen: o.product.price_fen,
        status: 0,
      };
    },

    /** Pays an unpaid order from the wallet and moves the netbar's expiry, all or nothing. */
    async pay(s: TenantScope, id: number, by: number) {
      const agentId = ownAgent(s);
      return db.transaction(async (tx) => {
        const locked = await rows<OrderState>(
          tx,
          sql`update consumption_orders o set status = 1, paid_at = now()
          where o.id = ${id} and ${orderWhere(s)} and o.status = 0 returning o.id, o.status, o.amount_fen, o.netbar_id, o.months, o.order_no`,
        );
        const o = locked[0];
        if (!o) {
          const cur = await rows<OrderState>(
            tx,
            sql`select o.id, o.status, o.amount_fen, o.netbar_id, o.months, o.order_no from consumption_orders o where o.id = ${id} and ${orderWhere(s)}`,
          );
          if (!cur[0]) throw new NotFoundError(WALLET_MSG.orderNotFound);
          if (Number(cur[0].status) === 1) throw replay({ id, status: 1 });
          throw new ConflictError(WALLET_MSG.cancelled);
        }
        const nb = await rows<{ expire_at: Date | string | null; status: number }>(
          tx,
          sql`select expire_at, status from netbars where id = ${o.netbar_id} and agent_id = ${agentId} for update`,
        );
        if (!nb[0] || Number(nb[0].status) === 0) throw new NotFoundError(AGENT_MSG.netbarNotFound);
        const upd = await rows<{ old: string | null; neu: string }>(
          tx,
          sql`update netbars n set expire_at = greatest(coalesce(n.expire_at, now()), now()) + make_interval(months => ${Number(o.months)})
          from (select expire_at as old from netbars where id = ${o.netbar_id}) prev where n.id = ${o.netbar_id} returning prev.old as old, n.expire_at as neu`,
        );
        await tx.execute(
          sql`update consumption_orders set old_expire_at = ${upd[0]!.old}, new_expire_at = ${upd[0]!.neu} where id = ${id}`,
        );
        const balance = await move(tx, {
          agentId,
          kind: 'consume',
          amountFen: -Number(o.amount_fen),
          ref: o.order_no,
          reason: '网吧续费',
          by,
          requestId: `pay:${id}`,
        });
        return { id, status: 1, balance_fen: balance };
      });
    },

    async cancel(s: TenantScope, id: number) {
      const done = await rows<{ id: number }>(
        db,
        sql`update consumption_orders o set status = 2 where o.id = ${id} and ${orderWhere(s)} and o.status = 0 returning o.id`,
      );
      if (done[0]) return { id, status: 2 };
      const cur = await rows<{ status: number }>(
        db,
        sql`select o.status from consumption_orders o where o.id = ${id} and ${orderWhere(s)}`,
      );
      if (!cur[0]) throw new NotFoundError(WALLET_MSG.orderNotFound);
      if (Number(cur[0].status) === 1) throw new ConflictError(WALLET_MSG.paidCannotCancel);
      throw replay({ id, status: 2 });
    },
  };
}
