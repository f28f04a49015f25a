import {
  activityListQuery,
  ENGINE_KIND_LABELS,
  type EngineKind,
  fenToYuanNumber,
  idParam,
  liveDrawSaveBody,
  PERM,
  type PrizeStatRow,
  prizeStatisticsQuery,
  promotionSaveBody,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pager } from '../../lib/paging.ts';
import { ok } from '../../lib/reply.ts';
import { type Column, streamXlsx } from '../../lib/xlsx-stream.ts';
import {
  actorOf,
  guardStore,
  reportChoice,
  reportRoutes,
  storeAccess,
  storeScopeOf,
} from '../../tenant/index.ts';
import { prizeStatistics } from './prize-statistics.repo.ts';
import { kindList, liveDrawResult, saveLiveDraw, savePromotion } from './promotion.service.ts';

const listQuery = activityListQuery.omit({ kind: true });

/**
 * 营销活动 (10515) and 直播抽奖 (10516) on the activity engine (decision 178): their lists with the kind's
 * settings and saving a draft; 发布/暂停/结束 and 参与记录 are the engine's activity_move and
 * activity_claims. A disabled app is refused by the auth hook (应用未开通).
 */
export async function promotionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db } = app.deps;
  const PROMO = storeAccess(PERM.MARKETING_ACTIVITY, PERM.MEMBER_ACTIVITY);
  const DRAW = storeAccess(PERM.LIVE_DRAW, PERM.MEMBER_ACTIVITY);
  const TAGS = ['应用中心'];

  r.get(
    '/promotion_list',
    {
      schema: { summary: '营销活动（充值满送、首充、生日）列表', tags: TAGS, querystring: listQuery },
      config: PROMO,
    },
    async (req) => ok(await kindList(db, storeScopeOf(req), 'topup_promo', req.query)),
  );
  r.post(
    '/promotion_save',
    { schema: { summary: '保存营销活动（草稿）', tags: TAGS, body: promotionSaveBody }, config: PROMO },
    async (req) => ok(await savePromotion(db, storeScopeOf(req), actorOf(req).id, req.body), '保存成功'),
  );
  r.get(
    '/live_draw_list',
    {
      schema: { summary: '直播抽奖列表（开奖时间、范围、中奖名单）', tags: TAGS, querystring: listQuery },
      config: DRAW,
    },
    async (req) => ok(await kindList(db, storeScopeOf(req), 'live_draw', req.query)),
  );
  r.post(
    '/live_draw_save',
    { schema: { summary: '保存直播抽奖（草稿）', tags: TAGS, body: liveDrawSaveBody }, config: DRAW },
    async (req) => ok(await saveLiveDraw(db, storeScopeOf(req), actorOf(req).id, req.body), '保存成功'),
  );
  r.get(
    '/live_draw_result',
    {
      schema: { summary: '直播抽奖中奖名单', tags: TAGS, querystring: z.object({ id: idParam }) },
      config: DRAW,
    },
    async (req) => ok(await liveDrawResult(db, storeScopeOf(req), req.query.id)),
  );
}

const COLUMNS: Column<PrizeStatRow>[] = [
  { header: '日期', value: (r) => r.day },
  { header: '门店', width: 20, value: (r) => r.store_name },
  { header: '活动', width: 24, value: (r) => r.activity_name },
  { header: '活动类型', value: (r) => ENGINE_KIND_LABELS[r.kind as EngineKind] ?? r.kind },
  { header: '发放奖品数', value: (r) => r.prizes, sum: true },
  { header: '奖品成本(元)', value: (r) => fenToYuanNumber(r.cost_fen), sum: true },
  { header: '覆盖会员数', value: (r) => r.members },
];

/** 奖品统计 (248) and its export; a chain head's stores (decision 154's rule). */
export async function prizeStatisticsRoutes(app: FastifyInstance) {
  reportRoutes(app, {
    path: 'prize_statistics',
    summary: '奖品统计（按活动、类型、日期：奖品数、成本、覆盖会员）',
    exportSummary: '导出奖品统计',
    tags: ['奖品统计'],
    perm: PERM.PRIZE_STATISTICS,
    query: prizeStatisticsQuery,
    // the claims from the read replica (decision 201); which stores, from the primary
    read: async (db, s, q, readDb) => {
      const { choices, stores } = await reportChoice(db, s, q.store_id);
      const res = await prizeStatistics(readDb, stores, q);
      return { ...pager(q, res), totals: res.totals, stores: choices };
    },
    exported: async (db, s, q, reply, readDb) => {
      const { stores } = await reportChoice(db, s, q.store_id);
      const res = await prizeStatistics(readDb, stores, q, true);
      return streamXlsx(reply, {
        filename: `奖品统计-${q.start}至${q.end}.xlsx`,
        sheet: '奖品统计',
        columns: COLUMNS,
        rows: res.list,
        count: async () => res.list.length,
        totalsRow: [
          '合计',
          '',
          '',
          '',
          res.totals.prizes,
          fenToYuanNumber(res.totals.cost_fen),
          res.totals.members,
        ],
      });
    },
  });
}
