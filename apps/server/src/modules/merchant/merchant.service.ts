import {
  MERCHANT_DOC_KINDS,
  MERCHANT_DOC_LABELS,
  MERCHANT_MSG,
  type MerchantDetail,
  type MerchantDocKind,
  type MerchantDraftBody,
  type MerchantProfileBody,
  type MerchantStatus,
  type MerchantStatusBody,
  type MerchantSubmitBody,
  maskNumber,
} from '@netbar/contract';
import type { Conn, Db } from '../../db/client.ts';
import type { merchants } from '../../db/schema/index.ts';
import { BadInputError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { isUniqueViolation, orConflict } from '../../lib/unique-violation.ts';
import { regionProblem } from '../area/index.ts';
import { bankByCode } from './banks.ts';
import type { MerchantRecord, MerchantViewer } from './merchant.repo.ts';
import * as repo from './merchant.repo.ts';
import type { MerchantKeys } from './merchant-crypto.ts';
import { type DocDeps, merchantDocLinks } from './merchant-doc.service.ts';

export interface MerchantDeps extends DocDeps {
  db: Db;
  keys: MerchantKeys;
}

type Insert = typeof merchants.$inferInsert;
const DOC_FIELD: Record<MerchantDocKind, `${MerchantDocKind}_doc`> = {
  licence: 'licence_doc',
  id_front: 'id_front_doc',
  id_back: 'id_back_doc',
  storefront: 'storefront_doc',
  cashier: 'cashier_doc',
};

/** The form's plain fields as columns; secrets encrypted with their mask beside them. */
function columnsOf(keys: MerchantKeys, b: Partial<MerchantSubmitBody>): Partial<Insert> {
  const c: Partial<Insert> = {};
  if (b.legal_name !== undefined) c.legalName = b.legal_name;
  if (b.short_name !== undefined) c.shortName = b.short_name;
  if (b.merchant_type !== undefined) c.merchantType = b.merchant_type;
  if (b.licence_no !== undefined) c.licenceNo = b.licence_no;
  if (b.legal_person !== undefined) c.legalPerson = b.legal_person;
  if (b.mobile !== undefined) c.mobile = b.mobile;
  if (b.bank_code !== undefined) {
    const bank = bankByCode(b.bank_code);
    if (!bank) throw new BadInputError(MERCHANT_MSG.bankUnknown);
    c.bankCode = bank.code;
    c.bankName = bank.name;
  }
  if (b.bank_branch !== undefined) c.bankBranch = b.bank_branch;
  if (b.card_holder !== undefined) c.cardHolder = b.card_holder;
  if (b.province !== undefined) c.province = b.province;
  if (b.city !== undefined) c.city = b.city;
  if (b.district !== undefined) c.district = b.district;
  if (b.address !== undefined) c.address = b.address;
  if (b.id_no !== undefined) {
    c.idNoEnc = keys.encrypt(b.id_no);
    c.idNoMask = maskNumber(b.id_no);
  }
  if (b.card_no !== undefined) {
    c.cardNoEnc = keys.encrypt(b.card_no);
    c.cardNoMask = maskNumber(b.card_no);
  }
  return c;
}

/** The documents named in a body: each must be the owner's own upload of that kind. */
async function docsOfBody(db: Conn, ownerId: number, b: Partial<MerchantSubmitBody>) {
  const wanted = MERCHANT_DOC_KINDS.flatMap((kind) => {
    const id = b[DOC_FIELD[kind]];
    return id === undefined ? [] : [{ kind, id }];
  });
  const found = await repo.ownerDocs(
    db,
    ownerId,
    wanted.map((w) => w.id),
  );
  for (const w of wanted) {
    const d = found.find((x) => x.id === w.id);
    if (!d) throw new NotFoundError(MERCHANT_MSG.docNotFound);
    if (d.kind !== w.kind) throw new BadInputError(MERCHANT_MSG.docWrongKind(MERCHANT_DOC_LABELS[w.kind]));
  }
  return wanted;
}

function checkRegion(b: Partial<MerchantSubmitBody>) {
  if (b.province === undefined && b.city === undefined && b.district === undefined) return;
  if (!b.province || !b.city || !b.district || regionProblem(b.province, b.city, b.district))
    throw new BadInputError(MERCHANT_MSG.region);
}

/** The owner's merchant that a draft or submission writes to: named by id (draft or rejected), or new. */
async function editable(
  db: Conn,
  ownerId: number,
  id: number | undefined,
): Promise<MerchantRecord | undefined> {
  if (id === undefined) return undefined;
  const m = await repo.merchantFor(db, { userId: ownerId, type: 3 }, id, true);
  if (!m) throw new NotFoundError(MERCHANT_MSG.notFound);
  if (m.status !== 0 && m.status !== 2) throw new ConflictError(MERCHANT_MSG.notEditable);
  return m;
}

/**
 * add_save: any part of the form, kept as the owner's draft (a rejected one stays rejected until
 * resubmitted). Without an id it continues the owner's one draft, or starts it: a retried or doubled first
 * save never makes two (the unique index of migration 0921 settles a race, answered as a retry).
 */
export async function saveDraft(deps: MerchantDeps, ownerId: number, netbarId: number, b: MerchantDraftBody) {
  checkRegion(b);
  const cols = columnsOf(deps.keys, b);
  const write = () =>
    deps.db.transaction(async (tx) => {
      const docs = await docsOfBody(tx, ownerId, b);
      const m = await editable(tx, ownerId, b.id ?? (await repo.draftIdOf(tx, ownerId)));
      const step = b.step ?? m?.step ?? 0;
      let id: number;
      if (m) {
        id = m.id;
        await repo.updateMerchant(tx, id, { ...cols, step });
      } else {
        id = await repo.insertMerchant(tx, { ...cols, step, ownerUserId: ownerId, netbarId, status: 0 });
      }
      await repo.attachDocs(tx, id, docs);
      return { id };
    });
  try {
    return await write();
  } catch (e) {
    // another first save of the same owner won the race: this one now updates that draft
    if (b.id === undefined && isUniqueViolation(e)) return write();
    throw e;
  }
}

/** add / update: the whole form checked, then 审核中. A rejected merchant comes back to review the same way. */
export async function submit(deps: MerchantDeps, ownerId: number, netbarId: number, b: MerchantSubmitBody) {
  checkRegion(b);
  const cols = columnsOf(deps.keys, b);
  return deps.db.transaction(async (tx) => {
    const db = tx;
    const docs = await docsOfBody(db, ownerId, b);
    const m = await editable(db, ownerId, b.id);
    if (!b.id_no && !m?.idNoEnc) throw new BadInputError(MERCHANT_MSG.idNo);
    if (!b.card_no && !m?.cardNoEnc) throw new BadInputError(MERCHANT_MSG.cardNo);
    if (await repo.nameTaken(db, b.legal_name, m?.id)) throw new ConflictError(MERCHANT_MSG.nameTaken);
    const set = { ...cols, status: 1, rejectReason: '', submittedAt: new Date(), step: 0 };
    let id: number;
    if (m) {
      id = m.id;
      await orConflict(repo.updateMerchant(tx, m.id, set), MERCHANT_MSG.nameTaken);
    } else
      id = await orConflict(
        repo.insertMerchant(tx, { ...set, ownerUserId: ownerId, netbarId }),
        MERCHANT_MSG.nameTaken,
      );
    await repo.attachDocs(tx, id, docs);
    const have = new Set((await repo.docsOf(db, id)).map((d) => d.kind));
    const missing = MERCHANT_DOC_KINDS.find((k) => !have.has(k));
    if (missing) throw new BadInputError(MERCHANT_MSG.docMissing(MERCHANT_DOC_LABELS[missing]));
    return { id, status: 1 as MerchantStatus };
  });
}

/** status: the payment company's review. approve 1 → 3 (a merchant number is issued), reject 1 → 2, open 3 → 4. */
export async function review(deps: MerchantDeps, reviewer: MerchantViewer, b: MerchantStatusBody) {
  return deps.db.transaction(async (tx) => {
    const m = await repo.merchantFor(tx, reviewer, b.id, true);
    if (!m) throw new NotFoundError(MERCHANT_MSG.notFound);
    const from = { approve: 1, reject: 1, open: 3 }[b.action];
    if (m.status !== from) throw new ConflictError(MERCHANT_MSG.notReviewable);
    const now = new Date();
    if (b.action === 'reject')
      await repo.updateMerchant(tx, m.id, {
        status: 2,
        rejectReason: b.reason!,
        reviewedAt: now,
        reviewedBy: reviewer.userId,
      });
    else if (b.action === 'approve')
      await repo.updateMerchant(tx, m.id, {
        status: 3,
        rejectReason: '',
        merchantNo: merchantNumber(m.id, now),
        reviewedAt: now,
        reviewedBy: reviewer.userId,
      });
    else {
      await repo.updateMerchant(tx, m.id, { status: 4, openedAt: now });
      // the store it was started from becomes its first acquirer store
      if ((await repo.storeCount(tx, m.id)) === 0 && !(await repo.storeBoundTo(tx, m.netbarId)))
        await repo.insertStore(tx, {
          merchantId: m.id,
          storeNo: `${m.merchantNo}01`,
          storeName: m.shortName || m.legalName,
          netbarId: m.netbarId,
        });
    }
    return repo.merchantRow(tx, m.id);
  });
}

/** Our merchant number: NB, the Beijing approval date, the id in 6 digits. */
export function merchantNumber(id: number, at: Date): string {
  const d = new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');
  return `NB${d}${String(id).padStart(6, '0')}`;
}

/** info: the merchant with masked numbers, its documents' signed links and its stores. */
export async function detail(deps: MerchantDeps, v: MerchantViewer, id: number): Promise<MerchantDetail> {
  const m = await repo.merchantFor(deps.db, v, id);
  if (!m) throw new NotFoundError(MERCHANT_MSG.notFound);
  return detailOf(deps, m);
}

export async function detailOf(deps: MerchantDeps, m: MerchantRecord): Promise<MerchantDetail> {
  const row = await repo.merchantRow(deps.db, m.id);
  return {
    ...row,
    licence_no: m.licenceNo,
    id_no_mask: m.idNoMask,
    bank_code: m.bankCode,
    bank_name: m.bankName,
    bank_branch: m.bankBranch,
    card_no_mask: m.cardNoMask,
    card_holder: m.cardHolder,
    province: m.province,
    city: m.city,
    district: m.district,
    address: m.address,
    reject_reason: m.rejectReason,
    step: m.step,
    docs: await merchantDocLinks(deps, m.id),
    stores: await repo.storesOf(deps.db, m.id),
  };
}

/** get_save: the owner's open draft (or rejected merchant) to continue, or null. */
export async function openDraft(deps: MerchantDeps, ownerId: number): Promise<MerchantDetail | null> {
  const m = await repo.openDraftOf(deps.db, ownerId);
  return m ? detailOf(deps, m) : null;
}

export async function profile(deps: MerchantDeps, v: MerchantViewer, id: number) {
  const m = await repo.merchantFor(deps.db, v, id);
  if (!m) throw new NotFoundError(MERCHANT_MSG.notFound);
  return {
    id: m.id,
    contact_name: m.contactName,
    contact_mobile: m.contactMobile,
    email: m.email,
    service_phone: m.servicePhone,
  };
}

/** edit_profile: contact details the owner may change in any state (no review needed). */
export async function editProfile(deps: MerchantDeps, ownerId: number, b: MerchantProfileBody) {
  return deps.db.transaction(async (tx) => {
    const m = await repo.merchantFor(tx, { userId: ownerId, type: 3 }, b.id, true);
    if (!m) throw new NotFoundError(MERCHANT_MSG.notFound);
    await repo.updateMerchant(tx, m.id, {
      contactName: b.contact_name,
      contactMobile: b.contact_mobile,
      email: b.email ?? '',
      servicePhone: b.service_phone ?? '',
    });
    return { id: m.id };
  });
}
