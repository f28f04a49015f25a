import {
  DESK_KIND_LABEL,
  DESK_PAY_METHOD_LABEL,
  DESK_SESSION_STATUS_LABEL,
  type DeskOrderRow,
  deskOrderListQuery,
  fenToYuanNumber,
  idParam,
  PERM,
  shanghaiDate,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BadInputError } from '../../lib/errors.ts';
import { pager } from '../../lib/paging.ts';
import { ok } from '../../lib/reply.ts';
import { type Column, streamXlsx } from '../../lib/xlsx-stream.ts';
import { guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { deskOrderDetail } from './desk-order.service.ts';
import { deskOrderRows, deskOrdersUpTo, listDeskOrders } from './desk-order-list.repo.ts';

const yuan = (fen: number) => fenToYuanNumber(fen);
const COLUMNS: Column<DeskOrderRow>[] = [
  { header: '订单号', width: 24, value: (r) => r.session_no },
  { header: '包间/桌台', width: 14, value: (r) => r.desk_name },
  { header: '类型', value: (r) => DESK_KIND_LABEL[r.desk_kind] },
  { header: '顾客', width: 14, value: (r) => r.member_name || r.customer_name || r.mobile },
  { header: '状态', value: (r) => DESK_SESSION_STATUS_LABEL[r.status] },
  { header: '开台时间', width: 20, value: (r) => r.opened_at },
  { header: '结束时间', width: 20, value: (r) => r.closed_at },
  { header: '时长(分钟)', value: (r) => r.minutes },
  { header: '包间费(元)', value: (r) => yuan(r.time_fee_fen), sum: true },
  { header: '低消补足(元)', value: (r) => yuan(r.min_topup_fen), sum: true },
  { header: '商品(元)', value: (r) => yuan(r.goods_fen), sum: true },
  { header: '合计(元)', value: (r) => yuan(r.total_fen), sum: true },
  { header: '支付方式', value: (r) => (r.pay_method ? DESK_PAY_METHOD_LABEL[r.pay_method] : '') },
  { header: '收银员', value: (r) => r.cashier_name },
];

/** Table orders (/order/desk_order_list 265): list with 合计, detail, export. */
export async function deskOrderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db } = app.deps;
  const LIST = storeAccess(PERM.DESK_ORDER_LIST);
  const TAGS = ['桌台订单'];
  const range = (q: { start?: string; end?: string }) => {
    if (q.start && q.end && q.start > q.end) throw new BadInputError('开始日期不能晚于结束日期');
  };

  r.get(
    '/desk_order_list',
    {
      schema: { summary: '桌台订单列表（含合计）', tags: TAGS, querystring: deskOrderListQuery },
      config: LIST,
    },
    async (req) => {
      range(req.query);
      const res = await listDeskOrders(db, storeScopeOf(req), req.query);
      return ok({ ...pager(req.query, res), totals: res.totals });
    },
  );

  r.get(
    '/desk_order_detail',
    {
      schema: {
        summary: '桌台订单详情（包间费、商品、支付）',
        tags: TAGS,
        querystring: z.object({ id: idParam }),
      },
      config: storeAccess(PERM.DESK_ORDER_LIST, PERM.PRIVATE_ROOM, PERM.ORDER_LIST),
    },
    async (req) => ok(await deskOrderDetail(db, storeScopeOf(req), req.query.id)),
  );

  r.get(
    '/desk_order_export',
    { schema: { summary: '导出桌台订单', tags: TAGS, querystring: deskOrderListQuery }, config: LIST },
    async (req, reply) => {
      range(req.query);
      const s = storeScopeOf(req);
      return streamXlsx(reply, {
        filename: `桌台订单-${shanghaiDate()}.xlsx`,
        sheet: '桌台订单',
        columns: COLUMNS,
        // exports read the replica (decision 201)
        rows: deskOrderRows(app.deps.readDb, s, req.query),
        count: () => deskOrdersUpTo(app.deps.readDb, s, req.query, 200_000),
      });
    },
  );
}
