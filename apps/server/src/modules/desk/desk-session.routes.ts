import {
  deskGoodsBody,
  deskOpenBody,
  deskSessionCancelBody,
  deskSessionQuery,
  deskSettleBody,
  PERM,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { actorOf, guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { deskBoard } from './desk-board.repo.ts';
import { releaseNoShows } from './desk-booking.repo.ts';
import { billOf, cancelDesk, openDesk, settleDesk } from './desk-session.service.ts';
import { tableGoods } from './goods-orders.ts';

/** The counter's side of rooms and tables: the board, open a table, goods to it, settle, cancel (264 or 10521). */
export async function deskSessionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db } = app.deps;
  const COUNTER = storeAccess(PERM.PRIVATE_ROOM, PERM.ORDER_LIST);
  const TAGS = ['桌台开台与结账'];

  r.get(
    '/desk_board',
    { schema: { summary: '包间/桌台状态（前台）', tags: TAGS }, config: COUNTER },
    async (req) => {
      const s = storeScopeOf(req);
      await releaseNoShows(db, s.netbarId);
      const list = await deskBoard(db, s);
      return ok({ list, page: 1, page_size: list.length, count: list.length });
    },
  );

  r.post(
    '/desk_open',
    { schema: { summary: '开台（从预订或散客）', tags: TAGS, body: deskOpenBody }, config: COUNTER },
    async (req) => ok(await openDesk(db, storeScopeOf(req), actorOf(req), req.body), '开台成功'),
  );

  r.get(
    '/desk_bill',
    {
      schema: { summary: '桌台账单（按当前时间计）', tags: TAGS, querystring: deskSessionQuery },
      config: COUNTER,
    },
    async (req) => ok(await billOf(db, storeScopeOf(req), req.query.session_id)),
  );

  r.post(
    '/desk_goods_order',
    { schema: { summary: '桌台点商品（结账时一并支付）', tags: TAGS, body: deskGoodsBody }, config: COUNTER },
    async (req) => ok(await tableGoods(db, storeScopeOf(req), actorOf(req), req.body), '下单成功'),
  );

  r.post(
    '/desk_settle',
    { schema: { summary: '桌台结账', tags: TAGS, body: deskSettleBody }, config: COUNTER },
    async (req) => ok(await settleDesk(db, storeScopeOf(req), actorOf(req), req.body), '结账成功'),
  );

  r.post(
    '/desk_cancel',
    { schema: { summary: '取消开台（未支付时）', tags: TAGS, body: deskSessionCancelBody }, config: COUNTER },
    async (req) => ok(await cancelDesk(db, storeScopeOf(req), actorOf(req), req.body), '已取消开台'),
  );
}
