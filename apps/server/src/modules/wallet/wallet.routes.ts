import {
  type ConsumptionRow,
  fenToYuanNumber,
  idBody,
  LEDGER_KIND_LABELS,
  type LedgerRow,
  netbarExtensionBody,
  ORDER_STATUS_LABELS,
  PERM,
  RECHARGE_STATUS_LABELS,
  type RechargeRow,
  rechargeBody,
  WALLET_MSG,
  walletListQuery,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NotFoundError } from '../../lib/errors.ts';
import { pager } from '../../lib/paging.ts';
import { ok } from '../../lib/reply.ts';
import { exportLimits, sendXlsx, streamXlsx } from '../../lib/xlsx-stream.ts';
import { agentScopeOf, authOf, ownAgent } from '../../tenant/index.ts';
import { createNetbarService } from '../netbar/index.ts';
import { balanceOf } from './wallet.repo.ts';
import { createWalletService } from './wallet.service.ts';
import { listWalletLedger, walletLedgerCountUpTo, walletLedgerRows } from './wallet-ledger.repo.ts';
import { activeProduct, orderList, rechargeList } from './wallet-lists.repo.ts';

const TAGS = ['代理商-钱包'];
const FUND = { auth: { types: [1, 2] as const, perms: [PERM.FUND_MANAGE] } };

export const RECHARGE_COLUMNS = [
  { header: '充值单号', value: (r: RechargeRow) => r.order_no, width: 26 },
  { header: '代理商', value: (r: RechargeRow) => r.agent_name, width: 20 },
  { header: '金额（元）', value: (r: RechargeRow) => fenToYuanNumber(r.amount_fen) },
  { header: '状态', value: (r: RechargeRow) => RECHARGE_STATUS_LABELS[r.status] ?? '' },
  { header: '银行流水号', value: (r: RechargeRow) => r.transfer_ref },
  { header: '申请时间', value: (r: RechargeRow) => r.created_at, width: 20 },
  { header: '处理时间', value: (r: RechargeRow) => r.confirmed_at ?? '', width: 20 },
];

