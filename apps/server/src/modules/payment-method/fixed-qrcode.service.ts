import { randomBytes } from 'node:crypto';
import {
  type AuditQrcodeBody,
  type FixedQrcode,
  PAY_METHOD_MSG,
  QRCODE_STATUS_LABELS,
  type QrcodeListQuery,
  type StoreQrcodeData,
} from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { pager } from '../../lib/paging.ts';
import { orConflict } from '../../lib/unique-violation.ts';
import type { TenantScope } from '../../tenant/index.ts';
import {
  approvedByToken,
  auditQueue,
  decide,
  insertQrcode,
  latestOfStore,
  type QrcodeStored,
  qrcodeById,
} from './fixed-qrcode.repo.ts';

/**
 * A store's fixed QR code (固定收款码, decision 162): one standing code for any amount whose QR holds
 * `<public origin>/pay/code/<token>`, the token 32 bytes from the CSPRNG. A store applies; the payment
 * company (type 6) approves or rejects with a reason; only an approved code carries its URL to the store.
 */

export const PAY_CODE_PATH = '/pay/code/';

/** The public page a code opens. */
export const payCodeUrl = (origin: string, token: string) =>
  `${origin.replace(/\/+$/, '')}${PAY_CODE_PATH}${token}`;

const shown = (q: QrcodeStored, origin: string | null): FixedQrcode => ({
  id: q.id,
  netbar_id: q.netbar_id,
  netbar_name: q.netbar_name,
  status: q.status,
  status_label: QRCODE_STATUS_LABELS[q.status],
  reason: q.reason,
  created_at: q.created_at,
  audited_at: q.audited_at,
  audited_by: q.audited_by,
  url: q.status === 1 && origin ? payCodeUrl(origin, q.token) : null,
});

const nidOf = (s: TenantScope) => {
  if (!s.netbarId) throw new NotFoundError('门店不存在');
  return s.netbarId;
};

export async function storeQrcode(db: Db, s: TenantScope, origin: string): Promise<StoreQrcodeData> {
  const q = await latestOfStore(db, nidOf(s));
  return { qrcode: q ? shown(q, origin) : null, can_apply: !q || q.status === 2 };
}

/** Applies for a code: refused while one is pending or approved (the partial unique index holds under races). */
export async function applyQrcode(
  db: Db,
  s: TenantScope,
  by: string,
  origin: string,
): Promise<StoreQrcodeData> {
  const nid = nidOf(s);
  const live = await latestOfStore(db, nid);
  if (live?.status === 0) throw new ConflictError(PAY_METHOD_MSG.qrcodePending);
  if (live?.status === 1) throw new ConflictError(PAY_METHOD_MSG.qrcodeApproved);
  await orConflict(
    db.transaction((tx) => insertQrcode(tx, nid, randomBytes(32).toString('base64url'), by)),
    PAY_METHOD_MSG.qrcodePending,
  );
  return storeQrcode(db, s, origin);
}

/** The payment company's queue; it sees every store's code, and the approved ones' URLs. */
export async function qrcodeQueue(db: Db, q: QrcodeListQuery, origin: string) {
  const r = await auditQueue(db, q);
  return pager(q, { list: r.list.map((x) => shown(x, origin)), count: r.count });
}

/** Approves (1) or rejects (2, with a reason) a pending code; a decided one is refused, never re-decided. */
export async function auditQrcode(
  db: Db,
  who: { id: number; name: string },
  b: AuditQrcodeBody,
  origin: string,
): Promise<FixedQrcode> {
  const reason = b.status === 2 ? (b.reason ?? '') : '';
  const done = await db.transaction((tx) => decide(tx, b.id, b.status, reason, who));
  const q = await qrcodeById(db, b.id);
  if (!q) throw new NotFoundError(PAY_METHOD_MSG.qrcodeNotFound);
  if (!done) throw new ConflictError(PAY_METHOD_MSG.qrcodeAudited);
  return shown(q, origin);
}

/**
 * For the public pay page (P-core's /pay/code/<token>): the store an approved code pays, or undefined for
 * an unknown, pending or rejected token.
 */
export async function storeOfPayCode(
  db: Db,
  token: string,
): Promise<{ netbar_id: number; netbar_name: string } | undefined> {
  const q = await approvedByToken(db, token);
  return q ? { netbar_id: q.netbar_id, netbar_name: q.netbar_name } : undefined;
}
