import { auditQrcodeBody, PERM, qrcodeListQuery, UserType } from '@netbar/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { actorOf, guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { applyQrcode, auditQrcode, qrcodeQueue, storeQrcode } from './fixed-qrcode.service.ts';

const TAGS = ['固定收款码'];

/**
 * Fixed QR codes (decision 162): the store reads and applies for its code (10502); the payment company
 * (type 6, 固定收款码审核 6120) lists every store's codes and approves or rejects them.
 */
export async function fixedQrcodeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db, config } = app.deps;
  const manage = storeAccess(PERM.PAYMENT_SETTINGS);
  const audit = { auth: { types: [UserType.PayCompany], perms: [PERM.FIXED_QRCODE_AUDIT] } };
  // the QR holds an absolute URL: the configured public address, else the one the caller reached us on
  const origin = (req: FastifyRequest) => config.PUBLIC_URL ?? `${req.protocol}://${req.host}`;

  r.get(
    '/get_qrcode',
    { schema: { summary: '本店固定收款码及审核状态', tags: TAGS }, config: manage },
    async (req) => ok(await storeQrcode(db, storeScopeOf(req), origin(req))),
  );

  r.post(
    '/apply_fixed_qrcode',
    { schema: { summary: '申请固定收款码（提交支付公司审核）', tags: TAGS }, config: manage },
    async (req) => ok(await applyQrcode(db, storeScopeOf(req), actorOf(req).name, origin(req)), '已提交审核'),
  );

  r.get(
    '/fixed_qrcode_list',
    { schema: { summary: '固定收款码审核列表', tags: TAGS, querystring: qrcodeListQuery }, config: audit },
    async (req) => ok(await qrcodeQueue(db, req.query, origin(req))),
  );

  r.post(
    '/audit_fixed_qrcode',
    { schema: { summary: '审核固定收款码（通过或驳回）', tags: TAGS, body: auditQrcodeBody }, config: audit },
    async (req) =>
      ok(
        await auditQrcode(db, actorOf(req), req.body, origin(req)),
        req.body.status === 1 ? '已通过' : '已驳回',
      ),
  );
}
