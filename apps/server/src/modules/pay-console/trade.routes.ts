import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_PURPOSE_LABELS,
  PERM,
  refundApproveBody,
  refundRejectBody,
  refundRequestBody,
  refundRequestListQuery,
  TRADE_MSG,
  type TradeRow,
  tradeDetailQuery,
  tradeExportQuery,
  tradeListQuery,
  UserType,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NotFoundError } from '../../lib/errors.ts';
import { decodeCursor } from '../../lib/paging.ts';
import { ok, replayed } from '../../lib/reply.ts';
import { streamXlsx } from '../../lib/xlsx-stream.ts';
import { actorOf, guardStore, scopeOf, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { listRequests } from './refund-request.repo.ts';
import { approveRequest, rejectRequest, requestRefund } from './refund-request.service.ts';
import {
  notificationsOf,
  refundsOf,
  requestsOfPayment,
  tradeOne,
  tradePage,
  tradeRowsAll,
  tradeStores,
  tradeTotals,
} from './trade.repo.ts';

const TAGS = ['支付-交易查询'];
const yuan = (fen: number) => fen / 100;
/** The payment company's console (6150). */
const CONSOLE = { auth: { types: [UserType.PayCompany], perms: [PERM.TRADE_SEARCH] } };
/** A store's own payments and its refund requests (支付设置 10502). */
const STORE = storeAccess(PERM.PAYMENT_SETTINGS);
/** The request list: the payment company every store's, a store its own. */
const BOTH = {
  auth: {
    types: [UserType.PayCompany, UserType.Netbar, UserType.NetbarStaff],
    perms: [PERM.TRADE_SEARCH, PERM.PAYMENT_SETTINGS],
  },
};

/**
 * 交易查询 (/merchantManage/trade 6150, decision 172): the payment company searches every store's
 * payments, reads one with its notifications and refunds, exports the search, and decides the stores'
 * refund requests; a store lists its own payments and asks for a refund (退款申请).
 */
export async function tradeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const { db } = deps;
  guardStore(app);

  const page = async (s: ReturnType<typeof scopeOf>, q: typeof tradeListQuery._output) => {
    const size = q.page_size ?? 20;
    const [p, totals] = await Promise.all([
      tradePage(db, s, q, size, decodeCursor(q.after)),
      tradeTotals(db, s, q),
    ]);
    return { ...p, totals };
  };

  r.get(
    '/trade_list',
    {
      schema: {
        summary: '交易查询：全部门店的支付（键集分页，合计）',
        tags: TAGS,
        querystring: tradeListQuery,
      },
      config: CONSOLE,
    },
    async (req) => ok(await page(scopeOf(req), req.query)),
  );

  r.get(
    '/trade_stores',
    { schema: { summary: '交易查询的门店选项（有支付记录的门店）', tags: TAGS }, config: CONSOLE },
    async () => ok(await tradeStores(db)),
  );

  r.get(
    '/store_trade_list',
    {
      schema: { summary: '本店扫码收款记录（含退款申请状态）', tags: TAGS, querystring: tradeListQuery },
      config: STORE,
    },
    async (req) => ok(await page(storeScopeOf(req), req.query)),
  );

  r.get(
    '/trade_detail',
    {
      schema: { summary: '交易详情：通知记录、退款与退款申请', tags: TAGS, querystring: tradeDetailQuery },
      config: CONSOLE,
    },
    async (req) => {
      const p = await tradeOne(db, scopeOf(req), req.query.payment_no);
      if (!p) throw new NotFoundError(TRADE_MSG.notFound);
      const { id, ...payment } = p;
      const [notifications, refunds, requests] = await Promise.all([
        notificationsOf(db, p.payment_no),
        refundsOf(db, id),
        requestsOfPayment(db, id),
      ]);
      return ok({ payment, notifications, refunds, requests });
    },
  );

  r.get(
    '/trade_export',
    {
      schema: {
        summary: '导出交易查询（xlsx，与列表同样的筛选，含合计）',
        tags: TAGS,
        querystring: tradeExportQuery,
      },
      config: CONSOLE,
      compress: false,
    },
    async (req, reply) => {
      const s = scopeOf(req);
      return streamXlsx<TradeRow>(reply, {
        filename: '交易查询.xlsx',
        sheet: '交易查询',
        columns: [
          { header: '支付单号', value: (t) => t.payment_no, width: 26 },
          { header: '门店', value: (t) => t.netbar_name, width: 20 },
          { header: '用途', value: (t) => PAYMENT_PURPOSE_LABELS[t.purpose], width: 10 },
          { header: '支付方式', value: (t) => PAYMENT_METHOD_LABELS[t.method], width: 10 },
          { header: '通道', value: (t) => t.provider, width: 10 },
          { header: '通道交易号', value: (t) => t.provider_txn_id ?? '', width: 26 },
          { header: '金额(元)', value: (t) => yuan(t.amount_fen), sum: true, width: 12 },
          { header: '已退款(元)', value: (t) => yuan(t.refunded_fen), sum: true, width: 12 },
          { header: '状态', value: (t) => t.status, width: 10 },
          { header: '退款申请', value: (t) => t.request_status, width: 10 },
          { header: '创建时间', value: (t) => t.created_at, width: 20 },
          { header: '支付时间', value: (t) => t.paid_at ?? '', width: 20 },
        ],
        // exports read the replica (decision 201)
        rows: tradeRowsAll(deps.readDb, s, req.query),
        count: async () => (await tradeTotals(deps.readDb, s, req.query)).count,
      });
    },
  );

  r.get(
    '/refund_request_list',
    {
      schema: {
        summary: '退款申请列表（支付公司：全部门店；门店：本店）',
        tags: TAGS,
        querystring: refundRequestListQuery,
      },
      config: BOTH,
    },
    async (req) => ok(await listRequests(db, scopeOf(req), req.query)),
  );

  r.post(
    '/refund_request_add',
    {
      schema: {
        summary: '门店申请退款（不超过可退金额，每笔支付同时只有一个待审核申请，按请求编号幂等）',
        tags: TAGS,
        body: refundRequestBody,
      },
      config: STORE,
    },
    async (req) => {
      const res = await requestRefund(deps, storeScopeOf(req), actorOf(req), req.body);
      return res.replayed ? replayed(res.request) : ok(res.request, '退款申请已提交，等待支付公司审核');
    },
  );

  r.post(
    '/refund_request_approve',
    {
      schema: {
        summary: '同意退款申请：经支付通道退款（按请求编号幂等，已处理的申请不能再次审核）',
        tags: TAGS,
        body: refundApproveBody,
      },
      config: CONSOLE,
    },
    async (req) => {
      const res = await approveRequest(deps, scopeOf(req), actorOf(req), req.body);
      return res.replayed ? replayed(res.request) : ok(res.request, '已同意，退款成功');
    },
  );

  r.post(
    '/refund_request_reject',
    {
      schema: { summary: '驳回退款申请（须填写原因）', tags: TAGS, body: refundRejectBody },
      config: CONSOLE,
    },
    async (req) => ok(await rejectRequest(deps, scopeOf(req), actorOf(req), req.body), '已驳回'),
  );
}
