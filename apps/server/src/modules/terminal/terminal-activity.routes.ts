import { terminalClaimBody, terminalGiftRedeemBody } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { terminalScopeOf } from '../../tenant/index.ts';
import { claim, recentDrawResults, redeemCode, terminalActivities } from '../activity/index.ts';
import { terminalSiyuCodes } from '../siyu/index.ts';
import { TERMINAL_CALL, TERMINAL_SECURITY, TERMINAL_TAGS } from './terminal-api.routes.ts';

const CLIENT = { id: 0, name: '客户端' };

/**
 * Activities on a PC (decision 173), beneath the terminal authentication hook: the running activities
 * with their prizes and a box's odds (公示), and a claim (签到, 购买盲盒) by the member logged on at the
 * machine, once per request_id.
 */
export async function terminalActivityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const doc = (summary: string) => ({ summary, tags: TERMINAL_TAGS, security: TERMINAL_SECURITY });

  r.get(
    '/terminal_activities',
    { schema: doc('进行中的活动（奖品、盲盒公示概率）'), config: TERMINAL_CALL },
    async (req) => ok(await terminalActivities(db, terminalScopeOf(req))),
  );

  r.get(
    '/terminal_siyu_codes',
    { schema: doc('私域二维码（微信群、公众号、员工企微，欢迎语与扫码链接）'), config: TERMINAL_CALL },
    async (req) => ok(await terminalSiyuCodes(db, terminalScopeOf(req))),
  );

  r.get(
    '/terminal_draw_results',
    { schema: doc('直播抽奖开奖结果（近24小时，中奖会员姓名打码）'), config: TERMINAL_CALL },
    async (req) => ok(await recentDrawResults(db, terminalScopeOf(req))),
  );

  r.post(
    '/terminal_activity_claim',
    {
      schema: {
        ...doc('参与活动：签到或购买盲盒（本机上机会员，request_id 幂等）'),
        body: terminalClaimBody,
      },
      config: TERMINAL_CALL,
    },
    async (req) => {
      const res = await claim(db, terminalScopeOf(req), CLIENT, req.body);
      const msg = res.replay ? '已处理过' : res.prize_name ? `恭喜获得${res.prize_name}` : '参与成功';
      return ok(res, msg);
    },
  );

  r.post(
    '/terminal_gift_redeem',
    {
      schema: {
        ...doc('兑换礼包码（本机上机会员，每码一次，request_id 幂等）'),
        body: terminalGiftRedeemBody,
      },
      config: TERMINAL_CALL,
    },
    async (req) => {
      const res = await redeemCode(db, terminalScopeOf(req), CLIENT, req.body);
      return ok(res, res.replay ? '已处理过' : `兑换成功：${res.prize_name}`);
    },
  );
}
