import {
  fenToYuanNumber,
  LEASE_LOSS_KIND_LABELS,
  LEASE_PAY_METHOD_LABELS,
  LEASE_PRICE_UNIT_LABELS,
  LEASE_STATUS_LABELS,
  type LeaseOrderRow,
  leaseIdQuery,
  leaseOrderQuery,
  PERM,
  shanghaiDate,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pager } from '../../lib/paging.ts';
import { ok } from '../../lib/reply.ts';
import { type Column, streamXlsx } from '../../lib/xlsx-stream.ts';
import { guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { leaseOrderDetail, leaseOrders } from './lease-list.service.ts';

const TAGS = ['租赁订单'];

const statusText = (r: LeaseOrderRow) =>
  r.status === 'lost' && r.loss_kind
    ? `${LEASE_STATUS_LABELS.lost}（${LEASE_LOSS_KIND_LABELS[r.loss_kind]}）`
    : r.overdue
      ? '已逾期'
      : LEASE_STATUS_LABELS[r.status];

const COLUMNS: Column<LeaseOrderRow>[] = [
  { header: '租赁单号', width: 22, value: (r) => r.lease_no },
  { header: '租赁物品', width: 16, value: (r) => r.item_name },
  { header: '数量', value: (r) => r.qty, sum: true },
  {
    header: '计费',
    width: 14,
    value: (r) => `${fenToYuanNumber(r.price_fen)}元/${LEASE_PRICE_UNIT_LABELS[r.price_unit].slice(1)}`,
  },
  { header: '押金(元)', value: (r) => fenToYuanNumber(r.deposit_fen), sum: true },
  { header: '押金方式', value: (r) => LEASE_PAY_METHOD_LABELS[r.pay_method] },
  { header: '租用人', width: 16, value: (r) => r.member_name || r.customer_name },
  { header: '手机号', width: 14, value: (r) => r.customer_phone },
  { header: '状态', width: 14, value: statusText },
  { header: '租出时间', width: 20, value: (r) => r.rented_at },
  { header: '预计归还', width: 20, value: (r) => r.expected_return_at },
  { header: '归还时间', width: 20, value: (r) => r.closed_at },
  { header: '租金(元)', value: (r) => fenToYuanNumber(r.fee_fen), sum: true },
  { header: '退还押金(元)', value: (r) => fenToYuanNumber(r.refund_fen), sum: true },
  { header: '收银员', value: (r) => r.cashier_name },
  { header: '备注', width: 24, value: (r) => r.remark },
];

/**
 * Lease orders (/order/lease_order_list 263): list, detail and export, read with 263 or the leasing
 * application 10519, and by the cashier (264/2640, 租赁柜台 2644) who takes rentals back; the export needs
 * 263 or 10519.
 */
export async function leaseOrderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db } = app.deps;
  const read = storeAccess(
    PERM.LEASE_ORDER_LIST,
    PERM.EQUIPMENT_LEASING,
    PERM.ORDER_LIST,
    PERM.CASHIER,
    PERM.LEASE_COUNTER,
  );

  r.get(
    '/lease_order_list',
    { schema: { summary: '租赁订单列表', tags: TAGS, querystring: leaseOrderQuery }, config: read },
    async (req) => {
      const res = await leaseOrders(db, storeScopeOf(req), req.query);
      return ok({ ...pager(req.query, res), totals: res.totals });
    },
  );

  r.get(
    '/lease_order_detail',
    { schema: { summary: '租赁订单详情', tags: TAGS, querystring: leaseIdQuery }, config: read },
    async (req) => ok(await leaseOrderDetail(db, storeScopeOf(req), req.query.id)),
  );

  r.get(
    '/lease_order_export',
    {
      compress: false,
      schema: { summary: '导出租赁订单', tags: TAGS, querystring: leaseOrderQuery },
      config: storeAccess(PERM.LEASE_ORDER_LIST, PERM.EQUIPMENT_LEASING),
    },
    async (req, reply) => {
      // exports read the replica (decision 201)
      const res = await leaseOrders(app.deps.readDb, storeScopeOf(req), req.query, true);
      return streamXlsx(reply, {
        filename: `租赁订单-${shanghaiDate()}.xlsx`,
        sheet: '租赁订单',
        columns: COLUMNS,
        rows: res.list,
        count: async () => res.count,
      });
    },
  );
}
