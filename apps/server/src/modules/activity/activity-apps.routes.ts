import {
  cashierDrawBody,
  type GiftCodeRow,
  giftCodeGenerateBody,
  giftCodeListQuery,
  giftCodeRedeemBody,
  PERM,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { type Column, sendXlsx } from '../../lib/xlsx-stream.ts';
import { actorOf, guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import {
  cashierDraw,
  drawOffer,
  generateCodes,
  giftCodes,
  redeemAtCounter,
} from './activity-codes.service.ts';

const TAGS = ['应用中心'];
const CODES = storeAccess(PERM.GIFT_BAG_EXCHANGE, PERM.MEMBER_ACTIVITY);
/** The counter's calls: the cashier (2640) or the app's own id. */
const COUNTER_CODES = storeAccess(PERM.GIFT_BAG_EXCHANGE, PERM.CASHIER);
const COUNTER_DRAW = storeAccess(PERM.CASHIER_LUCK_DRAW, PERM.CASHIER);

const COLUMNS: Column<GiftCodeRow>[] = [
  { header: '礼包码', value: (x) => x.code, width: 22 },
  { header: '批次', value: (x) => x.batch, width: 14 },
  { header: '状态', value: (x) => (x.used ? '已使用' : '未使用') },
  { header: '兑换会员', value: (x) => x.member_name, width: 14 },
  { header: '兑换时间', value: (x) => x.used_at, width: 20 },
  { header: '生成时间', value: (x) => x.created_at, width: 20 },
];

/**
 * 礼包兑换 (10512) and 收银抽奖 (10514) console and counter calls (decision 177): codes generated in a batch
 * or typed, listed and exported (合计 row: codes and used); a code redeemed at the counter by card number;
 * the draw offered after a paid member order reaching the threshold, once per order.
 */
export async function activityAppRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db, config } = app.deps;

  r.post(
    '/gift_code_generate',
    {
      schema: { summary: '生成礼包码（批量或自定义）', tags: TAGS, body: giftCodeGenerateBody },
      config: CODES,
    },
    async (req) => {
      const res = await generateCodes(db, storeScopeOf(req), actorOf(req).id, req.body);
      return ok(res, `已生成${res.count}个礼包码`);
    },
  );

  r.get(
    '/gift_code_list',
    {
      schema: { summary: '礼包码列表（使用状态、兑换会员）', tags: TAGS, querystring: giftCodeListQuery },
      config: CODES,
    },
    async (req) => ok(await giftCodes(db, storeScopeOf(req), req.query)),
  );

  r.get(
    '/gift_code_export',
    {
      schema: { summary: '导出礼包码（xlsx，合计行）', tags: TAGS, querystring: giftCodeListQuery },
      config: CODES,
    },
    async (req, reply) => {
      const t = await giftCodes(db, storeScopeOf(req), req.query, true);
      return sendXlsx(reply, `礼包码-${req.query.activity_id}.xlsx`, COLUMNS, t.list, [
        '合计',
        `${t.count}个`,
        `已使用${t.used}个`,
      ]);
    },
  );

  r.post(
    '/gift_code_redeem',
    {
      schema: { summary: '收银台兑换礼包码（会员卡号）', tags: TAGS, body: giftCodeRedeemBody },
      config: COUNTER_CODES,
    },
    async (req) => {
      const res = await redeemAtCounter({ db, config }, storeScopeOf(req), actorOf(req), req.body);
      return ok(res, res.replay ? '已处理过' : `兑换成功：${res.prize_name}`);
    },
  );

  r.get(
    '/cashier_draw_offer',
    {
      schema: { summary: '收银抽奖：订单可参与的抽奖', tags: TAGS, querystring: cashierDrawBody },
      config: COUNTER_DRAW,
    },
    async (req) => ok(await drawOffer(db, storeScopeOf(req), req.query.order_no)),
  );

  r.post(
    '/cashier_draw',
    {
      schema: { summary: '收银抽奖：为订单抽奖（每单一次）', tags: TAGS, body: cashierDrawBody },
      config: COUNTER_DRAW,
    },
    async (req) => {
      const res = await cashierDraw(db, storeScopeOf(req), actorOf(req), req.body.order_no);
      return ok(res, `恭喜获得${res.prize_name}`);
    },
  );
}
