import {
  PERM,
  printKindQuery,
  printTemplateIdBody,
  printTemplateListQuery,
  printTemplateSaveBody,
  UserType,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { actorOf, guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import {
  printTemplate,
  printTemplateForPrint,
  printTemplates,
  removePrintTemplate,
  savePrintTemplate,
  setDefaultPrintTemplate,
} from './print-template.service.ts';

const TAGS = ['打印模板'];

/**
 * Receipt templates (application print_template 10523, decision 129): managed with 10523; the template a
 * receipt prints with (`/print_template_default`) is read by anyone working in the store, since every
 * counter screen prints (sale, top-up, lease, handover) and a template holds nothing private.
 */
export async function printTemplateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db } = app.deps;
  const manage = storeAccess(PERM.PRINT_TEMPLATE);

  r.get(
    '/print_template_list',
    { schema: { summary: '打印模板列表', tags: TAGS, querystring: printTemplateListQuery }, config: manage },
    async (req) => ok(await printTemplates(db, storeScopeOf(req), req.query.kind)),
  );

  r.get(
    '/print_template_detail',
    { schema: { summary: '打印模板详情', tags: TAGS, querystring: printTemplateIdBody }, config: manage },
    async (req) => ok(await printTemplate(db, storeScopeOf(req), req.query.id)),
  );

  r.get(
    '/print_template_default',
    {
      schema: {
        summary: '打印用模板（门店默认，无则系统默认；显示私域二维码时附门店私域码）',
        tags: TAGS,
        querystring: printKindQuery,
      },
      config: { auth: { types: [UserType.Netbar, UserType.NetbarStaff] } },
    },
    async (req) => {
      const base = app.deps.config.PUBLIC_URL ?? `${req.protocol}://${req.host}`;
      return ok(await printTemplateForPrint(db, storeScopeOf(req), req.query.kind, base));
    },
  );

  r.post(
    '/print_template_save',
    { schema: { summary: '新增或编辑打印模板', tags: TAGS, body: printTemplateSaveBody }, config: manage },
    async (req) =>
      ok(await savePrintTemplate(db, storeScopeOf(req), actorOf(req).name, req.body), '保存成功'),
  );

  r.post(
    '/print_template_delete',
    { schema: { summary: '删除打印模板', tags: TAGS, body: printTemplateIdBody }, config: manage },
    async (req) => {
      await removePrintTemplate(db, storeScopeOf(req), req.body.id);
      return ok(null, '删除成功');
    },
  );

  r.post(
    '/print_template_set_default',
    { schema: { summary: '设为默认模板', tags: TAGS, body: printTemplateIdBody }, config: manage },
    async (req) => ok(await setDefaultPrintTemplate(db, storeScopeOf(req), req.body.id), '已设为默认模板'),
  );
}
