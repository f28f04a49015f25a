import {
  goodsListQuery,
  goodsSaveBody,
  goodsShelfBody,
  groupSaveBody,
  idParam,
  PERM,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors.ts';
import { pager } from '../../lib/paging.ts';
import { ok } from '../../lib/reply.ts';
import { guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { findGoods, itemOptions, listGoods, listGroups } from './goods.repo.ts';
import { removeGoods, removeGroup, saveGoods, saveGroup, shelveGoods } from './goods.service.ts';

const idBody = z.object({ id: idParam });

/** Goods (64) and goods groups (267). */
export async function goodsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db } = app.deps;
  const TAGS = ['商品列表'];

  r.get(
    '/goods_list',
    {
      schema: { summary: '商品列表（含规格、配方、库存）', tags: TAGS, querystring: goodsListQuery },
      config: storeAccess(PERM.GOODS_LIST),
    },
    async (req) => ok(pager(req.query, await listGoods(db, storeScopeOf(req), req.query))),
  );

  r.get(
    '/goods_detail',
    {
      schema: { summary: '商品详情', tags: TAGS, querystring: idBody },
      config: storeAccess(PERM.GOODS_LIST),
    },
    async (req) => {
      const g = await findGoods(db, storeScopeOf(req), req.query.id);
      if (!g) throw new NotFoundError('商品不存在');
      return ok(g);
    },
  );

  r.post(
    '/goods_save',
    {
      schema: { summary: '保存商品（新增或编辑，含规格与配方）', tags: TAGS, body: goodsSaveBody },
      config: storeAccess(PERM.GOODS_LIST),
    },
    async (req) => ok(await saveGoods(db, storeScopeOf(req), req.body)),
  );

  r.post(
    '/goods_shelf',
    {
      schema: { summary: '商品上架或下架（可批量）', tags: TAGS, body: goodsShelfBody },
      config: storeAccess(PERM.GOODS_LIST),
    },
    async (req) =>
      ok({ count: await shelveGoods(db, storeScopeOf(req), req.body.ids, req.body.shelf_status) }),
  );

  r.post(
    '/goods_delete',
    { schema: { summary: '删除商品', tags: TAGS, body: idBody }, config: storeAccess(PERM.GOODS_LIST) },
    async (req) => {
      await removeGoods(db, storeScopeOf(req), req.body.id);
      return ok(null);
    },
  );

  r.get(
    '/goods_item_options',
    {
      schema: { summary: '商品规格与原料选项（选择器用）', tags: TAGS },
      config: storeAccess(
        PERM.GOODS_LIST,
        PERM.GOODS_GROUP,
        PERM.STOCK_DOCS,
        PERM.STOCK_INVENTORY,
        PERM.STOCK_HISTORY,
        PERM.GOODS_MATTER,
      ),
    },
    async (req) => {
      const list = await itemOptions(db, storeScopeOf(req));
      return ok({ list, page: 1, page_size: list.length, count: list.length });
    },
  );

  r.get(
    '/goods_group_list',
    { schema: { summary: '商品组合列表', tags: ['商品组合'] }, config: storeAccess(PERM.GOODS_GROUP) },
    async (req) => {
      const list = await listGroups(db, storeScopeOf(req));
      return ok({ list, page: 1, page_size: list.length, count: list.length });
    },
  );

  r.post(
    '/goods_group_save',
    {
      schema: { summary: '保存商品组合（新增或编辑）', tags: ['商品组合'], body: groupSaveBody },
      config: storeAccess(PERM.GOODS_GROUP),
    },
    async (req) => ok(await saveGroup(db, storeScopeOf(req), req.body)),
  );

  r.post(
    '/goods_group_delete',
    {
      schema: { summary: '删除商品组合', tags: ['商品组合'], body: idBody },
      config: storeAccess(PERM.GOODS_GROUP),
    },
    async (req) => {
      await removeGroup(db, storeScopeOf(req), req.body.id);
      return ok(null);
    },
  );
}
