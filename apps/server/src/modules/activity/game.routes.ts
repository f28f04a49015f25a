import {
  gameLeaderboardQuery,
  gameListQuery,
  gameMoveBody,
  gameResultsQuery,
  gameReviewBody,
  gameSaveBody,
  PERM,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.ts';
import { actorOf, guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import {
  gameBoard,
  gameDetail,
  gameOverview,
  gameResults,
  games,
  moveGame,
  saveGame,
} from './game.service.ts';
import { reviewResult } from './game-result.ts';

const TAGS = ['赛事活动'];

/**
 * 赛事活动 (ActivityGameList 10505, its settings pages 10506 / 10507; decision 181): the game cards, a game
 * type's activities, save (draft) and state moves, the results awaiting staff (确认 / 驳回) and the store's
 * leaderboard. The app must be enabled in the application centre (应用未开通 otherwise).
 */
export async function gameRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db } = app.deps;
  const ANY = storeAccess(PERM.ACTIVITY_GAME_LIST, PERM.ACTIVITY_SETTINGS, PERM.THREE_KINGDOMS_KILL);

  r.get(
    '/game_overview',
    { schema: { summary: '赛事活动：各游戏的当前活动与状态', tags: TAGS }, config: ANY },
    async (req) => ok(await gameOverview(db, storeScopeOf(req))),
  );

  r.get(
    '/game_list',
    {
      schema: { summary: '某游戏的赛事活动（任务、奖励、预算）', tags: TAGS, querystring: gameListQuery },
      config: ANY,
    },
    async (req) => ok(await games(db, storeScopeOf(req), req.query)),
  );

  r.get(
    '/game_detail',
    {
      schema: { summary: '赛事活动详情', tags: TAGS, querystring: z.object({ id: gameMoveBody.shape.id }) },
      config: ANY,
    },
    async (req) => ok(await gameDetail(db, storeScopeOf(req), req.query.id)),
  );

  r.post(
    '/game_save',
    {
      schema: { summary: '保存赛事活动（草稿：任务、奖励、时间、预算）', tags: TAGS, body: gameSaveBody },
      config: ANY,
    },
    async (req) => ok(await saveGame(db, storeScopeOf(req), actorOf(req).id, req.body), '保存成功'),
  );

  r.post(
    '/game_move',
    { schema: { summary: '发布、暂停、恢复或结束赛事活动', tags: TAGS, body: gameMoveBody }, config: ANY },
    async (req) => ok(await moveGame(db, storeScopeOf(req), req.body), '操作成功'),
  );

  r.get(
    '/game_results',
    {
      schema: { summary: '赛事成绩（待确认的截图成绩等）', tags: TAGS, querystring: gameResultsQuery },
      config: ANY,
    },
    async (req) => ok(await gameResults(db, storeScopeOf(req), req.query)),
  );

  r.post(
    '/game_result_review',
    {
      schema: { summary: '确认或驳回截图成绩（确认后完成的任务当即发奖）', tags: TAGS, body: gameReviewBody },
      config: ANY,
    },
    async (req) => {
      const res = await reviewResult(db, storeScopeOf(req), actorOf(req), req.body);
      const msg =
        res.status === 'rejected'
          ? '已驳回'
          : res.paid.length
            ? `已确认，完成任务：${res.paid.map((p) => p.task).join('、')}`
            : '已确认';
      return ok(res, msg);
    },
  );

  r.get(
    '/game_leaderboard',
    {
      schema: { summary: '本店排行榜（今日或活动期内）', tags: TAGS, querystring: gameLeaderboardQuery },
      config: ANY,
    },
    async (req) => ok(await gameBoard(db, storeScopeOf(req), req.query)),
  );
}
