import {
  COUPON_SOURCE_LABELS,
  COUPON_STATE_LABELS,
  couponIssueBody,
  couponRecordQuery,
  couponRule,
  couponTemplateListQuery,
  couponTemplateSaveBody,
  couponTemplateStatusBody,
  couponVoidBody,
  fenToYuanNumber,
  type MemberCouponRow,
  memberCouponsQuery,
  PERM,
  shanghaiDate,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pager } from '../../lib/paging.ts';
import { ok, replayed } from '../../lib/reply.ts';
import { type Column, sendXlsx } from '../../lib/xlsx-stream.ts';
import { actorOf, guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import * as svc from './coupon.service.ts';

const TAGS = ['优惠券'];

const RECORD_COLUMNS: Column<MemberCouponRow>[] = [
  { header: '券编号', value: (r) => r.id },
  { header: '券名称', width: 18, value: (r) => r.name },
  { header: '规则', width: 14, value: (r) => couponRule(r) },
  { header: '会员', value: (r) => r.member_name },
  { header: '卡号', width: 16, value: (r) => r.member_card },
  { header: '来源', value: (r) => COUPON_SOURCE_LABELS[r.source] },
  { header: '活动', width: 16, value: (r) => r.activity_name },
  { header: '发放时间', width: 20, value: (r) => r.issued_at },
  { header: '有效期', width: 24, value: (r) => `${r.valid_from} 至 ${r.valid_to}` },
  { header: '状态', value: (r) => COUPON_STATE_LABELS[r.state] },
  { header: '订单号', width: 24, value: (r) => r.order_no },
  { header: '面额（元）', value: (r) => fenToYuanNumber(r.amount_fen), sum: true },
  { header: '抵扣金额（元）', value: (r) => fenToYuanNumber(r.used_fen), sum: true },
];

/**
 * 优惠券 (decision 186), under 营销活动's grant 10515 (the spec gives coupons no id of their own): the
 * owner, or staff holding it; the app must be enabled. A member's coupons (member detail, the 收银台) are
 * also readable with the member grants or the counter's.
 */
export async function couponRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db } = app.deps;
  const access = storeAccess(PERM.MARKETING_ACTIVITY);
  const readMember = storeAccess(
    PERM.MARKETING_ACTIVITY,
    PERM.MEMBER,
    PERM.MEMBER_MANAGE,
    PERM.ORDER_LIST,
    PERM.CASHIER,
  );

  r.get(
    '/coupon_template_list',
    {
      schema: { summary: '优惠券模板列表', tags: TAGS, querystring: couponTemplateListQuery },
      config: access,
    },
    async (req) => {
      const q = req.query;
      return ok(pager(q, await svc.templates(db, storeScopeOf(req), q)));
    },
  );
  r.post(
    '/coupon_template_save',
    {
      schema: { summary: '新建/编辑优惠券模板（满减券/抵用券）', tags: TAGS, body: couponTemplateSaveBody },
      config: access,
    },
    async (req) => ok(await svc.saveTemplate(db, storeScopeOf(req), actorOf(req), req.body), '保存成功'),
  );
  r.post(
    '/coupon_template_status',
    {
      schema: { summary: '启用/停用优惠券模板', tags: TAGS, body: couponTemplateStatusBody },
      config: access,
    },
    async (req) => {
      await svc.moveTemplate(db, storeScopeOf(req), req.body);
      return ok(null, req.body.status === 'active' ? '已启用' : '已停用');
    },
  );
  r.post(
    '/coupon_issue',
    {
      schema: { summary: '手动发放优惠券给会员（request_id 幂等）', tags: TAGS, body: couponIssueBody },
      config: access,
    },
    async (req) => {
      const res = await svc.issueManual(db, storeScopeOf(req), actorOf(req), req.body);
      return res.replay ? replayed(res.coupon) : ok(res.coupon, '发放成功');
    },
  );
  r.post(
    '/coupon_void',
    { schema: { summary: '作废未使用的优惠券', tags: TAGS, body: couponVoidBody }, config: access },
    async (req) => {
      await svc.voidMemberCoupon(db, storeScopeOf(req), req.body.id);
      return ok(null, '已作废');
    },
  );
  r.get(
    '/coupon_record_list',
    {
      schema: { summary: '优惠券记录（发放/使用/过期）', tags: TAGS, querystring: couponRecordQuery },
      config: access,
    },
    async (req) => {
      const q = req.query;
      const t = await svc.records(db, storeScopeOf(req), q);
      return ok({ ...pager(q, t), amount_fen: t.amount_fen, used_fen: t.used_fen });
    },
  );
  r.get(
    '/coupon_record_export',
    {
      compress: false,
      schema: { summary: '导出优惠券记录', tags: TAGS, querystring: couponRecordQuery },
      config: access,
    },
    async (req, reply) => {
      // exports read the replica (decision 201)
      const t = await svc.records(app.deps.readDb, storeScopeOf(req), req.query, true);
      const totals = [
        '合计',
        `${t.count}张`,
        ...Array(9).fill(''),
        fenToYuanNumber(t.amount_fen),
        fenToYuanNumber(t.used_fen),
      ];
      return sendXlsx(reply, `优惠券记录-${shanghaiDate()}.xlsx`, RECORD_COLUMNS, t.list, totals);
    },
  );
  r.get(
    '/member_coupons',
    {
      schema: {
        summary: '会员的优惠券（usable=1：收银台当前可用）',
        tags: TAGS,
        querystring: memberCouponsQuery,
      },
      config: readMember,
    },
    async (req) =>
      ok(await svc.couponsOfMember(db, storeScopeOf(req), req.query.member_id, req.query.usable === '1')),
  );
}
