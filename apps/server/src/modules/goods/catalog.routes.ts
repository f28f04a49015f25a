import {
  categorySaveBody,
  categorySortBody,
  idParam,
  keywordQuery,
  materSaveBody,
  PERM,
  specSaveBody,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BadInputError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { pager } from '../../lib/paging.ts';
import { ok } from '../../lib/reply.ts';
import { orConflict } from '../../lib/unique-violation.ts';
import { guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import {
  categoryInUse,
  categoryNameTaken,
  chainHeadOf,
  deleteOwned,
  hasStockOrHistory,
  listCategories,
  listMaters,
  listSpecs,
  materOwned,
  materUsedByRecipe,
  nameTaken,
  saveCategory,
  saveMater,
  saveSpec,
} from './catalog.repo.ts';
import { sortCategoryList } from './goods.service.ts';

const idBody = z.object({ id: idParam });

/** Categories (92), specifications (200) and materials (207). */
export async function catalogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db } = app.deps;
  const readCats = storeAccess(
    PERM.GOODS_CLASS,
    PERM.GOODS_LIST,
    PERM.GOODS_SALES_PLAN,
    PERM.GOODS_PROMOTION,
  );

  r.get(
    '/goods_class_list',
    { schema: { summary: '商品分类列表', tags: ['商品分类'], querystring: keywordQuery }, config: readCats },
    async (req) => {
      const list = await listCategories(db, storeScopeOf(req), req.query.keyword);
      return ok({ list, page: 1, page_size: list.length, count: list.length });
    },
  );

  r.post(
    '/goods_class_save',
    {
      schema: { summary: '保存商品分类（新增或编辑）', tags: ['商品分类'], body: categorySaveBody },
      config: storeAccess(PERM.GOODS_CLASS),
    },
    async (req) => {
      const store = storeScopeOf(req);
      const v = req.body;
      const head = await chainHeadOf(db, store);
      if (v.shared && !head) throw new BadInputError('只有连锁总店可以共享分类');
      if (await categoryNameTaken(db, store, v.name, v.id))
        throw new ConflictError(`分类名称「${v.name}」已存在`);
      const id = await orConflict(
        saveCategory(db, store, { ...v, chainId: v.shared ? head : 0 }),
        `分类名称「${v.name}」已存在`,
      );
      if (!id) throw new NotFoundError('商品分类不存在');
      return ok({ id });
    },
  );

  r.post(
    '/goods_class_delete',
    {
      schema: { summary: '删除商品分类', tags: ['商品分类'], body: idBody },
      config: storeAccess(PERM.GOODS_CLASS),
    },
    async (req) => {
      const store = storeScopeOf(req);
      const own = (await listCategories(db, store)).find((c) => c.id === req.body.id && c.own);
      if (!own) throw new NotFoundError('商品分类不存在');
      if (await categoryInUse(db, own.id)) throw new ConflictError('该分类下还有商品，不能删除');
      await deleteOwned(db, 'goods_categories', store, own.id);
      return ok(null);
    },
  );

  r.post(
    '/goods_class_sort',
    {
      schema: { summary: '商品分类排序', tags: ['商品分类'], body: categorySortBody },
      config: storeAccess(PERM.GOODS_CLASS),
    },
    async (req) => ok({ count: await sortCategoryList(db, storeScopeOf(req), req.body.ids) }),
  );

  r.get(
    '/goods_spec_list',
    {
      schema: { summary: '商品规格列表', tags: ['商品规格'] },
      config: storeAccess(PERM.GOODS_SPEC, PERM.GOODS_LIST),
    },
    async (req) => {
      const list = await listSpecs(db, storeScopeOf(req));
      return ok({ list, page: 1, page_size: list.length, count: list.length });
    },
  );

  r.post(
    '/goods_spec_save',
    {
      schema: { summary: '保存商品规格（新增或编辑）', tags: ['商品规格'], body: specSaveBody },
      config: storeAccess(PERM.GOODS_SPEC),
    },
    async (req) => {
      const store = storeScopeOf(req);
      if (await nameTaken(db, 'goods_specs', store, req.body.name, req.body.id))
        throw new ConflictError(`规格名称「${req.body.name}」已存在`);
      const id = await orConflict(saveSpec(db, store, req.body), `规格名称「${req.body.name}」已存在`);
      if (!id) throw new NotFoundError('商品规格不存在');
      return ok({ id });
    },
  );

  r.post(
    '/goods_spec_delete',
    {
      schema: { summary: '删除商品规格', tags: ['商品规格'], body: idBody },
      config: storeAccess(PERM.GOODS_SPEC),
    },
    async (req) => {
      if (!(await deleteOwned(db, 'goods_specs', storeScopeOf(req), req.body.id)))
        throw new NotFoundError('商品规格不存在');
      return ok(null);
    },
  );

  r.get(
    '/goods_matter_list',
    {
      schema: { summary: '原料列表', tags: ['原料管理'], querystring: keywordQuery },
      config: storeAccess(PERM.GOODS_MATTER, PERM.GOODS_LIST),
    },
    async (req) => ok(pager(req.query, await listMaters(db, storeScopeOf(req), req.query))),
  );

  r.post(
    '/goods_matter_save',
    {
      schema: { summary: '保存原料（新增或编辑）', tags: ['原料管理'], body: materSaveBody },
      config: storeAccess(PERM.GOODS_MATTER),
    },
    async (req) => {
      const store = storeScopeOf(req);
      if (await nameTaken(db, 'goods_maters', store, req.body.name, req.body.id))
        throw new ConflictError(`原料名称「${req.body.name}」已存在`);
      const id = await orConflict(saveMater(db, store, req.body), `原料名称「${req.body.name}」已存在`);
      if (!id) throw new NotFoundError('原料不存在');
      return ok({ id });
    },
  );

  r.post(
    '/goods_matter_delete',
    {
      schema: { summary: '删除原料', tags: ['原料管理'], body: idBody },
      config: storeAccess(PERM.GOODS_MATTER),
    },
    async (req) => {
      const store = storeScopeOf(req);
      if (!(await materOwned(db, store, req.body.id))) throw new NotFoundError('原料不存在');
      if (await hasStockOrHistory(db, store, 'mater', [req.body.id]))
        throw new ConflictError('该原料有库存或出入库记录，不能删除');
      if (await materUsedByRecipe(db, req.body.id))
        throw new ConflictError('该原料已用于商品配方，请先修改配方');
      if (!(await deleteOwned(db, 'goods_maters', store, req.body.id))) throw new NotFoundError('原料不存在');
      return ok(null);
    },
  );
}
