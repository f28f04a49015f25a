import {
  agentSettingsBody,
  fenToYuanNumber,
  PERM,
  pageQuery,
  productSaveBody,
  rechargeConfirmBody,
  rechargeRejectBody,
  WALLET_MSG,
  walletAdjustBody,
  walletListQuery,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import { sendXlsx } from '../../lib/xlsx-stream.ts';
import { agentScopeOf, authOf } from '../../tenant/index.ts';
import { readSettings, SETTINGS_KEY } from '../netbar/index.ts';
import { RECHARGE_COLUMNS } from './wallet.routes.ts';
import { createWalletService } from './wallet.service.ts';
import { agentList, products, rechargeList, saveProduct, saveSetting } from './wallet-lists.repo.ts';

const TAGS = ['系统管理-代理商'];
const ADMIN = (perm: number) => ({ auth: { types: [4] as const, perms: [perm] } });

export async function walletAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const svc = createWalletService(app.deps);

  r.get(
    '/admin_recharge_list',
    {
      schema: { summary: '充值审核列表', tags: TAGS, querystring: walletListQuery },
      config: ADMIN(PERM.RECHARGE_ADMIN),
    },
    async (req) =>
      ok({
        ...(await rechargeList(db, agentScopeOf(req), req.query, req.query)),
        page: req.query.page,
        page_size: req.query.page_size,
      }),
  );
  r.get(
    '/admin_recharge_list_export',
    {
      schema: { summary: '导出充值审核列表', tags: TAGS, querystring: walletListQuery },
      config: ADMIN(PERM.RECHARGE_ADMIN),
    },
    async (req, reply) => {
      // exports read the replica (decision 201)
      const res = await rechargeList(app.deps.readDb, agentScopeOf(req), req.query, undefined);
      return sendXlsx(reply, '充值审核.xlsx', RECHARGE_COLUMNS, res.list, [
        '合计',
        `${res.count}笔`,
        fenToYuanNumber(res.total_fen),
      ]);
    },
  );
  r.post(
    '/admin_recharge_confirm',
    {
      schema: { summary: '确认充值到账（银行流水号）', tags: TAGS, body: rechargeConfirmBody },
      config: ADMIN(PERM.RECHARGE_ADMIN),
    },
    async (req) =>
      ok(await svc.confirmRecharge(req.body.id, req.body.transfer_ref, authOf(req).userId), '已确认到账'),
  );
  r.post(
    '/admin_recharge_reject',
    {
      schema: { summary: '驳回充值单（原因）', tags: TAGS, body: rechargeRejectBody },
      config: ADMIN(PERM.RECHARGE_ADMIN),
    },
    async (req) => ok(await svc.rejectRecharge(req.body.id, req.body.reason, authOf(req).userId), '已驳回'),
  );
  r.post(
    '/admin_wallet_adjust',
    {
      schema: { summary: '人工加款或扣款（原因必填）', tags: TAGS, body: walletAdjustBody },
      config: ADMIN(PERM.AGENT_ADMIN),
    },
    async (req) =>
      ok(
        await svc.adjust(
          req.body.agent_id,
          req.body.amount_fen,
          req.body.reason,
          req.body.request_id,
          authOf(req).userId,
        ),
        '调整成功',
      ),
  );

  const agentQuery = pageQuery.extend({
    keyword: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string().trim().max(30, { error: '关键字最多30个字符' }).optional(),
    ),
  });
  r.get(
    '/admin_agent_list',
    {
      schema: { summary: '代理商列表（余额、网吧数、上级）', tags: TAGS, querystring: agentQuery },
      config: ADMIN(PERM.AGENT_ADMIN),
    },
    async (req) => {
      const q = req.query;
      const res = await agentList(db, q);
      return ok({ ...res, page: q.page, page_size: q.page_size });
    },
  );

  r.get(
    '/product_info',
    {
      schema: { summary: '产品版本与单价（元/台/月，单位分）', tags: ['代理商-产品'] },
      config: { auth: { types: [1, 2, 4] as const } },
    },
    async (req) => {
      const admin = authOf(req).type === 4;
      const list = await products(db, admin);
      return ok(list);
    },
  );
  r.post(
    '/admin_product_save',
    {
      schema: { summary: '新增或修改产品定价', tags: TAGS, body: productSaveBody },
      config: ADMIN(PERM.PRODUCT_ADMIN),
    },
    async (req) => {
      const b = req.body;
      try {
        const id = await saveProduct(db, b);
        if (id === undefined) throw new NotFoundError(WALLET_MSG.productNotFound);
        return ok({ id }, '保存成功');
      } catch (e) {
        if (isUniqueViolation(e)) throw new ConflictError('产品名称已存在');
        throw e;
      }
    },
  );

  r.get(
    '/admin_agent_settings',
    {
      schema: { summary: '代理商规则：到期宽限上限、支付分润比例', tags: TAGS },
      config: ADMIN(PERM.AGENT_ADMIN),
    },
    async () => ok(await readSettings(app)),
  );
  r.post(
    '/admin_agent_settings',
    {
      schema: { summary: '设置代理商规则', tags: TAGS, body: agentSettingsBody },
      config: ADMIN(PERM.AGENT_ADMIN),
    },
    async (req) => {
      await saveSetting(db, SETTINGS_KEY, req.body);
      return ok(req.body, '保存成功');
    },
  );
}
