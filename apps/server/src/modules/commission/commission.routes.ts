import {
  commissionRuleQuery,
  commissionRuleSaveBody,
  fenToYuanNumber,
  idParam,
  PERM,
  type PerformanceFigures,
  performanceQuery,
  performanceRecordQuery,
  type StaffPerformanceRow,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pager } from '../../lib/paging.ts';
import { ok } from '../../lib/reply.ts';
import { type Column, sendXlsx } from '../../lib/xlsx-stream.ts';
import { actorOf, guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import {
  commissionRule,
  commissionRules,
  commissionStaff,
  removeCommissionRule,
  saveCommissionRule,
} from './commission-rule.service.ts';
import { performanceRecords, staffPerformance } from './performance.service.ts';

const yuan = fenToYuanNumber;
type Line = PerformanceFigures & { name: string; role: string };
/** The export's columns: the screen's, in its order; the last row is the screen's 合计. */
const COLUMNS: Column<Line>[] = [
  { header: '员工', width: 14, value: (r) => r.name },
  { header: '岗位', value: (r) => r.role },
  { header: '商品销售单数', value: (r) => r.goods_count },
  { header: '商品销售额', value: (r) => yuan(r.goods_fen) },
  { header: '商品提成', value: (r) => yuan(r.goods_commission_fen) },
  { header: '桌台包间账单', value: (r) => yuan(r.desk_fen) },
  { header: '桌台提成', value: (r) => yuan(r.desk_commission_fen) },
  { header: '租赁费', value: (r) => yuan(r.lease_fen) },
  { header: '租赁提成', value: (r) => yuan(r.lease_commission_fen) },
  { header: '充值笔数', value: (r) => r.topup_count },
  { header: '充值金额', value: (r) => yuan(r.topup_fen) },
  { header: '充值提成', value: (r) => yuan(r.topup_commission_fen) },
  { header: '新会员', value: (r) => r.new_member_count },
  { header: '新会员提成', value: (r) => yuan(r.new_member_commission_fen) },
  { header: '送达单数', value: (r) => r.seat_count },
  { header: '送达提成', value: (r) => yuan(r.seat_commission_fen) },
  { header: '退款冲减', value: (r) => yuan(r.refund_fen) },
  { header: '退款冲减提成', value: (r) => yuan(r.refund_commission_fen) },
  { header: '提成合计', value: (r) => yuan(r.commission_fen) },
];

/**
 * Commission rules and staff performance (/NetbarStaffManage/staff_performance 246, decision 147): rules
 * are written by the owner; performance, its records and the export are read with 246 (a staff member
 * only their own).
 */
export async function commissionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db, readDb } = app.deps;
  const ACCESS = storeAccess(PERM.STAFF_PERFORMANCE);
  const RULES = ['提成规则'];
  const PERF = ['员工业绩'];

  r.get(
    '/commission_rule_list',
    { schema: { summary: '提成规则列表', tags: RULES, querystring: commissionRuleQuery }, config: ACCESS },
    async (req) => ok(pager(req.query, await commissionRules(db, storeScopeOf(req), req.query))),
  );

  r.get(
    '/commission_staff_options',
    { schema: { summary: '可设置提成的本店员工', tags: RULES }, config: ACCESS },
    async (req) => ok(await commissionStaff(db, storeScopeOf(req))),
  );

  r.get(
    '/commission_rule_detail',
    {
      schema: { summary: '提成规则详情', tags: RULES, querystring: z.object({ id: idParam }) },
      config: ACCESS,
    },
    async (req) => ok(await commissionRule(db, storeScopeOf(req), req.query.id)),
  );

  r.post(
    '/commission_rule_save',
    {
      schema: {
        summary: '新增或编辑提成规则（同一对象同一方式生效期不重叠）',
        tags: RULES,
        body: commissionRuleSaveBody,
      },
      config: ACCESS,
    },
    async (req) => {
      const res = await saveCommissionRule(db, storeScopeOf(req), actorOf(req).name, req.body);
      return ok(res, '保存成功');
    },
  );

  r.post(
    '/commission_rule_delete',
    { schema: { summary: '删除提成规则', tags: RULES, body: z.object({ id: idParam }) }, config: ACCESS },
    async (req) => {
      await removeCommissionRule(db, storeScopeOf(req), req.body.id);
      return ok(null, '删除成功');
    },
  );

  r.get(
    '/staff_performance',
    {
      schema: { summary: '员工业绩与提成（按期间）', tags: PERF, querystring: performanceQuery },
      config: ACCESS,
    },
    async (req) => ok(await staffPerformance(db, storeScopeOf(req), req.query)),
  );

  r.get(
    '/staff_performance_records',
    {
      schema: {
        summary: '业绩明细（某员工某项业绩背后的记录）',
        tags: PERF,
        querystring: performanceRecordQuery,
      },
      config: ACCESS,
    },
    async (req) => ok(await performanceRecords(db, storeScopeOf(req), req.query)),
  );

  r.get(
    '/staff_performance_export',
    {
      compress: false,
      schema: { summary: '导出员工业绩', tags: PERF, querystring: performanceQuery },
      config: ACCESS,
    },
    async (req, reply) => {
      // exports read the replica (decision 201)
      const p = await staffPerformance(readDb, storeScopeOf(req), req.query);
      const totals = COLUMNS.map((c) => c.value({ ...p.totals, name: '合计', role: '' }));
      const list: StaffPerformanceRow[] = p.list;
      return sendXlsx(reply, `员工业绩-${p.start}至${p.end}.xlsx`, COLUMNS, list, totals);
    },
  );
}
