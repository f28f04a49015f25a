import {
  fenToYuanNumber,
  ORDER_PAY_METHOD_LABELS,
  ORDER_SOURCE_LABELS,
  ORDER_STATUS_NAMES,
  type OrderListRow,
  orderExportQuery,
  orderListQuery,
  PERM,
  shanghaiDate,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { type Column, exportLimits, streamXlsx } from '../../lib/xlsx-stream.ts';
import { guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { orderExport, orderList } from './order-list.service.ts';

const TAGS = ['订单管理'];

/** The export's columns: the list's, money in yuan; 合计 sums 应收, 实付 and 退款 (the screen's totals). */
const COLUMNS: Column<OrderListRow>[] = [
  { header: '订单号', width: 24, value: (o) => o.order_no },
  { header: '下单时间', width: 20, value: (o) => o.created_at },
  { header: '来源', width: 10, value: (o) => ORDER_SOURCE_LABELS[o.source] },
  { header: '状态', width: 10, value: (o) => ORDER_STATUS_NAMES[o.status] },
  { header: '商品', width: 36, value: (o) => o.items },
  { header: '件数', width: 8, value: (o) => o.qty },
  { header: '会员', width: 14, value: (o) => o.member_name },
  { header: '会员卡号', width: 20, value: (o) => o.member_card },
  { header: '机器', width: 10, value: (o) => o.machine_name },
  { header: '收银员', width: 12, value: (o) => o.cashier_name },
  {
    header: '支付方式',
    width: 16,
    value: (o) => o.pay_methods.map((m) => ORDER_PAY_METHOD_LABELS[m]).join('+'),
  },
  { header: '应收(元)', width: 12, value: (o) => fenToYuanNumber(o.total_fen), sum: true },
  { header: '实付(元)', width: 12, value: (o) => fenToYuanNumber(o.paid_fen), sum: true },
  { header: '退款(元)', width: 12, value: (o) => fenToYuanNumber(o.refunded_fen), sum: true },
  { header: '支付时间', width: 20, value: (o) => o.paid_at ?? '' },
  { header: '备注', width: 20, value: (o) => o.remark },
];

/**
 * 购物订单 (/order/order_list 264; decision 133): the list with its filters and 合计 over the whole
 * filter, and its xlsx export. The owner always, staff granted 264; agents 40003. The detail with its
 * timeline is the order module's `/order_detail`.
 */
export async function orderListRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const deps = { db: app.deps.db, config: app.deps.config };
  const access = storeAccess(PERM.ORDER_LIST);

  r.get(
    '/order_list',
    {
      schema: {
        summary:
          '购物订单列表（时间、状态、来源、支付方式、收银员、会员、商品、订单号；游标分页；合计为整个筛选结果）',
        tags: TAGS,
        querystring: orderListQuery,
      },
      config: access,
    },
    async (req) => ok(await orderList(deps, storeScopeOf(req), req.query)),
  );

  r.get(
    '/order_list_export',
    {
      compress: false,
      schema: {
        summary: '导出购物订单（筛选同列表，末行合计与列表一致）',
        tags: TAGS,
        querystring: orderExportQuery,
      },
      config: access,
    },
    async (req, reply) => {
      // exports read the replica (decision 201)
      const x = await orderExport({ ...deps, db: app.deps.readDb }, storeScopeOf(req), req.query);
      const cap = exportLimits.rows;
      return streamXlsx(reply, {
        filename: `购物订单-${shanghaiDate()}.xlsx`,
        sheet: '购物订单',
        columns: COLUMNS,
        rows: x.rows,
        cap,
        count: () => x.count(cap),
        totalLabel: (n) => `合计（${n}单）`,
      });
    },
  );
}
