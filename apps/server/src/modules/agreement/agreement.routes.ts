import {
  AGREEMENT_SLUGS,
  agreementQuery,
  agreementSaveBody,
  idParam,
  PERM,
  UserType,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agreements } from '../../db/schema/accounts.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { authOf } from '../../tenant/index.ts';
import {
  agreementById,
  allAgreements,
  findVersion,
  insertAgreement,
  publish,
  publishedAgreement,
  toView,
  updateDraft,
} from './agreement.repo.ts';
import { DEFAULT_AGREEMENTS } from './agreement-texts.ts';

const TAGS = ['协议与政策'];

/** Agreement and policy pages: read without login; administrators write versions and publish them. */
export async function agreementRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const admin = { types: [UserType.Admin], perms: [PERM.AGREEMENT_ADMIN] };

  // Every page has a first published version (idempotent, safe with several processes).
  app.addHook('onReady', async () => {
    const existing = new Set(
      (await db.selectDistinct({ slug: agreements.slug }).from(agreements)).map((x) => x.slug),
    );
    for (const slug of AGREEMENT_SLUGS) {
      if (existing.has(slug)) continue;
      const d = DEFAULT_AGREEMENTS[slug];
      await insertAgreement(db, {
        slug,
        title: d.title,
        content: d.content,
        version: '1.0',
        effectiveDate: '2025-01-01',
        status: 'published',
        publishedAt: new Date(),
      });
    }
  });

  r.get(
    '/agreement_get',
    {
      schema: { summary: '协议或政策页面的现行版本（无需登录）', tags: TAGS, querystring: agreementQuery },
      config: { auth: { public: true } },
    },
    async (req) => {
      const row = await publishedAgreement(db, req.query.slug);
      if (!row) throw new NotFoundError('协议不存在');
      const v = toView(row);
      return ok({
        slug: v.slug,
        title: v.title,
        content: v.content,
        version: v.version,
        effective_date: v.effective_date,
      });
    },
  );
  r.get(
    '/agreement_admin_list',
    {
      schema: { summary: '协议管理：全部协议的各个版本', tags: TAGS, querystring: z.object({}) },
      config: { auth: admin },
    },
    async () => ok((await allAgreements(db)).map(toView)),
  );
  r.post(
    '/agreement_save',
    {
      schema: {
        summary: '协议管理：保存新版本草稿（同一版本号的草稿可再次修改）',
        tags: TAGS,
        body: agreementSaveBody,
      },
      config: { auth: admin },
    },
    async (req) => {
      const b = req.body;
      const v = {
        title: b.title,
        content: b.content,
        effectiveDate: b.effective_date,
        updatedBy: authOf(req).userId,
      };
      const existing = await findVersion(db, b.slug, b.version);
      if (existing) {
        if (existing.status !== 'draft') throw new ConflictError('该版本号已发布，请使用新的版本号');
        const row = await updateDraft(db, existing.id, v);
        if (!row) throw new ConflictError('该版本号已发布，请使用新的版本号');
        return ok({ id: row.id }, '草稿已保存');
      }
      const row = await insertAgreement(db, { ...v, slug: b.slug, version: b.version, status: 'draft' });
      if (!row) throw new ConflictError('该版本号已存在，请使用新的版本号');
      return ok({ id: row.id }, '草稿已保存');
    },
  );
  r.post(
    '/agreement_publish',
    {
      schema: {
        summary: '协议管理：发布草稿（原现行版本归档）',
        tags: TAGS,
        body: z.object({ id: idParam }),
      },
      config: { auth: admin },
    },
    async (req) => {
      const row = await agreementById(db, req.body.id);
      if (!row) throw new NotFoundError('协议不存在');
      if (row.status !== 'draft') throw new ConflictError('只能发布草稿');
      // Two administrators publishing at once: the second finds the draft gone or the slug taken.
      if (!(await publish(db, row.id, row.slug, authOf(req).userId)))
        throw new ConflictError('该协议已被他人发布，请刷新后重试');
      return ok(null, '已发布');
    },
  );
}
