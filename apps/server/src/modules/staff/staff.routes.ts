import {
  AGENT_STAFF_GRANTABLE,
  authAreaBody,
  authTreeQuery,
  flattenRoutes,
  type InstallStatRow,
  idBody,
  installStatsQuery,
  MSG,
  PERM,
  staffEditBody,
  staffIdQuery,
  staffListQuery,
  staffRegisterBody,
  staffRemarkAddBody,
  staffRemarkEditBody,
  staffRemarkQuery,
  userIdQuery,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BadInputError, NotFoundError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { ok } from '../../lib/reply.ts';
import { sumColumns } from '../../lib/totals.ts';
import { sendXlsx } from '../../lib/xlsx-stream.ts';
import { agentScopeOf, authOf, ownAgent, type TenantScope } from '../../tenant/index.ts';
import { uniqueName, userNameTaken } from '../netbar/index.ts';
import { areaOf, installStats } from './staff.repo.ts';
import { mustStaff as mustStaffIn, saveGrants, visibleStaff } from './staff.service.ts';
import { STAFF_LIST_AUTH, staffExportRoutes } from './staff-export.routes.ts';
import {
  addRemark,
  deleteRemark,
  deleteStaff,
  editRemark,
  insertStaff,
  listRemarks,
  remarkOfAgent,
  updateStaff,
} from './staff-write.repo.ts';

const TAGS = ['代理商-员工'];
const MANAGE = { auth: { types: [1] as const, perms: [PERM.STAFF_LIST] } };

export async function staffRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  await staffExportRoutes(app);
  const deps = { db };
  type Req = Parameters<typeof authOf>[0];
  /** The caller's scope, for an agent (or its staff) acting on its own team. */
  const agentOf = (req: Req): TenantScope => {
    const s = agentScopeOf(req);
    ownAgent(s);
    return s;
  };
  const mustStaff = (req: Req, id: number) => mustStaffIn(deps, agentScopeOf(req), id);

  r.get(
    '/agent_person_list',
    {
      schema: {
        summary: '员工列表（筛选项：page 1, page_size 1000 读 id 与 true_name）',
        tags: TAGS,
        querystring: staffListQuery,
      },
      config: STAFF_LIST_AUTH,
    },
    async (req) => {
      const res = await visibleStaff(deps, agentScopeOf(req), req.query);
      return ok({ ...res, page: req.query.page, page_size: req.query.page_size });
    },
  );
  r.get(
    '/agent_person_detail',
    { schema: { summary: '员工详情', tags: TAGS, querystring: staffIdQuery }, config: MANAGE },
    async (req) => {
      const s = await mustStaff(req, req.query.id);
      return ok({ ...s, ...(await areaOf(db, s.id)) });
    },
  );
  r.post(
    '/agent_person_register',
    { schema: { summary: '新增员工账号', tags: TAGS, body: staffRegisterBody }, config: MANAGE },
    async (req) => {
      const b = req.body;
      const scope = agentOf(req);
      if (await userNameTaken(db, b.user_name)) throw new BadInputError(MSG.passportExists);
      const hash = await hashPassword(b.password);
      // The check above is for the common case; two requests racing on one name meet the unique index.
      const id = await uniqueName(() => insertStaff(db, scope, b, hash));
      return ok({ id }, '员工已添加');
    },
  );
  r.post(
    '/agent_person_edit',
    { schema: { summary: '编辑员工（密码留空不修改）', tags: TAGS, body: staffEditBody }, config: MANAGE },
    async (req) => {
      const b = req.body;
      await mustStaff(req, b.id);
      const hash = b.password ? await hashPassword(b.password) : null;
      await updateStaff(db, b, hash);
      // A disabled or re-passworded staff member is logged out everywhere (PostgreSQL or Redis sessions).
      if (hash || b.status !== 1) await app.deps.sessions.destroyUser(b.id);
      return ok({ id: b.id }, '保存成功');
    },
  );
  r.post(
    '/agent_person_del',
    { schema: { summary: '删除员工', tags: TAGS, body: idBody }, config: MANAGE },
    async (req) => {
      await mustStaff(req, req.body.id);
      await deleteStaff(db, req.body.id);
      await app.deps.sessions.destroyUser(req.body.id);
      return ok({ id: req.body.id }, '删除成功');
    },
  );

  r.get(
    '/agent_person_remark_get',
    { schema: { summary: '员工备注列表', tags: TAGS, querystring: staffRemarkQuery }, config: MANAGE },
    async (req) => {
      await mustStaff(req, req.query.bz_id);
      return ok(await listRemarks(db, req.query.bz_id));
    },
  );
  r.post(
    '/agent_person_remark_add',
    { schema: { summary: '添加员工备注', tags: TAGS, body: staffRemarkAddBody }, config: MANAGE },
    async (req) => {
      await mustStaff(req, req.body.bz_id);
      const id = await addRemark(db, req.body.bz_id, req.body.content, authOf(req).userId);
      return ok({ id }, '添加成功');
    },
  );
  const mustRemark = async (scope: TenantScope, id: number) => {
    if (!(await remarkOfAgent(db, scope, id))) throw new NotFoundError('备注不存在');
  };
  r.post(
    '/agent_person_remark_edit',
    { schema: { summary: '修改员工备注', tags: TAGS, body: staffRemarkEditBody }, config: MANAGE },
    async (req) => {
      await mustRemark(agentOf(req), req.body.id);
      await editRemark(db, req.body.id, req.body.content);
      return ok({ id: req.body.id }, '保存成功');
    },
  );
  r.post(
    '/agent_person_remark_del',
    { schema: { summary: '删除员工备注', tags: TAGS, body: idBody }, config: MANAGE },
    async (req) => {
      await mustRemark(agentOf(req), req.body.id);
      await deleteRemark(db, req.body.id);
      return ok({ id: req.body.id }, '删除成功');
    },
  );

  r.get(
    '/get_agent_auth_tree',
    { schema: { summary: '可授予员工的菜单树', tags: TAGS, querystring: authTreeQuery }, config: MANAGE },
    async () => {
      const grantable = new Set(AGENT_STAFF_GRANTABLE);
      const nodes = flattenRoutes().filter((n) => grantable.has(n.id));
      const roots = nodes.filter((n) => !nodes.some((p) => p.children?.some((c) => c.id === n.id)));
      const tree = roots.map((n) => ({
        id: n.id,
        title: n.title,
        children: (n.children ?? [])
          .filter((c) => grantable.has(c.id))
          .map((c) => ({ id: c.id, title: c.title })),
      }));
      return ok(tree);
    },
  );
  r.get(
    '/get_auth_list',
    {
      schema: { summary: '当前账号的菜单权限 id', tags: TAGS },
      config: { auth: { types: [1, 2] as const } },
    },
    async (req) => ok([...authOf(req).perms].sort((a, b) => a - b)),
  );
  r.get(
    '/agent_auth_area',
    {
      schema: { summary: '员工的菜单权限与可管理的网吧、区域', tags: TAGS, querystring: userIdQuery },
      config: MANAGE,
    },
    async (req) => {
      await mustStaff(req, req.query.user_id);
      return ok(await areaOf(db, req.query.user_id));
    },
  );
  r.post(
    '/agent_auth_area',
    {
      schema: { summary: '保存员工的菜单权限与可管理的网吧、区域', tags: TAGS, body: authAreaBody },
      config: MANAGE,
    },
    async (req) => {
      return ok(await saveGrants(deps, agentScopeOf(req), req.body), '授权已保存');
    },
  );

  const STATS = { auth: { types: [1, 2] as const, perms: [PERM.STAFF_EQUIPMENT] } };
  const stats = async (scope: TenantScope, from?: string, to?: string) => {
    const list = (await installStats(db, scope, from, to)).map((x) => ({
      ...x,
      id: Number(x.id),
      registered: Number(x.registered),
      assigned: Number(x.assigned),
      machines: Number(x.machines),
    }));
    const total = sumColumns(list, ['registered', 'assigned', 'machines']);
    return { list, total };
  };
  r.get(
    '/agent_person_install_statistics',
    {
      schema: { summary: '员工装机统计（按期间）', tags: TAGS, querystring: installStatsQuery },
      config: STATS,
    },
    async (req) => ok(await stats(agentOf(req), req.query.date_from, req.query.date_to)),
  );
  r.get(
    '/agent_person_install_statistics_export',
    {
      schema: { summary: '导出员工装机统计', tags: TAGS, querystring: installStatsQuery },
      config: STATS,
    },
    async (req, reply) => {
      const s = await stats(agentOf(req), req.query.date_from, req.query.date_to);
      return sendXlsx<InstallStatRow>(
        reply,
        '员工装机统计.xlsx',
        [
          { header: '员工', value: (x) => x.true_name, width: 20 },
          { header: '期间登记网吧', value: (x) => x.registered },
          { header: '负责网吧', value: (x) => x.assigned },
          { header: '负责机器数', value: (x) => x.machines },
        ],
        s.list,
        ['合计', s.total.registered, s.total.assigned, s.total.machines],
      );
    },
  );
}
