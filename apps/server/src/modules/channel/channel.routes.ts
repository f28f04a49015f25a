import {
  agentIdQuery,
  CHANNEL_MSG,
  MSG,
  PERM,
  subAgentCreateBody,
  subAgentEditBody,
  subAgentListQuery,
  type SubAgentRow,
  type SubStaticsRow,
  subStaticsQuery,
} from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rows } from '../../db/client.ts';
import { BadInputError, NotFoundError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { ok } from '../../lib/reply.ts';
import type { authOf } from '../../plugins/auth.ts';
import { agentScopeOf, fmtTs, ownAgent } from '../agent/agent-scope.ts';
import { uniqueName, userNameTaken } from '../agent/netbar-write.repo.ts';
import { sendXlsx, yuan } from '../agent/xlsx-export.ts';

const TAGS = ['代理商-下级渠道'];
const LOWER = { auth: { types: [1, 2] as const, perms: [PERM.LOWER_CHANNEL] } };
const WRITE = { auth: { types: [1] as const, perms: [PERM.LOWER_CHANNEL] } };
const COUNT = { auth: { types: [1, 2] as const, perms: [PERM.COUNT_CHANNEL] } };

const SELECT = sql`select a.id, a.name, coalesce(u.user_name, '') as user_name, a.contact, a.mobile, a.province, a.city, a.district, a.address, a.status,
  (select count(*)::int from netbars n where n.agent_id = a.id and n.status <> 0) as netbar_count, ${fmtTs('a.created_at')} as created_at
  from agents a left join users u on u.id = a.owner_user_id`;

function period(col: string, from?: string, to?: string): SQL {
  const c = sql.raw(col);
  const w: SQL[] = [sql`true`];
  if (from) w.push(sql`${c} >= (${from}::date)::timestamp at time zone 'Asia/Shanghai'`);
  if (to) w.push(sql`${c} < ((${to}::date + 1)::timestamp at time zone 'Asia/Shanghai')`);
  return sql.join(w, sql` and `);
}

/** Sub-agents: agents whose parent is the caller's agent. Another agent's sub-agent is "not found". */
export async function channelRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const agentOf = (req: Parameters<typeof authOf>[0]) => ownAgent(agentScopeOf(req));
  const mustSub = async (parent: number, id: number) => {
    const x = await rows<SubAgentRow>(db, sql`${SELECT} where a.id = ${id} and a.parent_id = ${parent}`);
    if (!x[0]) throw new NotFoundError(CHANNEL_MSG.notFound);
    return x[0];
  };

  /** The list's rows (one page, or every matching row for the export) and their count. */
  const subAgents = async (
    parent: number,
    q: { page: number; page_size: number; keyword?: string },
    all = false,
  ) => {
    const w = [sql`a.parent_id = ${parent}`];
    if (q.keyword) {
      const k = `%${q.keyword.replace(/[%_\\]/g, '\\$&')}%`;
      w.push(sql`(a.name ilike ${k} or a.contact ilike ${k})`);
    }
    const where = sql.join(w, sql` and `);
    const page = all ? sql`` : sql`limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`;
    const [list, tot] = await Promise.all([
      rows<SubAgentRow>(db, sql`${SELECT} where ${where} order by a.id desc ${page}`),
      rows<{ n: number }>(db, sql`select count(*)::int as n from agents a where ${where}`),
    ]);
    return { list, count: Number(tot[0]?.n ?? 0) };
  };

  r.get(
    '/agent_sub_agent',
    { schema: { summary: '下级渠道列表', tags: TAGS, querystring: subAgentListQuery }, config: LOWER },
    async (req) => {
      const q = req.query;
      return ok({ ...(await subAgents(agentOf(req), q)), page: q.page, page_size: q.page_size });
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
    },
    async (req, reply) => {
      const res = await subAgents(agentOf(req), req.query, true);
      const netbars = res.list.reduce((t, x) => t + Number(x.netbar_count), 0);
      return sendXlsx<SubAgentRow>(
        reply,
        '下级渠道.xlsx',
        [
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
          { header: '网吧数', value: (x) => Number(x.netbar_count), width: 10 },
          { header: '状态', value: (x) => (x.status === 1 ? '正常' : '停用'), width: 8 },
          { header: '创建时间', value: (x) => x.created_at, width: 20 },
        ],
        res.list,
        ['合计', `${res.count}个`, '', '', '', '', netbars],
      );
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
    async (req) =>
      ok(await rows(db, sql`select id, name from agents where parent_id = ${agentOf(req)} order by id`)),
  );
  r.get(
    '/reg_sub_agent_info',
    { schema: { summary: '新增下级渠道的表单信息（上级渠道）', tags: TAGS }, config: WRITE },
    async (req) => {
      const x = await rows<{ id: number; name: string }>(
        db,
        sql`select id, name from agents where id = ${agentOf(req)}`,
      );
      return ok({ parent_id: x[0]?.id, parent_name: x[0]?.name ?? '' });
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
      const id = await uniqueName(() =>
        db.transaction(async (tx) => {
          const [a] = await rows<{ id: number }>(
            tx,
            sql`insert into agents (name, parent_id, contact, mobile, province, city, district, address)
        values (${b.name}, ${parent}, ${b.contact}, ${b.mobile}, ${b.province}, ${b.city}, ${b.district}, ${b.address}) returning id`,
          );
          const [u] = await rows<{ id: number }>(
            tx,
            sql`insert into users (user_name, password_hash, type, true_name, mobile, province, city, district, address, agent_id)
        values (${b.user_name}, ${hash}, 1, ${b.contact}, ${b.mobile}, ${b.province}, ${b.city}, ${b.district}, ${b.address}, ${a!.id}) returning id`,
          );
          await tx.execute(sql`update agents set owner_user_id = ${u!.id} where id = ${a!.id}`);
          return Number(a!.id);
        }),
      );
      return ok({ agent_id: id }, '下级渠道已创建');
    },
  );
  r.post(
    '/agent_edit_subagent',
    { schema: { summary: '编辑下级渠道', tags: TAGS, body: subAgentEditBody }, config: WRITE },
    async (req) => {
      const b = req.body;
      await mustSub(agentOf(req), b.agent_id);
      await db.transaction(async (tx) => {
        await tx.execute(sql`update agents set name = ${b.name}, contact = ${b.contact}, mobile = ${b.mobile}, province = ${b.province}, city = ${b.city},
        district = ${b.district}, address = ${b.address}, status = ${b.status} where id = ${b.agent_id}`);
        await tx.execute(
          sql`update users set status = ${b.status === 1 ? 1 : 0} where agent_id = ${b.agent_id} and type = 1`,
        );
      });
      // A disabled channel's owner and staff are logged out (login and every call check agents.status too).
      if (b.status !== 1) {
        const people = await rows<{ id: number }>(
          db,
          sql`select u.id from users u left join staff st on st.user_id = u.id
          where (u.agent_id = ${b.agent_id} or st.agent_id = ${b.agent_id}) and u.type in (1, 2)`,
        );
        for (const p of people) await app.deps.sessions.destroyUser(Number(p.id));
      }
      return ok({ agent_id: b.agent_id }, '保存成功');
    },
  );

  const statics = async (parent: number, from?: string, to?: string) => {
    const list = await rows<SubStaticsRow>(
      db,
      sql`select a.id as agent_id, a.name,
      (select count(*)::int from netbars n where n.agent_id = a.id and n.status <> 0) as netbars,
      (select count(*)::int from netbars n where n.agent_id = a.id and n.status <> 0 and ${period('n.created_at', from, to)}) as new_netbars,
      (select coalesce(sum(o.amount_fen), 0)::float8 from consumption_orders o where o.agent_id = a.id and o.status = 1 and ${period('o.paid_at', from, to)}) as spend_fen
      from agents a where a.parent_id = ${parent} order by a.id`,
    );
    const rowsOut = list.map((x) => ({
      ...x,
      agent_id: Number(x.agent_id),
      netbars: Number(x.netbars),
      new_netbars: Number(x.new_netbars),
      spend_fen: Number(x.spend_fen),
    }));
    const total = rowsOut.reduce(
      (t, x) => ({
        netbars: t.netbars + x.netbars,
        new_netbars: t.new_netbars + x.new_netbars,
        spend_fen: t.spend_fen + x.spend_fen,
      }),
      { netbars: 0, new_netbars: 0, spend_fen: 0 },
    );
    return { list: rowsOut, total };
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
          { header: '期间续费消费（元）', value: (x) => yuan(x.spend_fen), width: 20 },
        ],
        s.list,
        ['合计', s.total.netbars, s.total.new_netbars, yuan(s.total.spend_fen)],
      );
    },
  );
}
