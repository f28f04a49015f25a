import {
  counterScanCancelBody,
  counterScanQuery,
  deskScanBody,
  orderMicropayBody,
  orderScanBody,
  PERM,
  topupScanBody,
} from '@netbar/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, replayed } from '../../lib/reply.ts';
import { actorOf, guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { publicBase } from '../payment/index.ts';
import { createCounterPay } from './counter-pay.service.ts';

const TAGS = ['收银台扫码支付'];

/**
 * Scan-to-pay at the counter (decision 169): an unpaid order (购物订单 264 or 收银台 2640) or a member
 * top-up (会员管理 180) shown as a QR, polled until paid, or cancelled. Another store's payment is 40004.
 */
export async function counterPayRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const pay = createCounterPay(app.deps);
  const caller = (req: FastifyRequest) => ({ userId: actorOf(req).id, publicBase: publicBase(req) });
  const answer = (x: { row: unknown; replayed: boolean }) => (x.replayed ? replayed(x.row) : ok(x.row));
  const COUNTER = storeAccess(PERM.ORDER_LIST, PERM.CASHIER, PERM.MEMBER_MANAGE, PERM.PRIVATE_ROOM);

  r.post(
    '/order_scan_pay',
    {
      schema: {
        summary: '订单扫码支付：生成收款二维码（顾客付款后订单才完成、商品才出库；request_id 幂等）',
        tags: TAGS,
        body: orderScanBody,
      },
      config: storeAccess(PERM.ORDER_LIST, PERM.CASHIER),
    },
    async (req) => answer(await pay.orderScan(storeScopeOf(req), actorOf(req), caller(req), req.body)),
  );

  r.post(
    '/order_micropay',
    {
      schema: {
        summary: '订单付款码支付：扫码枪扫顾客付款码，直接扣款（顾客需确认时等待付款；request_id 幂等）',
        tags: TAGS,
        body: orderMicropayBody,
      },
      config: storeAccess(PERM.ORDER_LIST, PERM.CASHIER),
    },
    async (req) => answer(await pay.orderMicropay(storeScopeOf(req), actorOf(req), caller(req), req.body)),
  );

  r.post(
    '/member_scan_topup',
    {
      schema: {
        summary: '会员扫码充值：生成收款二维码（付款成功后才入账，只入一次；request_id 幂等）',
        tags: TAGS,
        body: topupScanBody,
      },
      config: storeAccess(PERM.MEMBER_MANAGE),
    },
    async (req) => answer(await pay.topupScan(storeScopeOf(req), actorOf(req), caller(req), req.body)),
  );

  r.post(
    '/desk_scan_pay',
    {
      schema: {
        summary: '桌台扫码结账：生成收款二维码（顾客付款后才结账，时长按出码时计；request_id 幂等）',
        tags: TAGS,
        body: deskScanBody,
      },
      config: storeAccess(PERM.PRIVATE_ROOM, PERM.ORDER_LIST),
    },
    async (req) => answer(await pay.deskScan(storeScopeOf(req), actorOf(req), caller(req), req.body)),
  );

  r.get(
    '/counter_scan_query',
    {
      schema: {
        summary: '查询扫码收款状态（等待超过5秒时向支付通道查询）',
        tags: TAGS,
        querystring: counterScanQuery,
      },
      config: COUNTER,
    },
    async (req) => ok(await pay.query(storeScopeOf(req), req.query.payment_no)),
  );

  r.post(
    '/counter_scan_cancel',
    {
      schema: {
        summary: '取消扫码收款（关闭支付；订单随之取消，不出库）',
        tags: TAGS,
        body: counterScanCancelBody,
      },
      config: COUNTER,
    },
    async (req) => ok(await pay.cancel(storeScopeOf(req), actorOf(req), req.body), '已取消'),
  );
}
