import {
  flattenRoutes,
  idBody,
  NETBAR_STAFF_GRANTABLE,
  type NetbarStaffAuthNode,
  type NetbarStaffRow,
  netbarStaffCreateBody,
  netbarStaffEditBody,
  netbarStaffFirstPasswordBody,
  netbarStaffGrantBody,
  netbarStaffListQuery,
  netbarStaffResetBody,
  netbarStaffStatusBody,
  PERM,
  staffIdQuery,
  staffRemarkAddBody,
  staffRemarkEditBody,
  staffRemarkQuery,
  UserType,
} from '@netbar/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NotFoundError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { type Column, sendXlsx } from '../../lib/xlsx-stream.ts';
import { authOf } from '../../tenant/index.ts';
import { listStaff, type OwnerScope } from './netbar-staff.repo.ts';
import {
  createStaff,
  editStaff,
  grantStaff,
  mustStaff,
  resetStaffPassword,
  setFirstPassword,
  setStaffStatus,
} from './netbar-staff.service.ts';
import {
  addRemark,
  deleteRemark,
  editRemark,
  listRemarks,
  remarkInScope,
} from './netbar-staff-remark.repo.ts';

const TAGS = ['网吧员工'];
/** Only the netbar owner (type 3) holding 员工列表 52; its staff (type 5) can never be granted 52. */
const MANAGE = { auth: { types: [UserType.Netbar], perms: [PERM.NETBAR_STAFF_LIST] } };

const ownerOf = (req: FastifyRequest): OwnerScope => {
  const a = authOf(req);
  return { userId: a.userId, loginNid: a.loginNid };
};

const COLUMNS: Column<NetbarStaffRow>[] = [
  { header: '员工ID', value: (x) => x.id, width: 10 },
  { header: '姓名', value: (x) => x.true_name },
  { header: '账号', value: (x) => x.user_name, width: 18 },
  { header: '手机号', value: (x) => x.mobile, width: 14 },
  { header: '角色', value: (x) => x.role },
  { header: '所属门店', value: (x) => x.netbar_name, width: 18 },
  { header: '工作门店', value: (x) => x.netbar_names.join('、'), width: 30 },
  { header: '菜单权限', value: (x) => (x.perm_ids.length ? `${x.perm_ids.length}项` : '未授权') },
  { header: '状态', value: (x) => (x.status === 1 ? '正常' : '停用'), width: 8 },
  { header: '创建时间', value: (x) => x.created_at, width: 20 },
];

/** The grantable menus as a tree: each root with its grantable children. */
function authTree(): NetbarStaffAuthNode[] {
  const grantable = new Set(NETBAR_STAFF_GRANTABLE);
  const nodes = flattenRoutes().filter((n) => grantable.has(n.id));
  const roots = nodes.filter((n) => !nodes.some((p) => p.children?.some((c) => c.id === n.id)));
  return roots.map((n) => ({
    id: n.id,
    title: n.title,
    children: (n.children ?? [])
      .filter((c) => grantable.has(c.id))
      .map((c) => ({ id: c.id, title: c.title })),
  }));
}

