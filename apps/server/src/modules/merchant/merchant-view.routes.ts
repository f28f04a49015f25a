import {
  addStoreBody,
  bindStoreBody,
  merchantDocIdBody,
  merchantDocQuery,
  merchantIdQuery,
  merchantListQuery,
  merchantMobileBody,
  merchantNoBody,
  merchantOptionalIdQuery,
  merchantProfileBody,
  merchantStatusBody,
  PERM,
  sqbNoQuery,
  UserType,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pager } from '../../lib/paging.ts';
import { ok } from '../../lib/reply.ts';
import { authOf, guardStore } from '../../tenant/index.ts';
import { listMerchants, type MerchantViewer, merchantsByMobile } from './merchant.repo.ts';
import { OWNER } from './merchant.routes.ts';
import { detail, editProfile, profile, review } from './merchant.service.ts';
import { merchantDeps } from './merchant-deps.ts';
import { docBytes, merchantDocLinks, refreshDocLink } from './merchant-doc.service.ts';
import { addStore, bindStore, paymentConf, sqbInfo, storesByNo, wxStatus } from './merchant-store.service.ts';

/** The payment company's review console. */
const REVIEW = { auth: { types: [UserType.PayCompany], perms: [PERM.MERCHANT_REVIEW] } };
/** Reads open to the merchant's owner and to the payment company. */
const BOTH = {
  auth: {
    types: [UserType.Netbar, UserType.PayCompany],
    perms: [PERM.MERCHANT_APPLY, PERM.MERCHANT_REVIEW, PERM.MERCHANT_LIST],
  },
};
const TAGS = ['商户'];

const viewerOf = (req: Parameters<typeof authOf>[0]): MerchantViewer => {
  const a = authOf(req);
  return { userId: a.userId, type: a.type };
};

/** Merchant details, review, documents' links, stores, profile and the acquirers' states. */
export async function merchantViewRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = await merchantDeps(app);
  const { db } = deps;
  guardStore(app);

  r.get(
    '/merchant_list',
    {
      schema: {
        summary: '商户列表（支付公司：全部已提交的商户；网吧：自己的商户）',
        tags: TAGS,
        querystring: merchantListQuery,
      },
      config: BOTH,
    },
    async (req) => ok(pager(req.query, await listMerchants(db, viewerOf(req), req.query))),
  );
  r.get(
    '/info',
    {
      schema: {
        summary: '商户详情（证件与卡号只显示掩码，资料图片为限时链接）',
        tags: TAGS,
        querystring: merchantIdQuery,
      },
      config: BOTH,
    },
    async (req) => ok(await detail(deps, viewerOf(req), req.query.id)),
  );
  r.post(
    '/status',
    {
      schema: { summary: '审核进件：通过、驳回或开通', tags: TAGS, body: merchantStatusBody },
      config: REVIEW,
    },
    async (req) => {
      const msg = { approve: '审核通过，待签约', reject: '已驳回', open: '商户已开通' }[req.body.action];
      return ok(await review(deps, viewerOf(req), req.body), msg);
    },
  );
  r.post(
    '/refresh_img',
    { schema: { summary: '重新签发一张资料图片的链接', tags: TAGS, body: merchantDocIdBody }, config: BOTH },
    async (req) => ok(await refreshDocLink(deps, viewerOf(req), req.body.doc_id)),
  );
  r.post(
    '/refresh_cdn',
    {
      schema: { summary: '重新签发商户全部资料图片的链接', tags: TAGS, body: merchantIdQuery },
      config: BOTH,
    },
    async (req) => {
      await detail(deps, viewerOf(req), req.body.id);
      return ok(await merchantDocLinks(deps, req.body.id));
    },
  );
  r.get(
    '/doc',
    {
      schema: {
        summary: '资料图片（仅限 info / refresh_img 签发的限时链接）',
        tags: TAGS,
        querystring: merchantDocQuery,
      },
      config: { auth: { public: true } },
    },
    async (req, reply) => {
      const buf = await docBytes(deps, req.query.id, req.query.exp, req.query.sig);
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .send(buf);
    },
  );
  r.get(
    '/get_profile',
    { schema: { summary: '商户联系资料', tags: TAGS, querystring: merchantIdQuery }, config: BOTH },
    async (req) => ok(await profile(deps, viewerOf(req), req.query.id)),
  );
  r.post(
    '/edit_profile',
    { schema: { summary: '修改商户联系资料', tags: TAGS, body: merchantProfileBody }, config: OWNER },
    async (req) => ok(await editProfile(deps, authOf(req).userId, req.body), '保存成功'),
  );
  r.get(
    '/querywxstatus',
    { schema: { summary: '微信实名认证状态', tags: TAGS, querystring: merchantIdQuery }, config: BOTH },
    async (req) => ok(await wxStatus(db, viewerOf(req), req.query.id)),
  );
  r.post(
    '/getExistMerchantByMobile',
    { schema: { summary: '该手机号是否已有商户', tags: TAGS, body: merchantMobileBody }, config: BOTH },
    async (req) => {
      const x = await merchantsByMobile(db, viewerOf(req), req.body.mobile);
      return ok({ is_exist: x.exists ? 1 : 0, list: x.list });
    },
  );
  r.post(
    '/getStoreByMerchantNo',
    { schema: { summary: '商户号下的门店', tags: TAGS, body: merchantNoBody }, config: BOTH },
    async (req) => ok(await storesByNo(db, viewerOf(req), req.body.merchant_no)),
  );
  r.post(
    '/addStore',
    { schema: { summary: '为已开通的商户添加门店', tags: TAGS, body: addStoreBody }, config: OWNER },
    async (req) => ok(await addStore(db, authOf(req).userId, req.body), '门店已添加'),
  );
  r.post(
    '/bindStore',
    { schema: { summary: '把商户的门店绑定到网吧', tags: TAGS, body: bindStoreBody }, config: OWNER },
    async (req) => ok(await bindStore(db, authOf(req).userId, req.body), '绑定成功'),
  );
  r.get(
    '/sqb_info',
    { schema: { summary: '按商户号查询收钱吧商户', tags: TAGS, querystring: sqbNoQuery }, config: OWNER },
    async (req) => ok(await sqbInfo(db, req.query.merchant_no)),
  );
  r.get(
    '/payment_conf',
    {
      schema: {
        summary: '收款配置：门店的商户、状态与费率',
        tags: TAGS,
        querystring: merchantOptionalIdQuery,
      },
      config: BOTH,
    },
    async (req) => ok(await paymentConf(db, viewerOf(req), authOf(req).nid, req.query.id)),
  );
}
