import { correctBody, PERM, topUpBody, topUpPreviewQuery, transferBody } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { guardStore, retriedWrite, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { correct, topUp, transfer } from './member-money.service.ts';
import { topUpPreview } from './member-read.service.ts';

const TAGS = ['会员管理'];

/**
 * Counter money calls of member_manage (180): top-up, the owner's correction, transfer. Consumption has
 * no console route: sessions and orders charge through consumeMember (modules/member/index.ts).
 */
export async function memberMoneyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db } = app.deps;
  const access = storeAccess(PERM.MEMBER_MANAGE);

  r.post(
    '/member_topup',
    {
      schema: {
        summary: '会员充值（现金，按等级赠送奖励与积分；request_id 幂等）',
        tags: TAGS,
        body: topUpBody,
      },
      config: access,
    },
    retriedWrite(db, topUp, { done: '充值成功', replayed: '该充值已处理' }),
  );

  r.get(
    '/member_topup_preview',
    {
      schema: {
        summary: '会员充值预览：该金额此刻将参加的营销活动与赠送（与充值同一规则，不入账）',
        tags: TAGS,
        querystring: topUpPreviewQuery,
      },
      config: access,
    },
    async (req) => ok(await topUpPreview(db, storeScopeOf(req), req.query)),
  );

  r.post(
    '/member_correct',
    {
      schema: {
        summary: '冲正调整会员余额、积分与免费上网时长（仅网吧老板，须填写原因）',
        tags: TAGS,
        body: correctBody,
      },
      config: access,
    },
    retriedWrite(db, correct, { done: '调整成功', replayed: '该调整已处理' }),
  );

  r.post(
    '/member_transfer',
    {
      schema: { summary: '会员间转账（本金，同门店或同连锁）', tags: TAGS, body: transferBody },
      config: access,
    },
    retriedWrite(db, transfer, { done: '转账成功', replayed: '该转账已处理' }),
  );
}