export async function netbarStaffRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, sessions, config } = app.deps;
  const deps = { db, sessions };

  r.get(
    '/netbar_staff_list',
    { schema: { summary: '网吧员工列表', tags: TAGS, querystring: netbarStaffListQuery }, config: MANAGE },
    async (req) => {
      const q = req.query;
      const res = await listStaff(db, ownerOf(req), q, q);
      return ok({ ...res, page: q.page, page_size: q.page_size });
    },
  );
  r.get(
    '/netbar_staff_list_export',
    {
      compress: false,
      schema: { summary: '导出网吧员工列表', tags: TAGS, querystring: netbarStaffListQuery },
      config: MANAGE,
    },
    async (req, reply) => {
      // exports read the replica (decision 201)
      const { list } = await listStaff(app.deps.readDb, ownerOf(req), req.query);
      return sendXlsx(reply, '网吧员工.xlsx', COLUMNS, list, ['合计', `${list.length}人`]);
    },
  );
  r.get(
    '/netbar_staff_detail',
    { schema: { summary: '网吧员工详情', tags: TAGS, querystring: staffIdQuery }, config: MANAGE },
    async (req) => ok(await mustStaff(deps, ownerOf(req), req.query.id)),
  );
  r.post(
    '/netbar_staff_add',
    { schema: { summary: '新增网吧员工', tags: TAGS, body: netbarStaffCreateBody }, config: MANAGE },
    async (req) => ok({ id: await createStaff(deps, ownerOf(req), req.body) }, '员工已添加'),
  );
  r.post(
    '/netbar_staff_edit',
    { schema: { summary: '编辑网吧员工', tags: TAGS, body: netbarStaffEditBody }, config: MANAGE },
    async (req) => ok(await editStaff(deps, ownerOf(req), req.body), '保存成功'),
  );
  r.post(
    '/netbar_staff_status',
    { schema: { summary: '启用或停用网吧员工', tags: TAGS, body: netbarStaffStatusBody }, config: MANAGE },
    async (req) => {
      await setStaffStatus(deps, ownerOf(req), req.body.id, req.body.status);
      return ok({ id: req.body.id }, req.body.status === 1 ? '已启用' : '已停用');
    },
  );
  r.post(
    '/netbar_staff_reset_password',
    { schema: { summary: '重置网吧员工密码', tags: TAGS, body: netbarStaffResetBody }, config: MANAGE },
    async (req) => {
      await resetStaffPassword(deps, ownerOf(req), req.body.id, req.body.password);
      return ok({ id: req.body.id }, '密码已重置，员工下次登录时须修改密码');
    },
  );
  r.get(
    '/netbar_staff_auth_tree',
    { schema: { summary: '可授予网吧员工的菜单树', tags: TAGS }, config: MANAGE },
    async () => ok(authTree()),
  );
  r.post(
    '/netbar_staff_grant',
    { schema: { summary: '保存网吧员工的菜单权限', tags: TAGS, body: netbarStaffGrantBody }, config: MANAGE },
    async (req) => ok(await grantStaff(deps, ownerOf(req), req.body), '授权已保存'),
  );

  r.get(
    '/netbar_staff_remark_get',
    { schema: { summary: '网吧员工备注列表', tags: TAGS, querystring: staffRemarkQuery }, config: MANAGE },
    async (req) => {
      await mustStaff(deps, ownerOf(req), req.query.bz_id);
      return ok(await listRemarks(db, req.query.bz_id));
    },
  );
  r.post(
    '/netbar_staff_remark_add',
    { schema: { summary: '添加网吧员工备注', tags: TAGS, body: staffRemarkAddBody }, config: MANAGE },
    async (req) => {
      await mustStaff(deps, ownerOf(req), req.body.bz_id);
      return ok(
        { id: await addRemark(db, req.body.bz_id, req.body.content, authOf(req).userId) },
        '添加成功',
      );
    },
  );
  const mustRemark = async (req: FastifyRequest, id: number) => {
    if (!(await remarkInScope(db, ownerOf(req), id))) throw new NotFoundError('备注不存在');
  };
  r.post(
    '/netbar_staff_remark_edit',
    { schema: { summary: '修改网吧员工备注', tags: TAGS, body: staffRemarkEditBody }, config: MANAGE },
    async (req) => {
      await mustRemark(req, req.body.id);
      await editRemark(db, req.body.id, req.body.content);
      return ok({ id: req.body.id }, '保存成功');
    },
  );
  r.post(
    '/netbar_staff_remark_del',
    { schema: { summary: '删除网吧员工备注', tags: TAGS, body: idBody }, config: MANAGE },
    async (req) => {
      await mustRemark(req, req.body.id);
      await deleteRemark(db, req.body.id);
      return ok({ id: req.body.id }, '删除成功');
    },
  );

  r.post(
    '/netbar_staff_first_password',
    {
      schema: {
        summary: '网吧员工重置密码后首次登录前修改密码',
        tags: TAGS,
        body: netbarStaffFirstPasswordBody,
      },
      config: {
        auth: { public: true },
        rateLimit: { max: config.LOGIN_RATE_PER_MINUTE, timeWindow: '1 minute' },
      },
    },
    async (req) => {
      await setFirstPassword(deps, req.body);
      return ok(null, '密码已修改，请使用新密码登录');
    },
  );
}
