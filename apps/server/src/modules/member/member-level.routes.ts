import {
  fenToYuanNumber,
  idParam,
  levelSaveBody,
  PERM,
  pointsRedeemBody,
  REDEEM_KIND_LABELS,
  type RedemptionRow,
  redemptionQuery,
  shanghaiDate,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pager } from '../../lib/paging.ts';
import { ok } from '../../lib/reply.ts';
import { type Column, streamXlsx } from '../../lib/xlsx-stream.ts';
import { guardStore, retriedWrite, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { levels, removeLevel, saveLevel } from './member-level.service.ts';
import { redeem, redemptions } from './member-redeem.service.ts';

const COLUMNS: Column<RedemptionRow>[] = [
  { header: '兑换时间', width: 20, value: (r) => r.at },
  { header: '会员', value: (r) => r.member_name },
  { header: '卡号', width: 22, value: (r) => r.card_mask },
  { header: '兑换类型', value: (r) => REDEEM_KIND_LABELS[r.kind] },
  { header: '消耗积分', value: (r) => r.points, sum: true },
  { header: '奖励金(元)', value: (r) => fenToYuanNumber(r.bonus_fen), sum: true },
  { header: '上网时长(分钟)', value: (r) => r.minutes, sum: true },
  { header: '商品', width: 20, value: (r) => r.goods_name },
  { header: '数量', value: (r) => r.qty, sum: true },
  { header: '出库单号', width: 22, value: (r) => r.sale_no },
  { header: '门店', width: 16, value: (r) => r.netbar_name },
  { header: '操作人', value: (r) => r.user_name },
  { header: '备注', width: 24, value: (r) => r.remark },
];

/** Levels and rights (Member_rights 181) and points redemption with its records (redemption_record 182). */
export async function memberLevelRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db } = app.deps;
  const rights = storeAccess(PERM.MEMBER_RIGHTS);
  const records = storeAccess(PERM.REDEMPTION_RECORD);

  r.get(
    '/member_level_list',
    {
      schema: { summary: '会员等级与权益', tags: ['会员权益'] },
      // the member screens pick levels too
      config: storeAccess(PERM.MEMBER_RIGHTS, PERM.MEMBER_MANAGE, PERM.REDEMPTION_RECORD),
    },
    async (req) => ok(await levels(db, storeScopeOf(req))),
  );

  r.post(
    '/member_level_save',
    { schema: { summary: '新增或编辑会员等级', tags: ['会员权益'], body: levelSaveBody }, config: rights },
    async (req) => ok(await saveLevel(db, storeScopeOf(req), req.body), '保存成功'),
  );

  r.post(
    '/member_level_delete',
    {
      schema: { summary: '删除会员等级（无会员时）', tags: ['会员权益'], body: z.object({ id: idParam }) },
      config: rights,
    },
    async (req) => {
      await removeLevel(db, storeScopeOf(req), req.body.id);
      return ok(null, '删除成功');
    },
  );

  r.post(
    '/member_redeem',
    {
      schema: {
        summary: '积分兑换（奖励金、上网时长、商品；request_id 幂等）',
        tags: ['兑换记录'],
        body: pointsRedeemBody,
      },
      config: storeAccess(PERM.REDEMPTION_RECORD, PERM.MEMBER_MANAGE),
    },
    retriedWrite(db, redeem, { done: '兑换成功', replayed: '该兑换已处理' }),
  );

  r.get(
    '/redemption_list',
    {
      schema: { summary: '积分兑换记录', tags: ['兑换记录'], querystring: redemptionQuery },
      config: records,
    },
    async (req) => {
      const res = await redemptions(db, storeScopeOf(req), req.query);
      return ok({ ...pager(req.query, res), totals: res.totals });
    },
  );

  r.get(
    '/redemption_export',
    {
      compress: false,
      schema: { summary: '导出积分兑换记录', tags: ['兑换记录'], querystring: redemptionQuery },
      config: records,
    },
    async (req, reply) => {
      const res = await redemptions(db, storeScopeOf(req), req.query, true);
      return streamXlsx(reply, {
        filename: `积分兑换记录-${shanghaiDate()}.xlsx`,
        sheet: '兑换记录',
        columns: COLUMNS,
        rows: res.list,
        count: async () => res.count,
      });
    },
  );
}
