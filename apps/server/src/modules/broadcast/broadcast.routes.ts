import { broadcastSaveBody, broadcastSubjectQuery, PERM, UserType } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { actorOf, guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { broadcastSettings, broadcastSubject, saveBroadcastSettings } from './broadcast.service.ts';

const TAGS = ['语音播报'];

/**
 * 语音播报设置 (application broadcast_settings 10504, decision 189): saved with 10504 (staff need the grant);
 * read by anyone working in the store, since every console of the store announces with them and they hold
 * nothing private (as the receipt template a counter prints with). The subject of an announcement (the
 * machine and the masked member online there) is read the same way.
 */
export async function broadcastRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db } = app.deps;
  const inStore = { auth: { types: [UserType.Netbar, UserType.NetbarStaff] } };

  r.get(
    '/broadcast_settings',
    { schema: { summary: '本店语音播报设置（未保存时为默认设置）', tags: TAGS }, config: inStore },
    async (req) => ok(await broadcastSettings(db, storeScopeOf(req))),
  );

  r.post(
    '/broadcast_settings_save',
    {
      schema: { summary: '保存语音播报设置', tags: TAGS, body: broadcastSaveBody },
      config: storeAccess(PERM.BROADCAST_SETTINGS),
    },
    async (req) =>
      ok(await saveBroadcastSettings(db, storeScopeOf(req), actorOf(req).name, req.body), '保存成功'),
  );

  r.get(
    '/broadcast_subject',
    {
      schema: {
        summary: '播报对象：机器名与在线会员（姓名脱敏）',
        tags: TAGS,
        querystring: broadcastSubjectQuery,
      },
      config: inStore,
    },
    async (req) => ok(await broadcastSubject(db, storeScopeOf(req), req.query.machine_id)),
  );
}
