import { terminalGameQuery, terminalGameResultBody, terminalLeaderboardQuery } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { terminalScopeOf } from '../../tenant/index.ts';
import { gameBoard, reportResult, terminalGames } from '../activity/index.ts';
import { TERMINAL_CALL, TERMINAL_SECURITY, TERMINAL_TAGS } from './terminal-api.routes.ts';

const CLIENT = { id: 0, name: '客户端' };

/**
 * 赛事活动 on a PC (decision 181), beneath the terminal authentication hook: the running game activities
 * with the member's progress on each task, a result reported for the member logged on at the machine
 * (once per request_id; a task it completes is paid at once; with a screenshot it waits for staff), and
 * the store's leaderboard with names masked.
 */
export async function terminalGameRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const doc = (summary: string) => ({ summary, tags: TERMINAL_TAGS, security: TERMINAL_SECURITY });

  r.get(
    '/terminal_game_tasks',
    {
      schema: { ...doc('赛事活动：本机会员的任务与进度'), querystring: terminalGameQuery },
      config: TERMINAL_CALL,
    },
    async (req) => ok(await terminalGames(db, terminalScopeOf(req), req.query.machine_id)),
  );

  r.post(
    '/terminal_game_result',
    {
      schema: {
        ...doc('上报游戏成绩（本机上机会员；带截图的待网吧确认；完成任务当即发奖，request_id 幂等）'),
        body: terminalGameResultBody,
      },
      config: TERMINAL_CALL,
    },
    async (req) => {
      const res = await reportResult(db, terminalScopeOf(req), CLIENT, req.body);
      const msg = res.replay
        ? '已处理过'
        : res.status === 'pending'
          ? '成绩已提交，等待网吧确认'
          : res.paid.length
            ? `完成任务：${res.paid.map((p) => p.task).join('、')}`
            : '成绩已记录';
      return ok(res, msg);
    },
  );

  r.get(
    '/terminal_game_leaderboard',
    {
      schema: { ...doc('本店排行榜（会员姓名打码）'), querystring: terminalLeaderboardQuery },
      config: TERMINAL_CALL,
    },
    async (req) => ok(await gameBoard(db, terminalScopeOf(req), req.query, true)),
  );
}
