import { dayStartBody, UserType } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { actorOf, guardStore, storeScopeOf } from '../../tenant/index.ts';
import { readDayStart, writeDayStart } from './report-settings.service.ts';

const TAGS = ['经营报表'];
/** The store owner only: the day start changes how every report of the store groups its history. */
const OWNER = { auth: { types: [UserType.Netbar] } };

export async function reportSettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db } = app.deps;

  r.get(
    '/report_day_start',
    { schema: { summary: '营业日开始时间（当前门店，默认08:00）', tags: TAGS }, config: OWNER },
    async (req) => ok(await readDayStart(db, storeScopeOf(req))),
  );

  r.post(
    '/report_day_start_save',
    {
      schema: { summary: '保存营业日开始时间（HH:mm，当前门店）', tags: TAGS, body: dayStartBody },
      config: OWNER,
    },
    async (req) => ok(await writeDayStart(db, storeScopeOf(req), actorOf(req).name, req.body), '保存成功'),
  );
}
