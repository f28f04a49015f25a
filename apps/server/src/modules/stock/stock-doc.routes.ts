import {
  checkCountBody,
  checkOpenBody,
  docIdBody,
  docListQuery,
  docSaveBody,
  idParam,
  PERM,
  saleBody,
  UserType,
} from '@netbar/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { pager } from '../../lib/paging.ts';
import { ok, replayed } from '../../lib/reply.ts';
import { actorOf, authOf, guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { approveCheck, enterCounts, openCheck } from './stock-check.service.ts';
import { docLineRows, findDoc, listDocs } from './stock-doc.repo.ts';
import { type PostResult, postDoc, removeDraft, saveDoc } from './stock-doc.service.ts';
import { stockSale } from './stock-sale.service.ts';

const TAGS = ['出入库单'];

function postAnswer(r: PostResult) {
  const data = { id: r.doc.id, doc_no: r.doc.doc_no, status: r.doc.status, warnings: r.warnings };
  if (r.replay) return replayed(data);
  return ok(data, r.warnings.length ? `操作成功，注意：${r.warnings.join('；')}` : '操作成功');
}

/** Documents need the document grant (1591), count sheets the count grant (1592); a missing doc is 40004. */
async function requireDocGrant<T extends { doc_type: string }>(
  req: FastifyRequest,
  doc: T | undefined,
): Promise<T> {
  if (!doc) throw new NotFoundError('单据不存在');
  const need = doc.doc_type === 'check' ? PERM.STOCK_INVENTORY : PERM.STOCK_DOCS;
  if (!authOf(req).perms.has(need)) throw new ForbiddenError();
  return doc;
}

/** Stock documents (1591), count sheets (1592) and the terminal's stock call for a sale. */
export async function stockDocRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db } = app.deps;
  const docs = storeAccess(PERM.STOCK_DOCS);
  const count = storeAccess(PERM.STOCK_INVENTORY);

  r.get(
    '/stock_doc_list',
    {
      schema: { summary: '出入库单与盘点单列表', tags: TAGS, querystring: docListQuery },
      config: storeAccess(PERM.STOCK_DOCS, PERM.STOCK_INVENTORY),
    },
    async (req) => ok(pager(req.query, await listDocs(db, storeScopeOf(req), req.query))),
  );

  r.get(
    '/stock_doc_detail',
    {
      schema: { summary: '单据详情（含明细）', tags: TAGS, querystring: z.object({ id: idParam }) },
      config: storeAccess(PERM.STOCK_DOCS, PERM.STOCK_INVENTORY),
    },
    async (req) => {
      const doc = await findDoc(db, storeScopeOf(req), req.query.id);
      if (!doc) throw new NotFoundError('单据不存在');
      return ok({ ...doc, lines: await docLineRows(db, doc.id) });
    },
  );

  r.post(
    '/stock_doc_save',
    {
      schema: { summary: '保存出入库单（草稿，post=1 时同时过账）', tags: TAGS, body: docSaveBody },
      config: docs,
    },
    async (req) => postAnswer(await saveDoc(db, storeScopeOf(req), actorOf(req), req.body)),
  );

  r.post(
    '/stock_doc_post',
    {
      schema: { summary: '单据过账（全部明细一起生效）', tags: TAGS, body: docIdBody },
      config: storeAccess(PERM.STOCK_DOCS, PERM.STOCK_INVENTORY),
    },
    async (req) => {
      const s = storeScopeOf(req);
      await requireDocGrant(req, await findDoc(db, s, req.body.id));
      return postAnswer(await postDoc(db, s, actorOf(req), req.body.id));
    },
  );

  r.post(
    '/stock_doc_delete',
    {
      schema: { summary: '删除草稿单据', tags: TAGS, body: docIdBody },
      config: storeAccess(PERM.STOCK_DOCS, PERM.STOCK_INVENTORY),
    },
    async (req) => {
      const s = storeScopeOf(req);
      const doc = await requireDocGrant(req, await findDoc(db, s, req.body.id));
      if (!(await removeDraft(db, s, doc.id))) throw new NotFoundError('只能删除草稿单据');
      return ok(null);
    },
  );

  r.post(
    '/stock_check_open',
    {
      schema: { summary: '开始盘点（记录开盘时账面数量）', tags: ['盘点单'], body: checkOpenBody },
      config: count,
    },
    async (req) => {
      const doc = await openCheck(db, storeScopeOf(req), actorOf(req), req.body);
      return ok({ id: doc.id, doc_no: doc.doc_no, status: doc.status });
    },
  );

  r.post(
    '/stock_check_count',
    {
      schema: { summary: '录入盘点数量（按明细或条码，可分多次）', tags: ['盘点单'], body: checkCountBody },
      config: count,
    },
    async (req) => ok(await enterCounts(db, storeScopeOf(req), req.body.id, req.body.mode, req.body.lines)),
  );

  r.post(
    '/stock_check_approve',
    { schema: { summary: '审核盘点单', tags: ['盘点单'], body: docIdBody }, config: count },
    async (req) => {
      const doc = await approveCheck(db, storeScopeOf(req), actorOf(req), req.body.id);
      return ok({ id: doc.id, doc_no: doc.doc_no, status: doc.status });
    },
  );

  r.post(
    '/stock_sale',
    {
      schema: {
        summary: '销售扣减库存（收银终端调用；有配方的商品扣减原料；request_id 防重）',
        tags: ['终端接口'],
        body: saleBody,
      },
      config: { auth: { types: [UserType.Netbar, UserType.NetbarStaff] } },
    },
    async (req) => {
      // Decision 044: the owner always may; staff need the cashier's order grant (264).
      const a = authOf(req);
      if (a.type === UserType.NetbarStaff && !a.perms.has(PERM.ORDER_LIST)) throw new ForbiddenError();
      const res = await stockSale(db, storeScopeOf(req), actorOf(req), req.body);
      return res.replay
        ? replayed(res)
        : ok(res, res.warnings.length ? `操作成功，注意：${res.warnings.join('；')}` : '操作成功');
    },
  );
}
