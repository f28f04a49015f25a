import {
  type OrderResult,
  orderCancelBody,
  orderCreateBody,
  orderDetailQuery,
  orderPayBody,
  orderRefundBody,
  orderStatusBody,
  PERM,
  UserType,
} from '@netbar/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ForbiddenError } from '../../lib/errors.ts';
import { ok, replayed } from '../../lib/reply.ts';
import { actorOf, authOf, guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { cancelOrder, changeStatus, createOrder, getOrder } from './order.service.ts';
import { payOrder } from './order-pay.ts';
import { refundOrder } from './order-refund.ts';

const TAGS = ['订单管理'];

/** A retried request answers 40007 (the client shows nothing) with the order as it is. */
const answer = (r: OrderResult, msg: string) =>
  r.replay ? replayed(r) : ok(r, r.warnings.length ? `${msg}，注意：${r.warnings.join('；')}` : msg);

/** The owner always; staff when granted (decision 123). */
const holds = (req: FastifyRequest, perm: number) => {
  const a = authOf(req);
  return a.type === UserType.Netbar || a.perms.has(perm);
};

/**
 * The counter's order calls (decisions 123-125): a netbar or its staff holding 购物订单 264 or 收银台 2640;
 * editing a price needs 2641, a refund 2642. Another store's order id is 订单不存在 (40004).
 */
export async function orderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db } = app.deps;
  const access = storeAccess(PERM.ORDER_LIST, PERM.CASHIER);

  r.post(
    '/order_create',
    {
      schema: {
        summary: '收银台下单（服务端按销售计划、促销、会员价计价；带支付方式时同时支付；request_id 幂等）',
        tags: TAGS,
        body: orderCreateBody,
      },
      config: access,
    },
    async (req) => {
      const b = req.body;
      const res = await createOrder(db, storeScopeOf(req), actorOf(req), b, {
        mayEdit: holds(req, PERM.ORDER_DISCOUNT),
      });
      return answer(res, b.payments ? '收款成功' : '下单成功');
    },
  );

  r.post(
    '/order_pay',
    {
      schema: {
        summary: '订单支付（现金/会员余额/扫码，可组合，合计须等于应收；request_id 幂等）',
        tags: TAGS,
        body: orderPayBody,
      },
      config: access,
    },
    async (req) => answer(await payOrder(db, storeScopeOf(req), actorOf(req), req.body), '收款成功'),
  );

  r.post(
    '/order_cancel',
    { schema: { summary: '取消待支付订单', tags: TAGS, body: orderCancelBody }, config: access },
    async (req) => answer(await cancelOrder(db, storeScopeOf(req), actorOf(req), req.body), '订单已取消'),
  );

  r.post(
    '/order_refund',
    {
      schema: {
        summary: '订单退款（整单或部分商品，原路退回，商品退回吧台；须退款权限；request_id 幂等）',
        tags: TAGS,
        body: orderRefundBody,
      },
      config: access,
    },
    async (req) => {
      if (!holds(req, PERM.ORDER_REFUND)) throw new ForbiddenError('没有退款权限');
      return answer(await refundOrder(db, storeScopeOf(req), actorOf(req), req.body), '退款成功');
    },
  );

  r.post(
    '/order_status',
    {
      schema: { summary: '座位/桌台订单接单、制作、送达、完成', tags: TAGS, body: orderStatusBody },
      config: access,
    },
    async (req) => answer(await changeStatus(db, storeScopeOf(req), actorOf(req), req.body), '操作成功'),
  );

  r.get(
    '/order_detail',
    {
      schema: { summary: '订单详情（商品、支付、退款、时间线）', tags: TAGS, querystring: orderDetailQuery },
      config: access,
    },
    async (req) => ok(await getOrder(db, storeScopeOf(req), req.query.id)),
  );
}
