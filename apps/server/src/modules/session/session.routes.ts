import {
  openSessionQuery,
  PERM,
  ratePlanSaveBody,
  sessionHistoryQuery,
  sessionIdBody,
  sessionStartBody,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pager } from '../../lib/paging.ts';
import { ok } from '../../lib/reply.ts';
import { actorOf, guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { listPlans } from './rate-plan.repo.ts';
import { removePlan, savePlan } from './rate-plan.service.ts';
import { endSession, startSession } from './session.service.ts';
import { sessionEvents } from './session-events.ts';
import { openSessions, sessionDetail, sessionHistory } from './session-read.service.ts';

/**
 * Rate plans, open sessions and the session history (application centre → 云计费 10508; decision 117
 * says why there). The live map (4002) may also start and end sessions; member (180) and machine
 * screens read the history.
 */
export async function sessionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db } = app.deps;
  const deps = () => ({ db, events: sessionEvents() });
  const PLANS = storeAccess(PERM.CLOUD_BILLING_HANDOVER);
  const LIVE = storeAccess(PERM.CLOUD_BILLING_HANDOVER, PERM.DIAGRAM_DETAIL);
  const HISTORY = storeAccess(
    PERM.CLOUD_BILLING_HANDOVER,
    PERM.DIAGRAM_DETAIL,
    PERM.MACHINE_POSITION_DIAGRAM,
    PERM.MEMBER_MANAGE,
  );
  const PLAN_TAGS = ['计费方案'];
  const TAGS = ['上机'];

  r.get(
    '/rate_plan_list',
    { schema: { summary: '计费方案列表', tags: PLAN_TAGS }, config: PLANS },
    async (req) => {
      const list = await listPlans(db, storeScopeOf(req));
      return ok({ list, page: 1, page_size: list.length, count: list.length });
    },
  );

  r.post(
    '/rate_plan_save',
    {
      schema: { summary: '保存计费方案（新增或编辑）', tags: PLAN_TAGS, body: ratePlanSaveBody },
      config: PLANS,
    },
    async (req) => ok(await savePlan(db, storeScopeOf(req), actorOf(req).name, req.body), '保存成功'),
  );

  r.post(
    '/rate_plan_delete',
    { schema: { summary: '删除计费方案', tags: PLAN_TAGS, body: sessionIdBody }, config: PLANS },
    async (req) => {
      await removePlan(db, storeScopeOf(req), req.body.id);
      return ok(null, '删除成功');
    },
  );

  r.get(
    '/online_session_list',
    { schema: { summary: '在线会员（上机中）', tags: TAGS, querystring: openSessionQuery }, config: LIVE },
    async (req) => ok(pager(req.query, await openSessions(db, storeScopeOf(req), req.query))),
  );

  r.post(
    '/online_session_start',
    { schema: { summary: '会员上机（收银台开机）', tags: TAGS, body: sessionStartBody }, config: LIVE },
    async (req) => {
      const v = { memberId: req.body.member_id, machineId: req.body.machine_id, source: 'console' as const };
      return ok(await startSession(deps(), storeScopeOf(req), actorOf(req), v), '上机成功');
    },
  );

  r.post(
    '/online_session_end',
    { schema: { summary: '强制下机', tags: TAGS, body: sessionIdBody }, config: LIVE },
    async (req) =>
      ok(await endSession(deps(), storeScopeOf(req), actorOf(req), req.body.id, '强制下机'), '已下机'),
  );

  r.get(
    '/online_session_history',
    {
      schema: { summary: '上机记录（按会员、机器、日期）', tags: TAGS, querystring: sessionHistoryQuery },
      config: HISTORY,
    },
    async (req) => {
      const h = await sessionHistory(db, storeScopeOf(req), req.query);
      return ok({ ...pager(req.query, h), total_fen: h.total_fen });
    },
  );

  r.get(
    '/online_session_detail',
    {
      schema: { summary: '上机记录详情（分时段计费明细）', tags: TAGS, querystring: sessionIdBody },
      config: HISTORY,
    },
    async (req) => ok(await sessionDetail(db, storeScopeOf(req), req.query.id)),
  );
}
