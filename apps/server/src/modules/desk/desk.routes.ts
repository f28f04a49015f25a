import {
  deskBookingBody,
  deskBookingCancelBody,
  deskBookingListQuery,
  deskListQuery,
  deskSaveBody,
  idParam,
  PERM,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors.ts';
import { pager } from '../../lib/paging.ts';
import { ok } from '../../lib/reply.ts';
import { actorOf, guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { findDesk, listDesks } from './desk.repo.ts';
import { DESK_MISSING, removeDesk, saveDesk } from './desk.service.ts';
import { listBookings, releaseNoShows } from './desk-booking.repo.ts';
import { bookDesk, cancelBooking, releaseBooking } from './desk-booking.service.ts';

const idBody = z.object({ id: idParam });

/**
 * Rooms and tables (application private_room 10521) and their bookings. Managing desks needs 10521;
 * reading them and booking at the counter needs 10521 or the cashier's grant 264 (decision 130).
 */
export async function deskRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db } = app.deps;
  const MANAGE = storeAccess(PERM.PRIVATE_ROOM);
  const COUNTER = storeAccess(PERM.PRIVATE_ROOM, PERM.ORDER_LIST);
  const DESKS = ['包间/桌台'];
  const BOOKINGS = ['包间/桌台预订'];

  r.get(
    '/desk_list',
    { schema: { summary: '包间/桌台列表', tags: DESKS, querystring: deskListQuery }, config: COUNTER },
    async (req) => ok(pager(req.query, await listDesks(db, storeScopeOf(req), req.query))),
  );

  r.get(
    '/desk_detail',
    { schema: { summary: '包间/桌台详情', tags: DESKS, querystring: idBody }, config: COUNTER },
    async (req) => {
      const d = await findDesk(db, storeScopeOf(req), req.query.id);
      if (!d) throw new NotFoundError(DESK_MISSING);
      return ok(d);
    },
  );

  r.post(
    '/desk_save',
    { schema: { summary: '保存包间/桌台（新增或编辑）', tags: DESKS, body: deskSaveBody }, config: MANAGE },
    async (req) => ok(await saveDesk(db, storeScopeOf(req), req.body)),
  );

  r.post(
    '/desk_delete',
    { schema: { summary: '删除包间/桌台', tags: DESKS, body: idBody }, config: MANAGE },
    async (req) => {
      await removeDesk(db, storeScopeOf(req), req.body.id);
      return ok(null, '删除成功');
    },
  );

  r.get(
    '/desk_booking_list',
    { schema: { summary: '预订记录', tags: BOOKINGS, querystring: deskBookingListQuery }, config: COUNTER },
    async (req) => {
      const s = storeScopeOf(req);
      await releaseNoShows(db, s.netbarId);
      return ok(pager(req.query, await listBookings(db, s, req.query)));
    },
  );

  r.post(
    '/desk_booking_save',
    {
      schema: { summary: '预订包间/桌台（按时段）', tags: BOOKINGS, body: deskBookingBody },
      config: COUNTER,
    },
    async (req) => ok(await bookDesk(db, storeScopeOf(req), actorOf(req), req.body), '预订成功'),
  );

  r.post(
    '/desk_booking_cancel',
    { schema: { summary: '取消预订', tags: BOOKINGS, body: deskBookingCancelBody }, config: COUNTER },
    async (req) => ok(await cancelBooking(db, storeScopeOf(req), req.body.id, req.body.reason), '已取消预订'),
  );

  r.post(
    '/desk_booking_no_show',
    { schema: { summary: '预订未到店，释放时段', tags: BOOKINGS, body: idBody }, config: COUNTER },
    async (req) => ok(await releaseBooking(db, storeScopeOf(req), req.body.id), '已释放该时段'),
  );
}