export async function walletRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, readDb } = app.deps;
  const svc = createWalletService(app.deps);
  const netbars = createNetbarService(app);

  r.get('/agent_balance', { schema: { summary: '钱包余额', tags: TAGS }, config: FUND }, async (req) =>
    ok(await balanceOf(db, agentScopeOf(req))),
  );

  r.post(
    '/agent_recharge',
    {
      schema: { summary: '提交充值单（银行转账，管理员确认到账后入账）', tags: TAGS, body: rechargeBody },
      config: FUND,
    },
    async (req) =>
      ok(
        await svc.recharge(agentScopeOf(req), req.body, authOf(req).userId),
        '充值单已提交，请按页面提示转账，到账确认后自动入账',
      ),
  );

  r.get(
    '/agent_recharge_log',
    { schema: { summary: '充值记录', tags: TAGS, querystring: walletListQuery }, config: FUND },
    async (req) =>
      ok({
        ...(await rechargeList(db, agentScopeOf(req), req.query, req.query)),
        page: req.query.page,
        page_size: req.query.page_size,
      }),
  );
  r.get(
    '/agent_recharge_log_export',
    { schema: { summary: '导出充值记录', tags: TAGS, querystring: walletListQuery }, config: FUND },
    async (req, reply) => {
      // exports read the replica (decision 201)
      const res = await rechargeList(readDb, agentScopeOf(req), req.query, undefined);
      return sendXlsx(reply, '充值记录.xlsx', RECHARGE_COLUMNS, res.list, [
        '合计',
        `${res.count}笔`,
        fenToYuanNumber(res.total_fen),
      ]);
    },
  );

  r.get(
    '/agent_consumption_order',
    { schema: { summary: '消费订单（网吧续费）', tags: TAGS, querystring: walletListQuery }, config: FUND },
    async (req) =>
      ok({
        ...(await orderList(db, agentScopeOf(req), req.query, req.query)),
        page: req.query.page,
        page_size: req.query.page_size,
      }),
  );
  r.get(
    '/agent_consumption_order_export',
    { schema: { summary: '导出消费订单', tags: TAGS, querystring: walletListQuery }, config: FUND },
    async (req, reply) => {
      const res = await orderList(readDb, agentScopeOf(req), req.query, undefined);
      return sendXlsx<ConsumptionRow>(
        reply,
        '消费订单.xlsx',
        [
          { header: '订单号', value: (o) => o.order_no, width: 26 },
          { header: '网吧', value: (o) => o.netbar_name, width: 20 },
          { header: '产品', value: (o) => o.product_name },
          { header: '月数', value: (o) => o.months, width: 8 },
          { header: '机器数', value: (o) => o.machine_count, width: 8 },
          { header: '金额（元）', value: (o) => fenToYuanNumber(o.amount_fen) },
          { header: '状态', value: (o) => ORDER_STATUS_LABELS[o.status] ?? '', width: 10 },
          { header: '续费后到期', value: (o) => o.new_expire_at ?? '', width: 20 },
          { header: '下单时间', value: (o) => o.created_at, width: 20 },
        ],
        res.list,
        ['合计', `${res.count}笔`, '', '', '', fenToYuanNumber(res.total_fen)],
      );
    },
  );

  r.get(
    '/agent_wallet_ledger',
    {
      schema: { summary: '资金流水（余额 = 流水合计）', tags: TAGS, querystring: walletListQuery },
      config: FUND,
    },
    async (req) => {
      const res = await listWalletLedger(db, agentScopeOf(req), req.query);
      return ok({ ...pager(req.query, res), total_fen: res.total_fen });
    },
  );
  r.get(
    '/agent_wallet_ledger_export',
    {
      compress: false,
      schema: { summary: '导出资金流水', tags: TAGS, querystring: walletListQuery },
      config: FUND,
    },
    async (req, reply) => {
      const s = agentScopeOf(req);
      return streamXlsx<LedgerRow>(reply, {
        filename: '资金流水.xlsx',
        columns: [
          { header: '时间', value: (l) => l.created_at, width: 20 },
          { header: '类型', value: (l) => LEDGER_KIND_LABELS[l.kind] ?? l.kind },
          { header: '金额（元）', value: (l) => fenToYuanNumber(l.amount_fen), sum: true },
          { header: '余额（元）', value: (l) => fenToYuanNumber(l.balance_after_fen) },
          { header: '关联单号', value: (l) => l.ref, width: 26 },
          { header: '说明', value: (l) => l.reason, width: 24 },
        ],
        rows: walletLedgerRows(readDb, s, req.query),
        count: () => walletLedgerCountUpTo(readDb, s, req.query, exportLimits.rows),
      });
    },
  );

  r.post(
    '/agent_netbar_extension',
    {
      schema: { summary: '网吧续费下单（按机器数×月数×产品单价）', tags: TAGS, body: netbarExtensionBody },
      config: { auth: { types: [1, 2] as const, perms: [PERM.NETBAR_LIST] } },
    },
    async (req) => {
      const s = agentScopeOf(req);
      const agentId = ownAgent(s);
      const n = await netbars.mustFind(s, req.body.netbar_id);
      const product = await activeProduct(db, req.body.product_id);
      if (!product) throw new NotFoundError(WALLET_MSG.productNotFound);
      const order = await svc.createExtension(db, {
        agentId,
        netbarId: n.id,
        machines: n.machine_count,
        months: req.body.months,
        product,
        by: s.userId,
        requestId: req.body.request_id,
      });
      return ok(order, '续费订单已创建');
    },
  );

  // The spec names pay and cancel as GET calls; they change state, so csrf.ts lists them as such.
  r.get(
    '/agent_consumption_pay',
    { schema: { summary: '支付消费订单（钱包扣款，幂等）', tags: TAGS, querystring: idBody }, config: FUND },
    async (req) => ok(await svc.pay(agentScopeOf(req), req.query.id, authOf(req).userId), '支付成功'),
  );
  r.get(
    '/agent_consumption_cancel',
    {
      schema: { summary: '取消消费订单（已支付的不能取消）', tags: TAGS, querystring: idBody },
      config: FUND,
    },
    async (req) => ok(await svc.cancel(agentScopeOf(req), req.query.id), '订单已取消'),
  );
}
