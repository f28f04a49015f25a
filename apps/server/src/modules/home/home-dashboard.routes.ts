import { homeStoreQuery, PERM, UserType } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { agentScopeOf, guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { agentDashboard, platformDashboard, storeDashboard } from './home-dashboard.service.ts';

const TAGS = ['首页'];

/**
 * The home dashboards (decision 158), one call per user type: a netbar (staff only with 经营统计 241
 * or 上机统计 240), an agent or its staff, an administrator. Any other caller is refused (40003).
 */
export async function homeDashboardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db, readDb } = app.deps;

  r.get(
    '/home_store_dashboard',
    {
      schema: {
        summary: '门店首页：今日营业收入（按来源）、充值、订单、新会员与上周同日对比，机器在线/总数',
        tags: TAGS,
        querystring: homeStoreQuery,
      },
      config: storeAccess(PERM.OPERATE_STATISTIC, PERM.COMPUTER_STATISTICS),
    },
    async (req) => ok(await storeDashboard(db, storeScopeOf(req), req.query.store_id, readDb)),
  );

  r.get(
    '/home_agent_dashboard',
    {
      schema: { summary: '代理商首页：旗下网吧近30天在线机器与活跃网吧', tags: TAGS },
      config: { auth: { types: [UserType.Agent, UserType.AgentStaff] } },
    },
    async (req) => ok(await agentDashboard(db, agentScopeOf(req), readDb)),
  );

  r.get(
    '/home_platform_dashboard',
    {
      schema: { summary: '管理员首页：平台网吧、活跃网吧、在线机器与今日营业收入', tags: TAGS },
      config: { auth: { types: [UserType.Admin] } },
    },
    async () => ok(await platformDashboard(db, readDb)),
  );
}
