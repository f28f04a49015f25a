import { agentUserEditBody, idParam, netbarUserEditBody, optional, PERM, UserType } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { authOf } from '../../tenant/index.ts';
import { createProfileService } from './profile.service.ts';

const TAGS = ['账号信息'];
const idQuery = z.object({ id: optional(idParam) });
/** Types whose own profile is edited through agent_user_edit: agents, and the admin and payment accounts (no agent part). */
const AGENT_LIKE = [UserType.Agent, UserType.Admin, UserType.PayCompany];

/** get_netbar_user / get_agent_user and netbar_user_edit / agent_user_edit: one's own details. */
export async function profileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = createProfileService(app.deps.db, app.deps.sessions);
  const view = { types: [UserType.Netbar], perms: [PERM.USER_INFO, PERM.USER_MODIFY_INFO] };

  r.get(
    '/get_netbar_user',
    { schema: { summary: '网吧账号资料', tags: TAGS, querystring: idQuery }, config: { auth: view } },
    async (req) => ok(await svc.view(authOf(req), req.query.id)),
  );
  r.get(
    '/get_agent_user',
    {
      schema: { summary: '代理商账号资料（管理员与支付公司账号也用它）', tags: TAGS, querystring: idQuery },
      config: { auth: { types: AGENT_LIKE, perms: view.perms } },
    },
    async (req) => ok(await svc.view(authOf(req), req.query.id)),
  );
  r.post(
    '/netbar_user_edit',
    {
      schema: { summary: '修改网吧账号资料', tags: TAGS, body: netbarUserEditBody },
      config: { auth: { types: [UserType.Netbar], perms: [PERM.USER_MODIFY_INFO] } },
    },
    async (req) => ok(await svc.editNetbar(authOf(req), req.body), '资料修改成功'),
  );
  r.post(
    '/agent_user_edit',
    {
      schema: { summary: '修改代理商账号资料', tags: TAGS, body: agentUserEditBody },
      config: { auth: { types: AGENT_LIKE, perms: [PERM.USER_MODIFY_INFO] } },
    },
    async (req) => ok(await svc.editAgent(authOf(req), req.body), '资料修改成功'),
  );
}
