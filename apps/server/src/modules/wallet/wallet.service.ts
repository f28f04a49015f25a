import { AGENT_MSG, type RechargeBody, WALLET_MSG } from '@netbar/contract';
import type { Conn, Db } from '../../db/client.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { replayedError } from '../../lib/reply.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import { ownAgent, type TenantScope } from '../../tenant/index.ts';
import { move, orderNo } from './wallet.repo.ts';
import {
  agentExists,
  cancelUnpaid,
  confirmPending,
  consumptionByRequest,
  extendForOrder,
  insertConsumption,
  insertRecharge,
  lockNetbar,
  markOrderPaid,
  orderInScope,
  rechargeById,
  rechargeByRequest,
  rejectPending,
} from './wallet-orders.repo.ts';

/** A retried request that already succeeded: 40007 (the console shows nothing) with the original result. */
export const replay = (data: unknown) => replayedError(data, WALLET_MSG.replayed);

/** Wallet rules over a narrow dependency: the database (no Fastify); the SQL is in wallet-orders.repo.ts. */
export function createWalletService(deps: { db: Db }) {
  const { db } = deps;

  return {
    async recharge(s: TenantScope, b: RechargeBody, by: number) {
      const agentId = ownAgent(s);
      const no = orderNo('CZ');
      const id = await insertRecharge(db, { no, agentId, body: b, by });
      if (id !== undefined) return { id, order_no: no, amount_fen: b.amount_fen, status: 0 };
      const o = (await rechargeByRequest(db, agentId, b.request_id))!;
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
        const d = await confirmPending(tx, id, transferRef, by);
        if (!d) {
          const o = await rechargeById(tx, null, id);
          if (!o) throw new NotFoundError(WALLET_MSG.rechargeNotFound);
          if (Number(o.status) === 1) throw replay({ id, status: 1 });
          throw new ConflictError(WALLET_MSG.notPending);
        }
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
      if (await rejectPending(db, id, reason, by)) return { id, status: 2 };
      const o = await rechargeById(db, null, id);
      if (!o) throw new NotFoundError(WALLET_MSG.rechargeNotFound);
      if (Number(o.status) === 2) throw replay({ id, status: 2 });
      throw new ConflictError(WALLET_MSG.notPending);
    },

    async adjust(agentId: number, amountFen: number, reason: string, requestId: string, by: number) {
      if (!(await agentExists(db, agentId))) throw new NotFoundError('代理商不存在');
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
      const id = await insertConsumption(tx, { ...o, no, amount });
      if (id === undefined) {
        const x = (await consumptionByRequest(tx, o.agentId, o.requestId))!;
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
        id,
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
        const o = await markOrderPaid(tx, s, id);
        if (!o) {
          const cur = await orderInScope(tx, s, id);
          if (!cur) throw new NotFoundError(WALLET_MSG.orderNotFound);
          if (Number(cur.status) === 1) throw replay({ id, status: 1 });
          throw new ConflictError(WALLET_MSG.cancelled);
        }
        const nb = await lockNetbar(tx, o.netbar_id, agentId);
        if (!nb || Number(nb.status) === 0) throw new NotFoundError(AGENT_MSG.netbarNotFound);
        await extendForOrder(tx, id, o.netbar_id, Number(o.months));
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
      if (await cancelUnpaid(db, s, id)) return { id, status: 2 };
      const cur = await orderInScope(db, s, id);
      if (!cur) throw new NotFoundError(WALLET_MSG.orderNotFound);
      if (Number(cur.status) === 1) throw new ConflictError(WALLET_MSG.paidCannotCancel);
      throw replay({ id, status: 2 });
    },
  };
}
