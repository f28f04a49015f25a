import {
  idParam,
  PERM,
  publicMapQuery,
  publicReserveBody,
  reservationListQuery,
  reservationRedeemBody,
  staffReserveBody,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pager } from '../../lib/paging.ts';
import { ok } from '../../lib/reply.ts';
import { actorOf, guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { publicMap, storeOfToken } from './layout.service.ts';
import { expireDue, listReservations } from './reservation.repo.ts';
import { cancelReservation, redeemReservation, reserveSeat, seatLink } from './reservation.service.ts';

const TAGS = ['机位预订'];

/** Reservations made or handled by staff at the counter (live map 4002 or the editor 10518). */
export async function reservationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db } = app.deps;
  const LIVE = storeAccess(PERM.DIAGRAM_DETAIL, PERM.MACHINE_POSITION_DIAGRAM);

  r.get(
    '/seat_reservation_list',
    { schema: { summary: '机位预订记录', tags: TAGS, querystring: reservationListQuery }, config: LIVE },
    async (req) => {
      const s = storeScopeOf(req);
      await expireDue(db, s.netbarId);
      return ok(pager(req.query, await listReservations(db, s, req.query)));
    },
  );

  r.post(
    '/seat_reserve',
    {
      schema: { summary: '前台预订机位（返回一次性预订码）', tags: TAGS, body: staffReserveBody },
      config: LIVE,
    },
    async (req) => {
      const s = storeScopeOf(req);
      const hold = req.body.hold_minutes ?? (await seatLink(db, s)).hold_minutes;
      const done = await reserveSeat(db, s, {
        machineId: req.body.machine_id,
        mobile: req.body.mobile,
        name: req.body.name,
        holdMinutes: hold,
        source: 'staff',
        createdBy: actorOf(req).name,
      });
      return ok(done, `预订成功，预订码 ${done.code}`);
    },
  );

  r.post(
    '/seat_reservation_cancel',
    { schema: { summary: '取消机位预订', tags: TAGS, body: z.object({ id: idParam }) }, config: LIVE },
    async (req) => ok(await cancelReservation(db, storeScopeOf(req), req.body.id), '已取消预订'),
  );

  r.post(
    '/seat_reservation_redeem',
    { schema: { summary: '核销预订码（顾客到店）', tags: TAGS, body: reservationRedeemBody }, config: LIVE },
    async (req) => {
      const done = await redeemReservation(db, storeScopeOf(req), req.body.code);
      return ok(done, `核销成功，请安排顾客到机位「${done.machine_name}」`);
    },
  );
}

/**
 * The public seat map behind /diagram_preview and /jiweitu: no login, reached by the store's
 * unguessable link token (decision 101), rate limited per client address.
 */
export async function publicSeatRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const reservePerMinute = Math.max(1, Math.floor(config.LOGIN_RATE_PER_MINUTE / 3));

  r.get(
    '/seat_public_map',
    {
      schema: { summary: '公开机位图（空闲机位，无需登录）', tags: TAGS, querystring: publicMapQuery },
      config: {
        auth: { public: true },
        rateLimit: { max: config.LOGIN_RATE_PER_MINUTE * 4, timeWindow: '1 minute' },
      },
    },
    async (req) => ok(await publicMap(db, req.query.token)),
  );

  r.post(
    '/seat_public_reserve',
    {
      schema: { summary: '顾客预订机位（无需登录，返回一次性预订码）', tags: TAGS, body: publicReserveBody },
      config: {
        auth: { public: true },
        oplog: false,
        rateLimit: { max: reservePerMinute, timeWindow: '1 minute' },
      },
    },
    async (req) => {
      const store = await storeOfToken(db, req.body.token);
      const done = await reserveSeat(db, store.scope, {
        machineId: req.body.machine_id,
        mobile: req.body.mobile,
        name: req.body.name,
        holdMinutes: store.hold_minutes,
        source: 'public',
        createdBy: '顾客自助',
      });
      return ok(done, '预订成功');
    },
  );
}
