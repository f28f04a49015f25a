import { join } from 'node:path';
import {
  fileImportCheckBody,
  fileImportIdQuery,
  fileImportListQuery,
  fileImportUploadQuery,
  PERM,
  UserType,
} from '@netbar/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BadInputError } from '../../lib/errors.ts';
import { pager } from '../../lib/paging.ts';
import { ok } from '../../lib/reply.ts';
import { actorOf, guardStore, storeScopeOf } from '../../tenant/index.ts';
import { cipherFor, memberFieldKey } from '../member/index.ts';
import { listJobs } from './file-import.repo.ts';
import {
  type ImportDeps,
  importLimits,
  jobOf,
  resumeStale,
  startCheck,
  startCommit,
  upload,
} from './file-import.service.ts';
import { reconcile, sendCheckReport, sendReconciliation } from './file-import-report.ts';

const TAGS = ['数据导入'];
/** The netbar owner (button netbar_import_old_data is the owner's and the administrator's; the latter has no store). */
const access = { auth: { types: [UserType.Netbar], perms: [PERM.DATA_IMPORT] } };

async function uploadedFile(req: FastifyRequest) {
  if (!req.isMultipart()) throw new BadInputError('请上传xlsx或csv文件');
  try {
    const f = await req.file({ limits: { fileSize: importLimits.maxBytes, files: 1 } });
    if (!f) throw new BadInputError('请上传xlsx或csv文件');
    return { filename: f.filename, stream: f.file };
  } catch (e) {
    if (e instanceof BadInputError) throw e;
    throw new BadInputError('请上传xlsx或csv文件');
  }
}

/** 数据导入 (/basicsSettings/data_import, decision 190). */
export async function fileImportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db, config } = app.deps;
  const deps: ImportDeps = {
    db,
    cipher: cipherFor(memberFieldKey(config)),
    dir: join(config.DATA_DIR, 'imports'),
  };
  // a commit whose process died (kill -9, power) goes on from its last committed batch (the job runner)
  app.jobs.add({
    name: 'file-import-resume',
    title: '数据导入续传',
    everyMs: 60_000,
    enabled: config.NODE_ENV !== 'test',
    run: () => resumeStale(deps),
  });

  r.post(
    '/file_import_upload',
    {
      schema: {
        summary: '上传导入文件（xlsx 或 csv，按内容识别；返回表头与按来源产品建议的列对应）',
        tags: TAGS,
        querystring: fileImportUploadQuery,
      },
      config: access,
    },
    async (req) => {
      const file = await uploadedFile(req);
      return ok(await upload(deps, storeScopeOf(req), actorOf(req), req.query, file), '上传成功');
    },
  );

  r.post(
    '/file_import_check',
    {
      schema: { summary: '保存列对应并开始校验（试导入，不写入）', tags: TAGS, body: fileImportCheckBody },
      config: access,
    },
    async (req) => ok(await startCheck(deps, storeScopeOf(req), req.body), '已开始校验'),
  );

  r.post(
    '/file_import_commit',
    {
      schema: { summary: '开始导入（分批写入，每批一个事务）', tags: TAGS, body: fileImportIdQuery },
      config: access,
    },
    async (req) => ok(await startCommit(deps, storeScopeOf(req), req.body.id, false), '已开始导入'),
  );

  r.post(
    '/file_import_resume',
    {
      schema: {
        summary: '继续已中断的导入（从最后提交的批次之后开始）',
        tags: TAGS,
        body: fileImportIdQuery,
      },
      config: access,
    },
    async (req) => ok(await startCommit(deps, storeScopeOf(req), req.body.id, true), '已继续导入'),
  );

  r.get(
    '/file_import_list',
    { schema: { summary: '导入记录', tags: TAGS, querystring: fileImportListQuery }, config: access },
    async (req) => {
      const l = await listJobs(db, storeScopeOf(req), req.query);
      return ok(pager(req.query, { list: l.list.map(({ file_path: _f, ...j }) => j), count: l.count }));
    },
  );

  r.get(
    '/file_import_detail',
    { schema: { summary: '导入详情与进度', tags: TAGS, querystring: fileImportIdQuery }, config: access },
    async (req) => {
      const { file_path: _f, ...j } = await jobOf(db, storeScopeOf(req), req.query.id);
      return ok(j);
    },
  );

  r.get(
    '/file_import_reconcile',
    {
      schema: {
        summary: '导入对账：源文件与已导入的数量、本金、奖励',
        tags: TAGS,
        querystring: fileImportIdQuery,
      },
      config: access,
    },
    async (req) => ok(await reconcile(db, storeScopeOf(req), req.query.id)),
  );

  r.get(
    '/file_import_check_export',
    {
      schema: { summary: '下载校验结果（xlsx）', tags: TAGS, querystring: fileImportIdQuery },
      config: access,
    },
    async (req, reply) => sendCheckReport(db, storeScopeOf(req), req.query.id, reply),
  );

  r.get(
    '/file_import_reconcile_export',
    {
      schema: { summary: '下载导入对账（xlsx）', tags: TAGS, querystring: fileImportIdQuery },
      config: access,
    },
    async (req, reply) => sendReconciliation(db, storeScopeOf(req), req.query.id, reply),
  );
}
