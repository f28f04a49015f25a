import {
  CARD_KIND_LABELS,
  fenToYuanNumber,
  MEMBER_STATUS_LABELS,
  type MemberRow,
  memberIdQuery,
  memberLedgerQuery,
  memberListQuery,
  memberLookupQuery,
  memberPasswordBody,
  memberRefundBody,
  memberSaveBody,
  memberSettingBody,
  memberStatusBody,
  PERM,
  shanghaiDate,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NotFoundError } from '../../lib/errors.ts';
import { pager } from '../../lib/paging.ts';
import { ok } from '../../lib/reply.ts';
import { type Column, streamXlsx } from '../../lib/xlsx-stream.ts';
import {
  actorOf,
  guardStore,
  opCallerOf,
  retriedWrite,
  storeAccess,
  storeScopeOf,
} from '../../tenant/index.ts';
import {
  changeStatus,
  memberSettings,
  revealCard,
  saveMember,
  saveMemberSettings,
} from './member.service.ts';
import { cipherFor, memberFieldKey } from './member-crypto.ts';
import { refundCard } from './member-money.service.ts';
import { resetMemberPassword } from './member-password.service.ts';
import { memberLedger, memberList, memberLookup, memberOne, memberStores } from './member-read.service.ts';

const TAGS = ['会员管理'];
const COLUMNS: Column<MemberRow>[] = [
  { header: '卡号', width: 22, value: (r) => r.card_mask },
  { header: '证件类型', value: (r) => CARD_KIND_LABELS[r.card_kind] },
  { header: '姓名', value: (r) => r.name },
  { header: '手机号', width: 14, value: (r) => r.mobile },
  { header: '生日', width: 12, value: (r) => r.birthday },
  { header: '等级', value: (r) => r.level_name },
  { header: '本金(元)', value: (r) => fenToYuanNumber(r.principal_fen), sum: true },
  { header: '奖励(元)', value: (r) => fenToYuanNumber(r.bonus_fen), sum: true },
  { header: '积分', value: (r) => r.points, sum: true },
  { header: '累计充值(元)', value: (r) => fenToYuanNumber(r.topup_total_fen), sum: true },
  { header: '状态', value: (r) => MEMBER_STATUS_LABELS[r.status] },
  { header: '开卡门店', width: 16, value: (r) => r.netbar_name },
  { header: '开卡人', value: (r) => r.created_by_name },
  { header: '开卡时间', width: 20, value: (r) => r.created_at },
  { header: '最近到店', width: 20, value: (r) => r.last_visit_at },
  { header: '备注', width: 24, value: (r) => r.remark },
];

