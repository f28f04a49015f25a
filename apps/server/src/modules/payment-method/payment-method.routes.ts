import {
  PERM,
  paymentAddBody,
  paymentEditBody,
  paymentEnableBody,
  paymentIdBody,
  paymentSortBody,
  paymentStoreQuery,
  quickPaymentBody,
  UserType,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { actorOf, guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import {
  addPaymentMethod,
  deletePaymentMethod,
  editPaymentMethod,
  editPaymentSort,
  enablePaymentMethod,
  paymentList,
  paymentSortList,
  payTypes,
  quickPaymentStatus,
  switchQuickPayment,
} from './payment-method.service.ts';

const TAGS = ['支付方式'];

/**
 * A store's payment methods and quick payment (payment service /api/c1, JSON, bearer token; application
 * payment_settings 10502, decision 162). Managed by the netbar (3) or staff (5) holding 10502;
 * `get_pay_type` (what the cashier and the PC client offer) is read by anyone working in the store.
 */
export async function paymentMethodRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db } = app.deps;
  const manage = storeAccess(PERM.PAYMENT_SETTINGS);
  const by = (req: Parameters<typeof actorOf>[0]) => actorOf(req).name;

  r.get(
    '/payment_list',
    { schema: { summary: '门店支付方式列表', tags: TAGS, querystring: paymentStoreQuery }, config: manage },
    async (req) => ok(await paymentList(db, storeScopeOf(req), req.query.store_id)),
  );

  r.post(
    '/payment_add',
    { schema: { summary: '新增支付方式', tags: TAGS, body: paymentAddBody }, config: manage },
    async (req) => ok(await addPaymentMethod(db, storeScopeOf(req), by(req), req.body), '添加成功'),
  );

  r.post(
    '/payment_edit',
    { schema: { summary: '编辑支付方式', tags: TAGS, body: paymentEditBody }, config: manage },
    async (req) => ok(await editPaymentMethod(db, storeScopeOf(req), by(req), req.body), '保存成功'),
  );

  r.post(
    '/payment_enable',
    { schema: { summary: '启用或停用支付方式', tags: TAGS, body: paymentEnableBody }, config: manage },
    async (req) =>
      ok(
        await enablePaymentMethod(db, storeScopeOf(req), by(req), req.body.id, req.body.enabled),
        req.body.enabled ? '已启用' : '已停用',
      ),
  );

  r.post(
    '/payment_del',
    {
      schema: { summary: '删除支付方式（须先停用，现金不可删除）', tags: TAGS, body: paymentIdBody },
      config: manage,
    },
    async (req) => {
      await deletePaymentMethod(db, storeScopeOf(req), req.body.id);
      return ok(null, '删除成功');
    },
  );

  r.get(
    '/payment_sort_list',
    { schema: { summary: '支付方式排序列表', tags: TAGS, querystring: paymentStoreQuery }, config: manage },
    async (req) => ok(await paymentSortList(db, storeScopeOf(req), req.query.store_id)),
  );

  r.post(
    '/edit_payment_sort',
    { schema: { summary: '保存支付方式排序', tags: TAGS, body: paymentSortBody }, config: manage },
    async (req) => ok(await editPaymentSort(db, storeScopeOf(req), by(req), req.body), '排序已保存'),
  );

  r.get(
    '/get_pay_type',
    {
      schema: { summary: '支付类型目录，及收银台、客户端当前可用的支付方式', tags: TAGS },
      config: { auth: { types: [UserType.Netbar, UserType.NetbarStaff] } },
    },
    async (req) => ok(await payTypes(db, storeScopeOf(req))),
  );

  r.get(
    '/get_quick_payment_status',
    { schema: { summary: '快捷支付状态', tags: TAGS }, config: manage },
    async (req) => ok(await quickPaymentStatus(db, storeScopeOf(req))),
  );

  r.post(
    '/switch_quick_payment',
    { schema: { summary: '开启或关闭快捷支付', tags: TAGS, body: quickPaymentBody }, config: manage },
    async (req) =>
      ok(
        await switchQuickPayment(db, storeScopeOf(req), by(req), req.body.enabled),
        req.body.enabled ? '快捷支付已开启' : '快捷支付已关闭',
      ),
  );
}
