import {
  areaQuery,
  bankListBody,
  MERCHANT_MSG,
  merchantCheckNameBody,
  merchantDocKindField,
  merchantDraftBody,
  merchantSubmitBody,
  PERM,
  UserType,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BadInputError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { readOneFile } from '../../lib/upload-file.ts';
import { authOf, guardStore, storeScopeOf } from '../../tenant/index.ts';
import { areaChildren } from '../area/index.ts';
import { bankList } from './banks.ts';
import { nameTaken } from './merchant.repo.ts';
import { openDraft, saveDraft, submit } from './merchant.service.ts';
import { merchantDeps } from './merchant-deps.ts';
import { storeDoc } from './merchant-doc.service.ts';

/** The netbar owner's calls: one merchant of its own, filled in steps. */
export const OWNER = { auth: { types: [UserType.Netbar], perms: [PERM.MERCHANT_APPLY] } };
const TAGS = ['商户进件'];

/** The onboarding form: name check, banks, regions, document upload, draft save and submission. */
export async function merchantRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = await merchantDeps(app);
  const { db } = deps;
  guardStore(app);

  r.post(
    '/check_name',
    { schema: { summary: '商户名称是否已被使用', tags: TAGS, body: merchantCheckNameBody }, config: OWNER },
    async (req) => ok({ is_exist: (await nameTaken(db, req.body.name, req.body.id)) ? 1 : 0 }),
  );
  r.post(
    '/get_bank_list',
    {
      schema: { summary: '结算银行列表（人民银行支付系统行别代码）', tags: TAGS, body: bankListBody },
      config: OWNER,
    },
    async (req) => ok(bankList(req.body.keyword)),
  );
  r.get(
    '/merchant_regions_list',
    {
      schema: { summary: '商户所在省市区（parentID：0 为省份）', tags: TAGS, querystring: areaQuery },
      config: OWNER,
    },
    async (req) => ok(areaChildren(req.query.parentID)),
  );
  r.post(
    '/upload',
    {
      schema: {
        summary: '上传进件资料图片（multipart：kind 与 file；图片按内容识别、去除 EXIF）',
        tags: TAGS,
        consumes: ['multipart/form-data'],
        querystring: z.object({ kind: merchantDocKindField.optional() }),
      },
      config: OWNER,
    },
    async (req) => {
      const { buf, fields } = await readOneFile(req, {
        missing: MERCHANT_MSG.imageRequired,
        tooLarge: MERCHANT_MSG.imageTooLarge,
      });
      const k = merchantDocKindField.safeParse(
        req.query.kind ?? (fields.kind as { value?: unknown } | undefined)?.value,
      );
      if (!k.success) throw new BadInputError(MERCHANT_MSG.docKind);
      return ok(await storeDoc(deps, authOf(req).userId, k.data, buf), '上传成功');
    },
  );
  r.post(
    '/add_save',
    { schema: { summary: '保存进件草稿', tags: TAGS, body: merchantDraftBody }, config: OWNER },
    async (req) => {
      const s = storeScopeOf(req);
      return ok(await saveDraft(deps, s.userId, s.netbarId, req.body), '草稿已保存');
    },
  );
  r.get(
    '/get_save',
    { schema: { summary: '读取进件草稿（或被驳回待修改的进件）', tags: TAGS }, config: OWNER },
    async (req) => ok(await openDraft(deps, authOf(req).userId)),
  );
  r.post(
    '/add',
    { schema: { summary: '提交进件', tags: TAGS, body: merchantSubmitBody }, config: OWNER },
    async (req) => {
      const s = storeScopeOf(req);
      return ok(await submit(deps, s.userId, s.netbarId, req.body), '已提交审核');
    },
  );
  r.post(
    '/update',
    {
      schema: { summary: '修改被驳回的进件并重新提交', tags: TAGS, body: merchantSubmitBody },
      config: OWNER,
    },
    async (req) => {
      if (req.body.id === undefined) throw new BadInputError(MERCHANT_MSG.notFound);
      const s = storeScopeOf(req);
      return ok(await submit(deps, s.userId, s.netbarId, req.body), '已重新提交审核');
    },
  );
}
