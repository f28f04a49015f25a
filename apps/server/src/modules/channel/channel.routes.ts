import {
  agentIdQuery,
  CHANNEL_MSG,
  fenToYuanNumber,
  MSG,
  PERM,
  type SubAgentRow,
  type SubStaticsRow,
  subAgentCreateBody,
  subAgentEditBody,
  subAgentListQuery,
  subStaticsQuery,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BadInputError, NotFoundError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { ok } from '../../lib/reply.ts';
import { sumColumns } from '../../lib/totals.ts';
import { exportLimits, sendXlsx, streamXlsx } from '../../lib/xlsx-stream.ts';
import { agentScopeOf, type authOf, ownAgent, type TenantScope } from '../../tenant/index.ts';
import { uniqueName, userNameTaken } from '../netbar/index.ts';
import {
  agentName,
  findSub,
  insertSub,
  listSubs,
  peopleOf,
  subCountUpTo,
  subOptions,
  subRows,
  subStatics,
  updateSub,
} from './channel.repo.ts';

const TAGS = ['代理商-下级渠道'];
const LOWER = { auth: { types: [1, 2] as const, perms: [PERM.LOWER_CHANNEL] } };
const WRITE = { auth: { types: [1] as const, perms: [PERM.LOWER_CHANNEL] } };
const COUNT = { auth: { types: [1, 2] as const, perms: [PERM.COUNT_CHANNEL] } };

/** Sub-agents: agents whose parent is the caller's agent. Another agent's sub-agent is "not found". */
export async function channelRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  /** The caller's scope; only an agent (or its staff) acts on its sub-channels. */
  const agentOf = (req: Parameters<typeof authOf>[0]): TenantScope => {
    const s = agentScopeOf(req);
    ownAgent(s);
    return s;
  };
  const mustSub = async (parent: TenantScope, id: number) => {
    const x = await findSub(db, parent, id);
    if (!x) throw new NotFoundError(CHANNEL_MSG.notFound);
    return x;
  };

  r.get(
    '/agent_sub_agent',
    { schema: { summary: '下级渠道列表', tags: TAGS, querystring: subAgentListQuery }, config: LOWER },
    async (req) => {
      const q = req.query;
      return ok({ ...(await listSubs(db, agentOf(req), q)), page: q.page, page_size: q.page_size });
    },
  );
  r.get(
    '/agent_sub_agent_export',
    {
      schema: {
        summary: '导出下级渠道列表（xlsx，与列表同样的筛选）',
        tags: TAGS,
        querystring: subAgentListQuery,
      },
      config: LOWER,
      compress: false,
    },
    async (req, reply) => {
      const s = agentOf(req);
      // read along the id 2,000 at a time; the 合计 row counts and sums the rows written (decision 068)
      return streamXlsx<SubAgentRow>(reply, {
        filename: '下级渠道.xlsx',
        columns: [
          { header: '渠道ID', value: (x) => Number(x.id), width: 10 },
          { header: '渠道名称', value: (x) => x.name, width: 24 },
          { header: '登录账号', value: (x) => x.user_name },
          { header: '联系人', value: (x) => x.contact },
          { header: '手机号', value: (x) => x.mobile },
          {
            header: '地区',
            value: (x) => `${x.province}${x.city === x.province ? '' : x.city}${x.district}`,
            width: 24,
          },
          { header: '网吧数', value: (x) => Number(x.netbar_count), width: 10, sum: true },
          { header: '状态', value: (x) => (x.status === 1 ? '正常' : '停用'), width: 8 },
          { header: '创建时间', value: (x) => x.created_at, width: 20 },
        ],
        rows: subRows(db, s, req.query),
        count: () => subCountUpTo(db, s, req.query, exportLimits.rows),
        totalsRow: (w) => ['合计', `${w.rows}个`, '', '', '', '', w.sum(6)],
      });
    },
  );
  r.get(
    '/agent_sub_agent_get',
    { schema: { summary: '下级渠道详情', tags: TAGS, querystring: agentIdQuery }, config: LOWER },
    async (req) => ok(await mustSub(agentOf(req), req.query.agent_id)),
  );
  r.get(
    '/agent_sub_all',
    { schema: { summary: '全部下级渠道（筛选项）', tags: TAGS }, config: LOWER },
    async (req) => ok(await subOptions(db, agentOf(req))),
  );
  r.get(
    '/reg_sub_agent_info',
    { schema: { summary: '新增下级渠道的表单信息（上级渠道）', tags: TAGS }, config: WRITE },
    async (req) => {
      const x = await agentName(db, agentOf(req));
      return ok({ parent_id: x?.id, parent_name: x?.name ?? '' });
    },
  );
  r.post(
    '/reg_sub_agent_info',
    {
      schema: { summary: '新增下级渠道（渠道与登录账号）', tags: TAGS, body: subAgentCreateBody },
      config: WRITE,
    },
    async (req) => {
      const b = req.body;
      const parent = agentOf(req);
      if (await userNameTaken(db, b.user_name)) throw new BadInputError(MSG.passportExists);
      const hash = await hashPassword(b.password);
      const id = await uniqueName(() => insertSub(db, parent, b, hash));
      return ok({ agent_id: id }, '下级渠道已创建');
    },
  );
  r.post(
    '/agent_edit_subagent',
    { schema: { summary: '编辑下级渠道', tags: TAGS, body: subAgentEditBody }, config: WRITE },
    async (req) => {
      const b = req.body;
      await mustSub(agentOf(req), b.agent_id);
      await updateSub(db, b.agent_id, b);
      // A disabled channel's owner and staff are logged out (login and every call check agents.status too).
      if (b.status !== 1) {
        for (const p of await peopleOf(db, b.agent_id)) await app.deps.sessions.destroyUser(Number(p.id));
      }
      return ok({ agent_id: b.agent_id }, '保存成功');
    },
  );

  const statics = async (parent: TenantScope, from?: string, to?: string) => {
    const list = await subStatics(db, parent, from, to);
    return { list, total: sumColumns(list, ['netbars', 'new_netbars', 'spend_fen']) };
  };
  r.get(
    '/agent_sub_statics',
    {
      schema: {
        summary: '渠道统计：各下级渠道的网吧数、新增网吧与续费消费（期间）',
        tags: TAGS,
        querystring: subStaticsQuery,
      },
      config: COUNT,
    },
    async (req) => ok(await statics(agentOf(req), req.query.date_from, req.query.date_to)),
  );
  r.get(
    '/agent_sub_statics_export',
    { schema: { summary: '导出渠道统计', tags: TAGS, querystring: subStaticsQuery }, config: COUNT },
    async (req, reply) => {
      const s = await statics(agentOf(req), req.query.date_from, req.query.date_to);
      return sendXlsx<SubStaticsRow>(
        reply,
        '渠道统计.xlsx',
        [
          { header: '渠道', value: (x) => x.name, width: 24 },
          { header: '网吧总数', value: (x) => x.netbars },
          { header: '期间新增网吧', value: (x) => x.new_netbars },
          { header: '期间续费消费（元）', value: (x) => fenToYuanNumber(x.spend_fen), width: 20 },
        ],
        s.list,
        ['合计', s.total.netbars, s.total.new_netbars, fenToYuanNumber(s.total.spend_fen)],
      );
    },
  );
}
