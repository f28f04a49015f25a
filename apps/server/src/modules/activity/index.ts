import type { Domain } from '../domain.ts';
import { setTopUpHook } from '../member/index.ts';
import { activityRoutes } from './activity.routes.ts';
import { activityAppRoutes } from './activity-apps.routes.ts';
import { topUpPromotions } from './activity-promotion.ts';
import { gameRoutes } from './game.routes.ts';
import { prizeStatisticsRoutes, promotionRoutes } from './promotion.routes.ts';

/** 应用中心（开通/停用）与活动引擎：会员活动、会员签到、幸运盲盒（decisions 173, 174）. */
export const activityDomain: Domain = {
  name: 'activity',
  service: 'passport',
  routes: [activityRoutes, activityAppRoutes, promotionRoutes, prizeStatisticsRoutes, gameRoutes],
};

export { activityBookMismatches } from './activity-books.ts';
// What other modules may use: the terminal API's claims and the activities a PC may show (decision 173).
export { type ClaimActor, claim } from './activity-claim.ts';
export { redeemCode } from './activity-codes.service.ts';
export { terminalActivities } from './activity-terminal.ts';
export { gameBoard, terminalGames } from './game.service.ts';
// 赛事活动 on a PC: the member's tasks, a result reported, the store's leaderboard (decision 181); GAME's hook (187).
export { type GameListener, gameListener, reportResult, setGameListener } from './game-result.ts';

// 营销活动 paid by the member top-up flow, in the top-up's transaction (decision 178).
setTopUpHook(topUpPromotions);

/** 直播抽奖: the job's pass, one draw, and the live channel's announcement hook (decision 178). */
export {
  type EnvelopeListener,
  envelopeListener,
  releaseEnvelopes,
  setEnvelopeListener,
} from './envelope-release.ts';
export { type DrawListener, drawListener, drawOne, runDueDraws, setDrawListener } from './live-draw.ts';
export { recentDrawResults } from './live-draw-results.ts';
