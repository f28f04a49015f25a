import {
  bpToPercent,
  fenToYuanNumber,
  PAYMENT_METHOD_LABELS,
  PERM,
  type ProfitRecord,
  profitDetailQuery,
  profitExportQuery,
  profitListQuery,
  profitRateBody,
  UserType,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { streamXlsx } from '../../lib/xlsx-stream.ts';
import { actorOf, scopeOf } from '../../tenant/index.ts';
import { allRecords, totalsOf } from './payment-profit.repo.ts';
import {
  listProfit,
  profitAgents,
  profitDetail,
  profitRates,
  saveProfitRate,
} from './payment-profit.service.ts';

const TAGS = ['支付分润'];

/**
 * 支付分润 (decision 171): the agent (196; its staff with the grant) reads its own records, the payment
 * company (6140) every agent's; the administrator sets the rates per method (代理商管理 5004).
 */
export async function paymentProfitRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;
  const read = {
    auth: {
      types: [UserType.Agent, UserType.AgentStaff, UserType.PayCompany],
      perms: [PERM.PAYMENT_PROFIT, PERM.PAYMENT_PROFIT_ALL],
    },
  };
  const admin = { auth: { types: [UserType.Admin], perms: [PERM.AGENT_ADMIN] } };

  r.get(
    '/payment_profit_list',
    {
      schema: { summary: '支付分润：每日结算记录与合计', tags: TAGS, querystring: profitListQuery },
      config: read,
    },
    async (req) => ok(await listProfit(db, scopeOf(req), req.query)),
  );

  r.get(
    '/payment_profit_detail',
    {
      schema: { summary: '支付分润：一条记录的支付与退款', tags: TAGS, querystring: profitDetailQuery },
      config: read,
    },
    async (req) => ok(await profitDetail(db, scopeOf(req), req.query)),
  );

  r.get(
    '/payment_profit_agents',
    {
      schema: { summary: '支付分润：有分润记录的代理商（支付公司筛选）', tags: TAGS },
      config: { auth: { types: [UserType.PayCompany], perms: [PERM.PAYMENT_PROFIT_ALL] } },
    },
    async () => ok(await profitAgents(db)),
  );

  r.get(
    '/payment_profit_export',
    {
      schema: {
        summary: '导出支付分润（xlsx，与列表同样的筛选，含合计）',
        tags: TAGS,
        querystring: profitExportQuery,
      },
      config: read,
      compress: false,
    },
    async (req, reply) => {
      const s = scopeOf(req);
      const q = req.query;
      const yuan = (fen: number) => fenToYuanNumber(fen);
      return streamXlsx<ProfitRecord>(reply, {
        filename: `支付分润_${q.start}_${q.end}.xlsx`,
        sheet: '支付分润',
        columns: [
          { header: '结算日期', value: (x) => x.day, width: 12 },
          ...(s.agentId === null
            ? [{ header: '代理商', value: (x: ProfitRecord) => x.agent_name, width: 20 }]
            : []),
          { header: '网吧', value: (x) => x.netbar_name, width: 20 },
          { header: '支付方式', value: (x) => PAYMENT_METHOD_LABELS[x.method], width: 10 },
          { header: '支付笔数', value: (x) => x.pay_count, sum: true, width: 10 },
          { header: '支付金额(元)', value: (x) => yuan(x.pay_fen), sum: true, width: 14 },
          { header: '退款金额(元)', value: (x) => yuan(x.refund_fen), sum: true, width: 14 },
          { header: '结算金额(元)', value: (x) => yuan(x.net_fen), sum: true, width: 14 },
          { header: '手续费率', value: (x) => bpToPercent(x.fee_rate_bp), width: 10 },
          { header: '手续费(元)', value: (x) => yuan(x.fee_fen), sum: true, width: 12 },
          { header: '分润比例', value: (x) => bpToPercent(x.share_bp), width: 10 },
          { header: '分润(元)', value: (x) => yuan(x.profit_fen), sum: true, width: 12 },
          { header: '说明', value: (x) => x.note, width: 40 },
        ],
        rows: allRecords(db, s, q),
        count: async () => (await totalsOf(db, s, q)).count,
      });
    },
  );

  r.get(
    '/payment_profit_rates',
    { schema: { summary: '支付分润费率（每种支付方式）', tags: TAGS }, config: admin },
    async () => ok(await profitRates(db)),
  );

  r.post(
    '/payment_profit_rate_save',
    {
      schema: { summary: '设置一种支付方式的手续费率与代理商分润比例', tags: TAGS, body: profitRateBody },
      config: admin,
    },
    async (req) => ok(await saveProfitRate(db, req.body, actorOf(req).name), '保存成功'),
  );
}
