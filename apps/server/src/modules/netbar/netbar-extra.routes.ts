import {
  AGENT_MSG,
  heartbeatBody,
  idBody,
  netbarIdQuery,
  netbarRemarkAddBody,
  netbarRemarkEditBody,
  PERM,
  unbindBody,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { newSecret } from '../../lib/crypto.ts';
import { BadInputError, NotFoundError, UnauthenticatedError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { agentScopeOf, authOf } from '../../tenant/index.ts';
import { recordHeartbeat, serverKeyValid, setServerKey } from './heartbeat.repo.ts';
import { gameUpdateCount } from './netbar.repo.ts';
import { createNetbarService } from './netbar.service.ts';
import { addRemark, deleteRemark, editRemark, listRemarks, remarkInScope } from './netbar-remark.repo.ts';

const LIST = { auth: { types: [1, 2, 4] as const, perms: [PERM.NETBAR_LIST] } };

/** Netbar remarks (a dated follow-up log), server keys, heartbeats and game-update counts. */
export async function netbarExtraRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = createNetbarService(app.deps);
  const { db } = app.deps;
  const TAGS = ['代理商-网吧'];

  r.get(
    '/agent_netbar_remark_get',
    { schema: { summary: '网吧跟进备注列表', tags: TAGS, querystring: netbarIdQuery }, config: LIST },
    async (req) => {
      await svc.mustFind(agentScopeOf(req), req.query.netbar_id);
      return ok(await listRemarks(db, req.query.netbar_id));
    },
  );
  r.post(
    '/agent_netbar_remark_add',
    { schema: { summary: '添加网吧跟进备注', tags: TAGS, body: netbarRemarkAddBody }, config: LIST },
    async (req) => {
      await svc.mustFind(agentScopeOf(req), req.body.netbar_id);
      return ok(
        {
          id: await addRemark(
            db,
            req.body.netbar_id,
            req.body.content,
            req.body.follow_date,
            authOf(req).userId,
          ),
        },
        '添加成功',
      );
    },
  );
  r.post(
    '/agent_netbar_remark_edit',
    { schema: { summary: '修改网吧跟进备注', tags: TAGS, body: netbarRemarkEditBody }, config: LIST },
    async (req) => {
      if (!(await remarkInScope(db, agentScopeOf(req), req.body.id)))
        throw new NotFoundError(AGENT_MSG.remarkNotFound);
      await editRemark(db, req.body.id, req.body.content, req.body.follow_date);
      return ok({ id: req.body.id }, '保存成功');
    },
  );
  r.post(
    '/agent_netbar_remark_del',
    { schema: { summary: '删除网吧跟进备注', tags: TAGS, body: idBody }, config: LIST },
    async (req) => {
      if (!(await remarkInScope(db, agentScopeOf(req), req.body.id)))
        throw new NotFoundError(AGENT_MSG.remarkNotFound);
      await deleteRemark(db, req.body.id);
      return ok({ id: req.body.id }, '删除成功');
    },
  );

  r.post(
    '/agent_netbar_server_key',
    {
      schema: { summary: '签发或更换网吧服务端凭证（只显示一次）', tags: TAGS, body: unbindBody },
      config: LIST,
    },
    async (req) => {
      await svc.mustFind(agentScopeOf(req), req.body.netbar_id);
      const key = newSecret();
      await setServerKey(db, req.body.netbar_id, key);
      return ok({ netbar_id: req.body.netbar_id, server_key: key }, '凭证已更新，请配置到网吧服务端');
    },
  );

  r.post(
    '/netbar_server_heartbeat',
    {
      schema: {
        summary: '网吧服务端心跳（请求头 X-Server-Key 为网吧服务端凭证，X-Requested-With: XMLHttpRequest）',
        tags: ['网吧服务端'],
        body: heartbeatBody,
      },
      config: { auth: { public: true }, oplog: false },
    },
    async (req) => {
      const b = req.body;
      if (!(await serverKeyValid(db, b.netbar_id, req.headers['x-server-key'])))
        throw new UnauthenticatedError(AGENT_MSG.serverKey);
      if (b.online_count > b.machine_count) throw new BadInputError('在线数不能大于机器数');
      await recordHeartbeat(db, b);
      return ok({ received: true });
    },
  );

  r.get(
    '/game_update_count',
    { schema: { summary: '待更新游戏统计（来自网吧服务端心跳）', tags: TAGS }, config: LIST },
    async (req) => ok(await gameUpdateCount(db, agentScopeOf(req))),
  );
}
