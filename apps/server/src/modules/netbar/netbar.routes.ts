import {
  agentRegisterNetbarBody,
  bindQuery,
  chainChangeBody,
  delaySaveBody,
  editNetbarBody,
  hostQuery,
  NETBAR_STATUS_LABELS,
  type NetbarRow,
  netbarIdQuery,
  netbarIdsBody,
  netbarListQuery,
  PERM,
  setNetbarsPersonBody,
  trustQuery,
  unbindBody,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { exportLimits, streamXlsx } from '../../lib/xlsx-stream.ts';
import { agentScopeOf, authOf } from '../../tenant/index.ts';
import { distinctValues, listNetbars, netbarCountUpTo, netbarRows, statics } from './netbar.repo.ts';
import { createNetbarService, readSettings } from './netbar.service.ts';

const TAGS = ['代理商-网吧'];
const LIST = { auth: { types: [1, 2, 4] as const, perms: [PERM.NETBAR_LIST] } };
const WRITE = { auth: { types: [1, 2] as const, perms: [PERM.NETBAR_LIST] } };

export async function netbarRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = createNetbarService(app.deps);
  const { db } = app.deps;

  r.get(
    '/agent_statics',
    {
      schema: { summary: '网吧概况：网吧数、机器数、30天内到期、已到期、本月新增', tags: TAGS },
      config: LIST,
    },
    async (req) => ok(await statics(db, agentScopeOf(req))),
  );

  r.get(
    '/netbar_list',
    { schema: { summary: '网吧列表（分页、筛选）', tags: TAGS, querystring: netbarListQuery }, config: LIST },
    async (req) => {
      const q = req.query;
      const res = await listNetbars(db, agentScopeOf(req), q);
      return ok({ ...res, page: q.page, page_size: q.page_size });
    },
  );

  r.get(
    '/netbar_list_export',
    {
      compress: false,
      schema: { summary: '导出网吧列表（xlsx，与列表同样的筛选）', tags: TAGS, querystring: netbarListQuery },
      config: LIST,
    },
    async (req, reply) => {
      const s = agentScopeOf(req);
      // read along the id 2,000 at a time; the 合计 row counts and sums the rows written (decision 068)
      return streamXlsx<NetbarRow>(reply, {
        filename: '网吧列表.xlsx',
        columns: [
          { header: '网吧ID', value: (n) => n.id, width: 10 },
          { header: '网吧名称', value: (n) => n.name, width: 24 },
          { header: '账号', value: (n) => n.account_name },
          { header: '代理商', value: (n) => n.agent_name, width: 20 },
          { header: '联系人', value: (n) => n.contact },
          { header: '手机号', value: (n) => n.mobile },
          { header: '地区', value: (n) => `${n.province}${n.city}${n.district}`, width: 24 },
          { header: '机器数', value: (n) => n.machine_count, width: 10, sum: true },
          { header: '到期时间', value: (n) => n.expire_at ?? '', width: 20 },
          { header: '负责员工', value: (n) => n.person_name },
          { header: '服务端版本', value: (n) => n.server_version },
          { header: '服务器IP', value: (n) => n.ip },
          { header: '在线', value: (n) => (n.online ? '在线' : '离线'), width: 8 },
          { header: '状态', value: (n) => NETBAR_STATUS_LABELS[n.status] ?? '', width: 8 },
        ],
        rows: netbarRows(db, s, req.query),
        count: () => netbarCountUpTo(db, s, req.query, exportLimits.rows),
        totalsRow: (w) => ['合计', `${w.rows}家`, '', '', '', '', '', w.sum(7)],
      });
    },
  );

  r.get(
    '/agent_netbar_detail',
    { schema: { summary: '网吧详情', tags: TAGS, querystring: netbarIdQuery }, config: LIST },
    async (req) => ok(await svc.mustFind(agentScopeOf(req), req.query.netbar_id)),
  );
  r.get(
    '/agent_netbar_edit_detail',
    { schema: { summary: '网吧编辑资料', tags: TAGS, querystring: netbarIdQuery }, config: LIST },
    async (req) => {
      const n = await svc.mustFind(agentScopeOf(req), req.query.netbar_id);
      const { id, name, contact, mobile, province, city, district, address, machine_count, status } = n;
      return ok({
        netbar_id: id,
        name,
        contact,
        mobile,
        province,
        city,
        district,
        address,
        machine_count,
        status,
      });
    },
  );

  r.post(
    '/agent_register_sub_netbar',
    {
      schema: { summary: '注册网吧（账号、资料）', tags: TAGS, body: agentRegisterNetbarBody },
      config: WRITE,
    },
    async (req) => ok(await svc.register(agentScopeOf(req), req.body), '网吧注册成功'),
  );
  r.post(
    '/agent_netbar_edit',
    { schema: { summary: '编辑网吧资料', tags: TAGS, body: editNetbarBody }, config: LIST },
    async (req) => ok(await svc.edit(agentScopeOf(req), req.body), '保存成功'),
  );
  r.post(
    '/agent_netbar_del',
    { schema: { summary: '删除网吧（netbar_ids，可多个）', tags: TAGS, body: netbarIdsBody }, config: WRITE },
    async (req) => ok(await svc.del(agentScopeOf(req), req.body.netbar_ids), '删除成功'),
  );
  r.post(
    '/agent_set_netbars_person',
    {
      schema: {
        summary: '分配负责员工（netbar_ids, person_id；0 表示取消）',
        tags: TAGS,
        body: setNetbarsPersonBody,
      },
      config: LIST,
    },
    async (req) =>
      ok(await svc.setPerson(agentScopeOf(req), req.body.netbar_ids, req.body.person_id), '分配成功'),
  );

  r.get(
    '/agent_netbar_bind',
    {
      schema: {
        summary: '绑定已有网吧（网吧账号 + 网吧提供的6位绑定码）',
        tags: TAGS,
        querystring: bindQuery,
      },
      // Guessing is also capped per netbar (BIND_MAX_GUESSES); this caps it per address.
      config: { ...WRITE, rateLimit: { max: app.deps.config.LOGIN_RATE_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (req) => ok(await svc.bind(agentScopeOf(req), req.query.user_name, req.query.code), '绑定成功'),
  );
  r.post(
    '/agent_netbar_unbind',
    {
      schema: { summary: '解绑网吧', tags: TAGS, body: unbindBody },
      config: { auth: { types: [1, 4] as const, perms: [PERM.NETBAR_LIST] } },
    },
    async (req) => ok(await svc.unbind(agentScopeOf(req), req.body.netbar_id), '解绑成功'),
  );
  r.post(
    '/netbar_bind_code',
    {
      schema: { summary: '网吧生成代理商绑定码（24小时有效，一次有效）', tags: TAGS },
      config: { auth: { types: [3] as const } },
    },
    async (req) => ok(await svc.issueOwnBindCode(authOf(req).userId), '绑定码已生成'),
  );

  r.get(
    '/chain_netbar_list',
    { schema: { summary: '连锁列表（总店与分店）', tags: TAGS }, config: LIST },
    async (req) => ok(await svc.chainList(agentScopeOf(req))),
  );
  r.post(
    '/chain_netbar_change',
    { schema: { summary: '组建连锁或更换总店', tags: TAGS, body: chainChangeBody }, config: WRITE },
    async (req) => ok(await svc.chainChange(agentScopeOf(req), req.body), '连锁已更新'),
  );

  const DELAY = { auth: { types: [1, 4] as const, perms: [PERM.NETBAR_DELAY_CONFIG] } };
  r.get(
    '/agent_delay_config',
    { schema: { summary: '延期配置：宽限天数上限', tags: TAGS }, config: DELAY },
    async () => {
      const s = await readSettings(db);
      return ok({ delay_max_days: s.delay_max_days });
    },
  );
  r.post(
    '/agent_delay_config_save',
    { schema: { summary: '设置网吧到期宽限天数', tags: TAGS, body: delaySaveBody }, config: DELAY },
    async (req) =>
      ok(await svc.setDelay(agentScopeOf(req), req.body.netbar_ids, req.body.delay_days), '保存成功'),
  );

  const hostOnly = (isHost?: number) => ({ hostOnly: isHost === 1 });
  r.get(
    '/agent_server_versions',
    { schema: { summary: '筛选项：服务端版本', tags: TAGS, querystring: hostQuery }, config: LIST },
    async (req) =>
      ok(
        (await distinctValues(db, agentScopeOf(req), 'server_version', hostOnly(req.query.is_host))).map(
          (server_version) => ({ server_version }),
        ),
      ),
  );
  r.get(
    '/agent_ips',
    { schema: { summary: '筛选项：服务器IP', tags: TAGS, querystring: hostQuery }, config: LIST },
    async (req) =>
      ok(
        (await distinctValues(db, agentScopeOf(req), 'ip', hostOnly(req.query.is_host))).map((ip) => ({
          ip,
        })),
      ),
  );
  r.get(
    '/agent_trust_contract',
    {
      schema: { summary: '筛选项：联系人（可按手机号过滤）', tags: TAGS, querystring: trustQuery },
      config: LIST,
    },
    async (req) =>
      ok(
        (await distinctValues(db, agentScopeOf(req), 'contact', { mobile: req.query.mobile })).map(
          (contact) => ({ contact }),
        ),
      ),
  );
  r.get(
    '/agent_trust_mobile',
    {
      schema: { summary: '筛选项：手机号（可按联系人过滤）', tags: TAGS, querystring: trustQuery },
      config: LIST,
    },
    async (req) =>
      ok(
        (await distinctValues(db, agentScopeOf(req), 'mobile', { contact: req.query.contact })).map(
          (mobile) => ({ mobile }),
        ),
      ),
  );
}
