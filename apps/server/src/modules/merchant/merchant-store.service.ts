import { MERCHANT_MSG, MERCHANT_STATUS_LABELS, type MerchantStatus } from '@netbar/contract';
import type { Conn, Db } from '../../db/client.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { orConflict } from '../../lib/unique-violation.ts';
import { sqbAdapter } from '../payment/index.ts';
import type { MerchantViewer } from './merchant.repo.ts';
import * as repo from './merchant.repo.ts';
import { WX_STATES, wxRealNameState } from './sandbox.ts';

/** One merchant, many stores (addStore, bindStore), and 收钱吧 merchants linked by number (import_sqb). */

/** getStoreByMerchantNo: the acquirer stores of a merchant the viewer may see. */
export async function storesByNo(db: Db, v: repo.MerchantViewer, no: string) {
  const id = await repo.merchantIdByNo(db, v, no);
  if (!id) throw new NotFoundError(MERCHANT_MSG.notFound);
  return { id, list: await repo.storesOf(db, id) };
}

async function openedOwn(db: Conn, ownerId: number, id: number) {
  const m = await repo.merchantFor(db, { userId: ownerId, type: 3 }, id, true);
  if (!m) throw new NotFoundError(MERCHANT_MSG.notFound);
  if (m.status !== 4) throw new ConflictError(MERCHANT_MSG.notOpened);
  return m;
}

async function ownFreeNetbar(db: Conn, ownerId: number, netbarId: number) {
  const n = await repo.ownedNetbar(db, ownerId, netbarId);
  if (!n) throw new NotFoundError(MERCHANT_MSG.storeNotFound);
  if (await repo.storeBoundTo(db, netbarId)) throw new ConflictError(MERCHANT_MSG.storeTaken);
  return n;
}

/** addStore: a new acquirer store of an opened merchant for one of the owner's netbars. */
export async function addStore(
  db: Db,
  ownerId: number,
  b: { id: number; netbar_id: number; store_name?: string },
) {
  return db.transaction(async (tx) => {
    const m = await openedOwn(tx, ownerId, b.id);
    const n = await ownFreeNetbar(tx, ownerId, b.netbar_id);
    const seq = (await repo.storeCount(tx, m.id)) + 1;
    const no = m.merchantNo ?? m.sqbMerchantNo ?? String(m.id);
    const id = await orConflict(
      repo.insertStore(tx, {
        merchantId: m.id,
        storeNo: `${no}${String(seq).padStart(2, '0')}`,
        storeName: b.store_name ?? n.name,
        netbarId: n.id,
      }),
      MERCHANT_MSG.storeTaken,
    );
    return { id };
  });
}

/** bindStore: an existing acquirer store of the merchant (e.g. one imported from 收钱吧) bound to a netbar. */
export async function bindStore(
  db: Db,
  ownerId: number,
  b: { id: number; store_id: number; netbar_id: number },
) {
  return db.transaction(async (tx) => {
    const m = await openedOwn(tx, ownerId, b.id);
    const s = await repo.storeOfMerchant(tx, m.id, b.store_id);
    if (!s) throw new NotFoundError(MERCHANT_MSG.storeNotFound);
    if (s.netbarId === b.netbar_id) return { id: s.id };
    await ownFreeNetbar(tx, ownerId, b.netbar_id);
    await orConflict(repo.bindStoreNetbar(tx, s.id, b.netbar_id), MERCHANT_MSG.storeTaken);
    return { id: s.id };
  });
}

/** sqb_info: the 收钱吧 merchant behind a number (the payment module's adapter), and whether it is linked already. */
export async function sqbInfo(db: Db, no: string) {
  const s = await sqbAdapter().merchantByNo(no);
  if (!s) throw new NotFoundError(MERCHANT_MSG.sqbNotFound);
  return { ...s, imported: await repo.sqbImported(db, no) };
}

/**
 * import_sqb: link an existing 收钱吧 merchant to the owner: an opened merchant with 收钱吧's stores, the
 * current store bound to the first one that is free. A number is linked once.
 */
export async function importSqb(db: Db, ownerId: number, netbarId: number, no: string) {
  const s = await sqbAdapter().merchantByNo(no);
  if (!s) throw new NotFoundError(MERCHANT_MSG.sqbNotFound);
  if (s.status !== '正常') throw new ConflictError(MERCHANT_MSG.sqbFrozen);
  return db.transaction(async (tx) => {
    if (await repo.sqbImported(tx, no)) throw new ConflictError(MERCHANT_MSG.sqbImported);
    const now = new Date();
    const id = await orConflict(
      repo.insertMerchant(tx, {
        ownerUserId: ownerId,
        netbarId,
        status: 4,
        source: 'sqb',
        merchantNo: no,
        sqbMerchantNo: no,
        legalName: s.name,
        shortName: s.name.slice(0, 20),
        contactName: s.contact,
        submittedAt: now,
        reviewedAt: now,
        openedAt: now,
      }),
      MERCHANT_MSG.sqbImported,
    );
    const free = !(await repo.storeBoundTo(tx, netbarId));
    for (const [i, st] of s.stores.entries())
      await orConflict(
        repo.insertStore(tx, {
          merchantId: id,
          storeNo: st.store_sn,
          storeName: st.name,
          netbarId: i === 0 && free ? netbarId : null,
        }),
        MERCHANT_MSG.sqbImported,
      );
    return { id };
  });
}

/** The fee each method is charged at, in 万分之 (0.38%), the sandbox acquirer's standard rate. */
const RATES = { wechat: 38, alipay: 38, unionpay: 38 } as const;

/** payment_conf: how a store is paid: its merchant, that merchant's state and the methods' rates. */
export async function paymentConf(db: Db, v: MerchantViewer, netbarId: number, id?: number) {
  const m = id !== undefined ? await repo.merchantFor(db, v, id) : await repo.merchantOfNetbar(db, netbarId);
  if (id !== undefined && !m) throw new NotFoundError(MERCHANT_MSG.notFound);
  if (!m)
    return {
      merchant_id: 0,
      merchant_no: '',
      status: -1,
      status_label: '未进件',
      can_pay: false,
      rates: RATES,
    };
  return {
    merchant_id: m.id,
    merchant_no: m.merchantNo ?? '',
    status: m.status,
    status_label: MERCHANT_STATUS_LABELS[m.status as MerchantStatus],
    can_pay: m.status === 4,
    rates: RATES,
  };
}

/** querywxstatus: WeChat's real-name state of the merchant (the sandbox follows our review). */
export async function wxStatus(db: Db, v: MerchantViewer, id: number) {
  const m = await repo.merchantFor(db, v, id);
  if (!m) throw new NotFoundError(MERCHANT_MSG.notFound);
  const state = wxRealNameState(m.status as MerchantStatus);
  return { id: m.id, state, label: WX_STATES[state] };
}