/** Members (member_manage 180): list, detail with the ledger, add/edit, status, 退卡, export, reveal, settings. */
export async function memberRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db } = app.deps;
  const deps = { db, cipher: cipherFor(memberFieldKey(app.deps.config)) };
  const access = storeAccess(PERM.MEMBER_MANAGE);

  r.get(
    '/member_list',
    { schema: { summary: '会员列表', tags: TAGS, querystring: memberListQuery }, config: access },
    async (req) => {
      const res = await memberList(db, storeScopeOf(req), req.query);
      return ok({
        ...pager(req.query, res),
        totals: res.totals,
        stores: await memberStores(db, storeScopeOf(req)),
      });
    },
  );

  r.get(
    '/member_export',
    {
      compress: false,
      schema: { summary: '导出会员列表', tags: TAGS, querystring: memberListQuery },
      config: access,
    },
    async (req, reply) => {
      // exports read the replica (decision 201)
      const res = await memberList(app.deps.readDb, storeScopeOf(req), req.query, true);
      return streamXlsx(reply, {
        filename: `会员列表-${shanghaiDate()}.xlsx`,
        sheet: '会员列表',
        columns: COLUMNS,
        rows: res.list,
        count: async () => res.count,
      });
    },
  );

  r.get(
    '/member_detail',
    { schema: { summary: '会员详情', tags: TAGS, querystring: memberIdQuery }, config: access },
    async (req) => ok(await memberOne(db, storeScopeOf(req), req.query.id)),
  );

  r.get(
    '/member_lookup',
    {
      schema: {
        summary: '收银台查找会员（完整卡号、手机号或姓名）',
        tags: TAGS,
        querystring: memberLookupQuery,
      },
      // the counter attaches a member without the member book's grant (decision 123: 264 or 2640); the
      // 租赁柜台 (2644) rents to a member the same way
      config: storeAccess(PERM.MEMBER_MANAGE, PERM.ORDER_LIST, PERM.CASHIER, PERM.LEASE_COUNTER),
    },
    async (req) => ok({ list: await memberLookup(app.deps, storeScopeOf(req), req.query.q) }),
  );

  r.get(
    '/member_ledger',
    {
      schema: { summary: '会员余额流水（按时间倒序，游标分页）', tags: TAGS, querystring: memberLedgerQuery },
      config: access,
    },
    async (req) => {
      const res = await memberLedger(db, storeScopeOf(req), req.query);
      return ok(pager(req.query, res));
    },
  );

  r.post(
    '/member_save',
    { schema: { summary: '新增或编辑会员', tags: TAGS, body: memberSaveBody }, config: access },
    async (req) => ok(await saveMember(deps, storeScopeOf(req), actorOf(req), req.body), '保存成功'),
  );

  r.post(
    '/member_status',
    {
      schema: { summary: '挂失、解挂、禁用、启用会员卡', tags: TAGS, body: memberStatusBody },
      config: access,
    },
    async (req) => ok(await changeStatus(deps, storeScopeOf(req), req.body), '操作成功'),
  );

  r.post(
    '/member_refund',
    {
      schema: { summary: '退卡（退还本金，作废奖励与积分）', tags: TAGS, body: memberRefundBody },
      config: access,
    },
    retriedWrite(db, refundCard, { done: '退卡成功', replayed: '该请求已处理' }),
  );

  r.post(
    '/member_password_reset',
    {
      schema: { summary: '重置会员密码（只存摘要，不返回密码）', tags: TAGS, body: memberPasswordBody },
      config: { ...access, oplog: false },
    },
    async (req) => {
      const { kv, oplog } = app.deps;
      const log = (target: string, result: 'success' | 'failure', detail = '') =>
        oplog.write(opCallerOf(req), { action: '重置会员密码', target, result, detail });
      try {
        const res = await resetMemberPassword({ db, kv }, storeScopeOf(req), req.body.id, req.body.password);
        await log(`会员#${res.id} ${res.name}`, 'success');
        return ok(res, '会员密码已重置');
      } catch (e) {
        await log(`会员#${req.body.id}`, 'failure', (e as Error).message);
        throw e;
      }
    },
  );

  r.post(
    '/member_card_reveal',
    {
      schema: { summary: '查看完整卡号（仅网吧老板，记入操作日志）', tags: TAGS, body: memberIdQuery },
      config: { ...access, oplog: false },
    },
    async (req) => {
      try {
        const res = await revealCard(deps, storeScopeOf(req), req.body.id);
        await app.deps.oplog.write(opCallerOf(req), {
          action: '查看会员完整卡号',
          target: `会员#${res.id} ${res.name}`,
          result: 'success',
        });
        return ok(res);
      } catch (e) {
        const why = e instanceof NotFoundError ? '会员不存在' : (e as Error).message;
        await app.deps.oplog.write(opCallerOf(req), {
          action: '查看会员完整卡号',
          target: `会员#${req.body.id}`,
          result: 'failure',
          detail: why,
        });
        throw e;
      }
    },
  );

  r.get(
    '/member_settings',
    {
      schema: { summary: '会员设置（扣费顺序、会员连锁通用）', tags: TAGS },
      config: storeAccess(PERM.MEMBER_MANAGE, PERM.MEMBER_RIGHTS),
    },
    async (req) => ok(await memberSettings(db, storeScopeOf(req))),
  );

  r.post(
    '/member_settings_save',
    {
      schema: { summary: '保存会员设置（仅网吧老板）', tags: TAGS, body: memberSettingBody },
      config: access,
    },
    async (req) => ok(await saveMemberSettings(db, storeScopeOf(req), req.body), '保存成功'),
  );
}
