import { PERM, shanghaiDate } from '@netbar/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BadInputError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { readOneFile } from '../../lib/upload-file.ts';
import { sendFile } from '../../lib/xlsx-stream.ts';
import { guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { allGoods } from './goods.repo.ts';
import { goodsWorkbook, headerOk, importGoods } from './goods-sheet.ts';

/** The uploaded spreadsheet. */
const readUpload = (req: FastifyRequest) =>
  readOneFile(req, { missing: '请上传xlsx文件', tooLarge: '上传文件过大' });

/** Goods import (with a dry run) and export. */
export async function goodsSheetRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db } = app.deps;
  const access = storeAccess(PERM.GOODS_LIST);

  r.get(
    '/goods_export',
    { schema: { summary: '导出商品', tags: ['商品列表'] }, config: access },
    async (req, reply) =>
      sendFile(
        reply,
        `商品列表-${shanghaiDate()}.xlsx`,
        await goodsWorkbook(await allGoods(db, storeScopeOf(req))),
      ),
  );

  r.get(
    '/goods_import_template',
    { schema: { summary: '下载商品导入模板', tags: ['商品列表'] }, config: access },
    async (_req, reply) => sendFile(reply, '商品导入模板.xlsx', await goodsWorkbook(null)),
  );

  r.post(
    '/goods_import',
    {
      schema: {
        summary: '导入商品（xlsx；dry_run=1 只校验不写入）',
        tags: ['商品列表'],
        querystring: z.object({ dry_run: z.enum(['0', '1']).default('1') }),
      },
      config: access,
    },
    async (req) => {
      if (!req.isMultipart()) throw new BadInputError('请上传xlsx文件');
      const { filename, buf } = await readUpload(req);
      if (!/\.xlsx$/i.test(filename)) throw new BadInputError('请上传xlsx文件');
      let good = false;
      try {
        good = await headerOk(buf);
      } catch {
        throw new BadInputError('文件无法读取，请使用导入模板');
      }
      if (!good) throw new BadInputError('表头与导入模板不一致，请使用导入模板');
      const report = await importGoods(db, storeScopeOf(req), buf, req.query.dry_run === '1');
      if (report.errors.length)
        return { status: 40000, msg: `有${report.errors.length}行数据有误，未导入任何商品`, data: report };
      return ok(
        report,
        report.written
          ? `已导入${report.goods}个商品`
          : `校验通过：${report.goods}个商品，${report.skus}个规格`,
      );
    },
  );
}
