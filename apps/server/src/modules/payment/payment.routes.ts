import {
  PAYMENT_PROVIDERS,
  PERM,
  payCodeBody,
  payCodeQuery,
  paymentCloseBody,
  paymentCreateBody,
  paymentListQuery,
  paymentNoQuery,
  paymentRefundBody,
  sandboxPayQuery,
  statementQuery,
} from '@netbar/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BadInputError } from '../../lib/errors.ts';
import { pager } from '../../lib/paging.ts';
import { ok, replayed } from '../../lib/reply.ts';
import { authOf, guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { createPayCode } from './pay-code.service.ts';
import { createPayPage } from './pay-page.service.ts';
import { listPayments } from './payment.repo.ts';
import { paymentsOf } from './payment.service.ts';

const TAGS = ['支付-收款'];
const PUBLIC_TAGS = ['支付-公开'];
const COUNTER = storeAccess(PERM.ORDER_LIST, PERM.CASHIER);
const REFUND = storeAccess(PERM.ORDER_REFUND);

/** This server's origin as a phone on the same network reaches it: PUBLIC_URL, else the request's host. */
export function publicBase(req: FastifyRequest): string {
  const fixed = req.server.deps.config.PUBLIC_URL;
  if (fixed) return new URL(fixed).origin;
  return `${req.protocol}://${req.host}`;
}

/** The store's payments (/api/c1, bearer token): create, query, close, refund, list. */
export async function paymentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = paymentsOf(app.deps);
  guardStore(app);

  r.post(
    '/pay_create',
    {
      schema: {
        summary: '发起扫码收款：生成支付二维码（金额为分，或元最多两位小数）',
        tags: TAGS,
        body: paymentCreateBody,
      },
      config: COUNTER,
    },
    async (req) => {
      // purposes with their own flow (orders, top-ups, links, wallets) create payments through the service
      if (req.body.purpose !== 'counter') throw new BadInputError('该支付用途不能直接发起');
      const res = await svc.create(
        storeScopeOf(req),
        { userId: authOf(req).userId, publicBase: publicBase(req) },
        { ...req.body, purpose: 'counter' },
      );
      return res.replayed ? replayed(res.payment) : ok(res.payment);
    },
  );

  r.get(
    '/pay_query',
    {
      schema: {
        summary: '查询支付状态（待支付超过5秒时向支付通道查询）',
        tags: TAGS,
        querystring: paymentNoQuery,
      },
      config: COUNTER,
    },
    async (req) => ok(await svc.query(storeScopeOf(req), req.query.payment_no)),
  );

  r.post(
    '/pay_close',
    { schema: { summary: '关闭未支付的收款', tags: TAGS, body: paymentCloseBody }, config: COUNTER },
    async (req) => ok(await svc.close(storeScopeOf(req), req.body.payment_no)),
  );

  r.post(
    '/pay_refund',
    {
      schema: { summary: '退款（累计不超过实付金额，按请求编号幂等）', tags: TAGS, body: paymentRefundBody },
      config: REFUND,
    },
    async (req) => {
      const res = await svc.refund(storeScopeOf(req), authOf(req).userId, req.body);
      const data = { refund: res.refund, payment: res.payment };
      return res.replayed ? replayed(data) : ok(data);
    },
  );

  r.get(
    '/pay_list',
    { schema: { summary: '本店收款记录', tags: TAGS, querystring: paymentListQuery }, config: COUNTER },
    async (req) => ok(pager(req.query, await listPayments(app.deps.db, storeScopeOf(req), req.query))),
  );
}

