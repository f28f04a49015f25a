import {
  fenToYuanNumber,
  orderPayLinkBody,
  PAY_LINK_PURPOSE_LABELS,
  type PayLinkRow,
  PERM,
  payLinkCreateBody,
  payLinkIdBody,
  payLinkListQuery,
  payLinkMemberQuery,
  payLinkPayBody,
  payLinkPaymentsQuery,
  payLinkTokenQuery,
  UserType,
  walletOnlineBody,
} from '@netbar/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ForbiddenError } from '../../lib/errors.ts';
import { pager } from '../../lib/paging.ts';
import { ok } from '../../lib/reply.ts';
import { sendXlsx } from '../../lib/xlsx-stream.ts';
import { authOf, guardStore, ownAgent, scopeOf, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { publicBase } from '../payment/index.ts';
import type { LinkOwner } from './pay-link.repo.ts';
import { listLinks } from './pay-link.repo.ts';
import { createPayLinks } from './pay-link.service.ts';

const TAGS = ['支付-收款链接'];
const STORE = storeAccess(PERM.PAY_LINK);
/** The list, its export and a link's payments: the store, and the payment company across stores (read only). */
const VIEW = {
  auth: { types: [UserType.Netbar, UserType.NetbarStaff, UserType.PayCompany], perms: [PERM.PAY_LINK] },
};
const AGENT = { auth: { types: [UserType.Agent] } };

const ownerOf = (req: FastifyRequest): LinkOwner =>
  authOf(req).type === UserType.PayCompany ? 'all' : { store: storeScopeOf(req).netbarId };

const COLUMNS = [
  { header: '标题', value: (r: PayLinkRow) => r.title, width: 24 },
  { header: '门店', value: (r: PayLinkRow) => r.netbar_name, width: 20 },
  { header: '用途', value: (r: PayLinkRow) => PAY_LINK_PURPOSE_LABELS[r.purpose] ?? r.purpose },
  {
    header: '金额（元）',
    value: (r: PayLinkRow) =>
      r.amount_fen !== null
        ? fenToYuanNumber(r.amount_fen)
        : `${fenToYuanNumber(r.min_fen ?? 0)}-${fenToYuanNumber(r.max_fen ?? 0)}`,
  },
  { header: '使用方式', value: (r: PayLinkRow) => (r.single_use ? '单次' : '多次') },
  { header: '状态', value: (r: PayLinkRow) => r.status },
  { header: '已收笔数', value: (r: PayLinkRow) => r.paid_count },
  { header: '已收金额（元）', value: (r: PayLinkRow) => fenToYuanNumber(r.paid_fen) },
  { header: '有效期至', value: (r: PayLinkRow) => r.expires_at, width: 20 },
  { header: '创建人', value: (r: PayLinkRow) => r.creator_name, width: 14 },
  { header: '创建时间', value: (r: PayLinkRow) => r.created_at, width: 20 },
];

/** 收款链接 (/payLink 17, decision 167): the store's links, the public page's two calls, the wallet's 在线充值. */
export async function payLinkRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = createPayLinks(app.deps);
  guardStore(app);

  r.get(
    '/pay_link_list',
    { schema: { summary: '收款链接列表', tags: TAGS, querystring: payLinkListQuery }, config: VIEW },
    async (req) => {
      const res = await listLinks(app.deps.db, ownerOf(req), req.query, req.query);
      return ok({ ...pager(req.query, res), total_fen: res.total_fen });
    },
  );

  r.get(
    '/pay_link_export',
    { schema: { summary: '导出收款链接', tags: TAGS, querystring: payLinkListQuery }, config: VIEW },
    async (req, reply) => {
      // exports read the replica (decision 201)
      const res = await listLinks(app.deps.readDb, ownerOf(req), req.query, undefined);
      const paidCount = res.list.reduce((s, x) => s + x.paid_count, 0);
      return sendXlsx(reply, '收款链接.xlsx', COLUMNS, res.list, [
        '合计',
        `${res.count}个`,
        '',
        '',
        '',
        '',
        paidCount,
        fenToYuanNumber(res.total_fen),
      ]);
    },
  );

  r.post(
    '/pay_link_create',
    { schema: { summary: '新建收款链接', tags: TAGS, body: payLinkCreateBody }, config: STORE },
    async (req) => {
      const a = authOf(req);
      // a member top-up link is a top-up: staff need the member top-up grant (会员管理 180) besides 17
      if (req.body.purpose === 'topup' && !a.perms.has(PERM.MEMBER_MANAGE))
        throw new ForbiddenError('没有会员充值权限，不能创建会员充值链接');
      return ok(
        await svc.create({ userId: a.userId, type: a.type }, storeScopeOf(req).netbarId, req.body),
        '收款链接已创建',
      );
    },
  );

  r.post(
    '/order_pay_link',
    {
      schema: {
        summary:
          '生成订单付款链接（待支付订单，单次使用，金额为订单应收；付款后订单如收银台扫码支付一样完成）',
        tags: TAGS,
        body: orderPayLinkBody,
      },
      config: storeAccess(PERM.ORDER_LIST, PERM.CASHIER),
    },
    async (req) => {
      const a = authOf(req);
      const link = await svc.orderLink({ userId: a.userId, type: a.type }, storeScopeOf(req), req.body);
      return ok(link, '付款链接已生成，请顾客扫码或打开链接支付');
    },
  );

  r.post(
    '/pay_link_disable',
    { schema: { summary: '停用收款链接', tags: TAGS, body: payLinkIdBody }, config: STORE },
    async (req) =>
      ok(await svc.disable({ store: storeScopeOf(req).netbarId }, req.body.id), '收款链接已停用'),
  );

  r.get(
    '/pay_link_payments',
    {
      schema: { summary: '收款链接的收款记录', tags: TAGS, querystring: payLinkPaymentsQuery },
      config: VIEW,
    },
    async (req) => {
      const res = await svc.payments(ownerOf(req), req.query);
      return ok({ ...pager(req.query, res), total_fen: res.total_fen });
    },
  );

  r.post(
    '/wallet_online_recharge',
    {
      schema: { summary: '钱包在线充值：生成单次使用的收款链接', tags: TAGS, body: walletOnlineBody },
      config: AGENT,
    },
    async (req) => {
      const a = authOf(req);
      const link = await svc.walletLink({ userId: a.userId, type: a.type }, ownAgent(scopeOf(req)), req.body);
      return ok(link, '充值链接已生成，请扫码或打开链接支付');
    },
  );
}

/** The public page /pay/link/<token>: what the link is, and paying it (no login). */
export async function payLinkPublicRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = createPayLinks(app.deps);

  r.get(
    '/pay_link_info',
    {
      schema: { summary: '收款链接：标题、门店与金额（公开）', tags: TAGS, querystring: payLinkTokenQuery },
      config: { auth: { public: true } },
    },
    async (req) => ok(await svc.info(req.query.token)),
  );

  r.get(
    '/pay_link_member',
    {
      schema: {
        summary: '会员充值链接：按卡号查会员（公开，答复打码的姓名以便确认）',
        tags: TAGS,
        querystring: payLinkMemberQuery,
      },
      config: { auth: { public: true }, rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (req) => ok(await svc.member(req.query.token, req.query.card_no)),
  );

  r.post(
    '/pay_link_pay',
    {
      schema: { summary: '收款链接：生成一笔支付（公开），打开支付页', tags: TAGS, body: payLinkPayBody },
      config: { auth: { public: true }, rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (req) => ok(await svc.pay(req.body, publicBase(req))),
  );
}
