import {
  PERM,
  pageQuery,
  smsAudience,
  smsCampaignListQuery,
  smsCampaignSaveBody,
  smsCampaignSendBody,
  smsOptOutBody,
  smsReplyBody,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pager } from '../../lib/paging.ts';
import { ok } from '../../lib/reply.ts';
import { actorOf, guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import * as svc from './sms-marketing.service.ts';

const TAGS = ['短信营销'];
const idQuery = z.object({ id: smsOptOutBody.shape.member_id });
const estimateQuery = smsAudience.and(z.object({ content: z.string().max(2000).optional().default('') }));

/** 短信营销 (message 10517, decision 179): the app must be enabled (the auth hook refuses otherwise). */
export async function smsMarketingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db, config } = app.deps;
  const access = storeAccess(PERM.SMS_MARKETING);
  const pricing = () => ({ priceFen: config.SMS_MARKETING_PRICE_FEN });

  r.get(
    '/sms_campaign_list',
    {
      schema: { summary: '短信营销：活动列表（发送数据）', tags: TAGS, querystring: smsCampaignListQuery },
      config: access,
    },
    async (req) => {
      const res = await svc.campaigns(db, storeScopeOf(req), req.query);
      return ok({
        ...pager(req.query, res),
        daily_cap: config.SMS_MARKETING_DAILY_CAP,
        price_fen: config.SMS_MARKETING_PRICE_FEN,
      });
    },
  );
  r.get(
    '/sms_campaign_detail',
    { schema: { summary: '短信营销：活动详情', tags: TAGS, querystring: idQuery }, config: access },
    async (req) => ok(await svc.campaignDetail(db, storeScopeOf(req), req.query.id)),
  );
  r.get(
    '/sms_estimate',
    {
      schema: { summary: '短信营销：人数与费用预估', tags: TAGS, querystring: estimateQuery },
      config: access,
    },
    async (req) => ok(await svc.estimate(db, storeScopeOf(req), pricing(), req.query, req.query.content)),
  );
  r.post(
    '/sms_campaign_save',
    { schema: { summary: '短信营销：保存草稿', tags: TAGS, body: smsCampaignSaveBody }, config: access },
    async (req) =>
      ok(await svc.saveCampaign(db, storeScopeOf(req), pricing(), actorOf(req).id, req.body), '保存成功'),
  );
  r.post(
    '/sms_campaign_send',
    {
      schema: {
        summary: '短信营销：发送（立即或按定时，免打扰时段顺延至 08:00）',
        tags: TAGS,
        body: smsCampaignSendBody,
      },
      config: access,
    },
    async (req) =>
      ok(await svc.sendCampaign(db, storeScopeOf(req), req.body.id, req.body.request_id), '已提交发送'),
  );
  r.post(
    '/sms_campaign_cancel',
    {
      schema: {
        summary: '短信营销：取消未发送的活动',
        tags: TAGS,
        body: z.object({ id: smsOptOutBody.shape.member_id }),
      },
      config: access,
    },
    async (req) => {
      await svc.cancel(db, storeScopeOf(req), req.body.id);
      return ok(null, '已取消');
    },
  );
  r.post(
    '/sms_opt_out',
    { schema: { summary: '短信营销：为会员退订（永久）', tags: TAGS, body: smsOptOutBody }, config: access },
    async (req) => {
      await svc.staffOptOut(db, storeScopeOf(req), actorOf(req).id, req.body.member_id);
      return ok(null, '已退订');
    },
  );
  r.post(
    '/sms_reply',
    {
      schema: { summary: '短信营销：录入会员回复（回复 T 即退订）', tags: TAGS, body: smsReplyBody },
      config: access,
    },
    async (req) => {
      const res = await svc.reply(db, storeScopeOf(req), req.body.mobile, req.body.text);
      return ok(res, res.opted_out ? '已退订' : '已记录');
    },
  );
  r.get(
    '/sms_opt_out_list',
    { schema: { summary: '短信营销：退订会员', tags: TAGS, querystring: pageQuery }, config: access },
    async (req) => ok(pager(req.query, await svc.optOuts(db, storeScopeOf(req), req.query))),
  );
}