/** The acquirers' side: notifications, the sandbox's public pay page, statements. */
export async function paymentPublicRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = paymentsOf(app.deps);
  const page = createPayPage(svc);
  const code = createPayCode(svc);
  // a notification is verified over its exact bytes: read every body as text here
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  r.post(
    '/notify/:provider',
    {
      schema: {
        summary: '支付通道异步通知（验签、防重放、金额核对；按通道要求应答）',
        tags: PUBLIC_TAGS,
        params: z.object({ provider: z.string().max(20, { error: '支付通道不存在' }) }),
      },
      config: { auth: { public: true }, oplog: false },
    },
    async (req, reply) => {
      const body = typeof req.body === 'string' ? req.body : '';
      const a = await svc.notify(req.params.provider, { headers: req.headers, body }, req.ip);
      const accepted = a.http === 200;
      const message = String(a.body.message ?? '');
      reply.code(a.http);
      if (a.text !== undefined) return reply.type('text/plain; charset=utf-8').send(a.text);
      return { status: accepted ? 200 : 40000, msg: accepted ? '成功' : message, data: null, ...a.body };
    },
  );

  const payInput = (raw: unknown) => {
    const text = typeof raw === 'string' ? raw : '';
    let v: unknown = {};
    try {
      v = text ? JSON.parse(text) : {};
    } catch {
      v = Object.fromEntries(new URLSearchParams(text));
    }
    const q = sandboxPayQuery.safeParse(v);
    if (!q.success) throw new BadInputError('支付链接无效或已失效');
    return q.data;
  };

  r.get(
    '/pay_page',
    {
      schema: { summary: '公开支付页：门店、金额与用途', tags: PUBLIC_TAGS, querystring: sandboxPayQuery },
      config: { auth: { public: true } },
    },
    async (req) => ok(await page.info(req.query)),
  );

  r.post(
    '/pay_page_pay',
    {
      schema: {
        summary: '公开支付页：确认支付（沙箱通道完成支付并通知）',
        tags: PUBLIC_TAGS,
        body: z.string({ error: '支付链接无效或已失效' }).optional(),
      },
      config: { auth: { public: true }, rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (req) => ok(await page.pay(payInput(req.body)), '支付成功'),
  );

  r.post(
    '/pay_page_cancel',
    {
      schema: {
        summary: '公开支付页：取消支付',
        tags: PUBLIC_TAGS,
        body: z.string({ error: '支付链接无效或已失效' }).optional(),
      },
      config: { auth: { public: true }, rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (req) => ok(await page.cancel(payInput(req.body)), '已取消支付'),
  );

  r.get(
    '/pay_code_info',
    {
      schema: {
        summary: '固定收款码：门店名称（公开，须已通过审核）',
        tags: PUBLIC_TAGS,
        querystring: payCodeQuery,
      },
      config: { auth: { public: true } },
    },
    async (req) => ok(await code.info(req.query.token)),
  );

  r.post(
    '/pay_code_create',
    {
      schema: {
        summary: '固定收款码：顾客输入金额后生成一笔收款（公开）',
        tags: PUBLIC_TAGS,
        body: z.string({ error: '请求格式错误' }).optional(),
      },
      config: { auth: { public: true }, rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (req) => {
      const text = typeof req.body === 'string' ? req.body : '';
      let v: unknown = {};
      try {
        v = text ? JSON.parse(text) : {};
      } catch {
        v = Object.fromEntries(new URLSearchParams(text));
      }
      if (!v || typeof v !== 'object' || Array.isArray(v)) throw new BadInputError('请求格式错误');
      const b = payCodeBody.safeParse(v);
      const msg = b.error?.issues[0]?.message ?? '';
      if (!b.success) throw new BadInputError(/[\u4e00-\u9fff]/.test(msg) ? msg : '请求格式错误');
      return ok(await code.pay(b.data, publicBase(req)));
    },
  );

  r.get(
    '/pay_statement',
    {
      compress: false,
      schema: {
        summary: '支付通道对账单（某日交易与退款，CSV）',
        tags: ['支付-对账'],
        querystring: statementQuery,
      },
      config: { auth: { types: [4, 6] as const } },
    },
    async (req, reply) => {
      const p = svc.providers.get(req.query.provider);
      if (!p) throw new BadInputError(`支付通道不存在或未开通（可选：${PAYMENT_PROVIDERS.join('、')}）`);
      const lines = await p.statement(req.query.date);
      const csv = [
        'type,time,payment_no,txn_id,refund_no,amount_fen',
        ...lines.map((l) =>
          [l.kind, l.at.toISOString(), l.payment_no, l.txn_id, l.refund_no, l.amount_fen].join(','),
        ),
      ].join('\n');
      reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="statement-${req.query.provider}-${req.query.date}.csv"`,
        );
      return `${csv}\n`;
    },
  );
}
