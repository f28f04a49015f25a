import {
  PAY_METHOD_MSG,
  PAY_TYPE_DEFS,
  type PaymentAddBody,
  type PaymentEditBody,
  type PaymentListData,
  type PaymentMethodRow,
  type PaymentSortBody,
  type PayProvider,
  type PayTypeData,
  type PayTypeDef,
  payTypeDef,
  type QuickPaymentStatus,
} from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { BadInputError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { orConflict } from '../../lib/unique-violation.ts';
import { reportStores, type TenantScope } from '../../tenant/index.ts';
import {
  deleteMethod,
  insertMethod,
  listMethods,
  lockMethods,
  methodById,
  quickPayment,
  saveQuickPayment,
  setEnabled,
  sortList,
  updateMethod,
  writeSort,
} from './payment-method.repo.ts';

/**
 * A store's payment methods (application payment_settings 10502, decision 162). Writes act on the
 * caller's current store (checked by guardStore); a chain head reads its chain's stores by `store_id`.
 * Every write takes the store's method rows `for update` first, so an add, an enable, a delete and a
 * sort never interleave.
 */

const nidOf = (s: TenantScope) => {
  if (!s.netbarId) throw new NotFoundError('门店不存在');
  return s.netbarId;
};

const defOf = (t: string): PayTypeDef => {
  const d = payTypeDef(t);
  if (!d) throw new BadInputError(PAY_METHOD_MSG.payType);
  return d;
};

const withType = (m: Omit<PaymentMethodRow, 'type_label' | 'online'>): PaymentMethodRow => {
  const d = defOf(m.pay_type);
  return { ...m, type_label: d.label, online: d.online };
};

/** The provider a method uses: the given one when its pay type allows it, else the type's default. */
function providerFor(d: PayTypeDef, p: PayProvider | undefined): PayProvider {
  if (!p) return d.providers[0]!;
  if (!d.providers.includes(p)) throw new BadInputError(PAY_METHOD_MSG.provider);
  return p;
}

export async function paymentList(db: Db, s: TenantScope, storeId?: number): Promise<PaymentListData> {
  const stores = await reportStores(db, s);
  const store = storeId === undefined ? stores[0] : stores.find((x) => x.id === storeId);
  if (!store) throw new BadInputError('门店参数错误');
  const list = (await listMethods(db, store.id)).map(withType);
  return { list, store, stores };
}

export async function paymentMethod(db: Db, s: TenantScope, id: number): Promise<PaymentMethodRow> {
  const m = await methodById(db, nidOf(s), id);
  if (!m) throw new NotFoundError(PAY_METHOD_MSG.notFound);
  return withType(m);
}

export async function addPaymentMethod(db: Db, s: TenantScope, by: string, b: PaymentAddBody) {
  const nid = nidOf(s);
  const d = defOf(b.pay_type);
  const id = await orConflict(
    db.transaction(async (tx) => {
      const have = await lockMethods(tx, nid);
      if (have.some((m) => m.pay_type === b.pay_type)) throw new ConflictError(PAY_METHOD_MSG.duplicate);
      return insertMethod(
        tx,
        nid,
        b.pay_type,
        {
          name: b.name,
          cashier: b.cashier,
          client: b.client,
          provider: providerFor(d, b.provider),
          settings: d.online ? b.settings : {},
          enabled: b.enabled ?? true,
        },
        by,
      );
    }),
    PAY_METHOD_MSG.duplicate,
  );
  return paymentMethod(db, s, id);
}

export async function editPaymentMethod(db: Db, s: TenantScope, by: string, b: PaymentEditBody) {
  const nid = nidOf(s);
  await db.transaction(async (tx) => {
    const have = await lockMethods(tx, nid);
    const m = have.find((x) => x.id === b.id);
    if (!m) throw new NotFoundError(PAY_METHOD_MSG.notFound);
    const d = defOf(m.pay_type);
    // taking the last enabled method off the cashier leaves the counter without a way to be paid
    if (m.enabled && m.cashier && !b.cashier && !have.some((x) => x.id !== m.id && x.enabled && x.cashier))
      throw new BadInputError(PAY_METHOD_MSG.lastCashier);
    await updateMethod(
      tx,
      nid,
      b.id,
      {
        name: b.name,
        cashier: b.cashier,
        client: b.client,
        provider: providerFor(d, b.provider),
        settings: d.online ? b.settings : {},
      },
      by,
    );
  });
  return paymentMethod(db, s, b.id);
}

export async function enablePaymentMethod(db: Db, s: TenantScope, by: string, id: number, enabled: boolean) {
  const nid = nidOf(s);
  await db.transaction(async (tx) => {
    const have = await lockMethods(tx, nid);
    const m = have.find((x) => x.id === id);
    if (!m) throw new NotFoundError(PAY_METHOD_MSG.notFound);
    if (!enabled && m.enabled && m.cashier && !have.some((x) => x.id !== id && x.enabled && x.cashier))
      throw new BadInputError(PAY_METHOD_MSG.lastCashier);
    await setEnabled(tx, nid, id, enabled, by);
  });
  return paymentMethod(db, s, id);
}

/**
 * Deletes a method the store no longer uses: an enabled one is refused (停用 first, so a cashier mid-sale
 * never loses it unannounced), and 现金 is never deleted (it can be disabled). Orders keep their own
 * record of how they were paid, so history does not depend on the method row.
 */
export async function deletePaymentMethod(db: Db, s: TenantScope, id: number) {
  const nid = nidOf(s);
  await db.transaction(async (tx) => {
    const m = (await lockMethods(tx, nid)).find((x) => x.id === id);
    if (!m) throw new NotFoundError(PAY_METHOD_MSG.notFound);
    if (m.pay_type === 'cash') throw new BadInputError(PAY_METHOD_MSG.deleteCash);
    if (m.enabled) throw new BadInputError(PAY_METHOD_MSG.deleteEnabled);
    await deleteMethod(tx, nid, id);
  });
}

export async function paymentSortList(db: Db, s: TenantScope, storeId?: number) {
  const { store } = await paymentList(db, s, storeId);
  return sortList(db, store.id);
}

/** A new order: exactly the store's methods, each once (duplicates are refused by the body schema). */
export async function editPaymentSort(db: Db, s: TenantScope, by: string, b: PaymentSortBody) {
  const nid = nidOf(s);
  await db.transaction(async (tx) => {
    const have = new Set((await lockMethods(tx, nid)).map((m) => m.id));
    if (have.size !== b.ids.length || b.ids.some((id) => !have.has(id)))
      throw new BadInputError(PAY_METHOD_MSG.sortMismatch);
    await writeSort(tx, nid, b.ids, by);
  });
  return sortList(db, nid);
}

/** The catalogue (marked where the store has it) and what the cashier and the PC client offer now. */
export async function payTypes(db: Db, s: TenantScope): Promise<PayTypeData> {
  const list = (await listMethods(db, nidOf(s))).map(withType);
  const offered = (where: 'cashier' | 'client') =>
    list
      .filter((m) => m.enabled && m[where])
      .map((m) => ({ pay_type: m.pay_type, name: m.name, order_method: defOf(m.pay_type).order_method }));
  return {
    types: PAY_TYPE_DEFS.map((d) => ({ ...d, added: list.some((m) => m.pay_type === d.pay_type) })),
    cashier: offered('cashier'),
    client: offered('client'),
  };
}

export const quickPaymentStatus = (db: Db, s: TenantScope): Promise<QuickPaymentStatus> =>
  quickPayment(db, nidOf(s));

/** 快捷支付 on needs an enabled scan method to pay through; off always works. */
export async function switchQuickPayment(db: Db, s: TenantScope, by: string, enabled: boolean) {
  const nid = nidOf(s);
  await db.transaction(async (tx) => {
    const have = await lockMethods(tx, nid);
    if (enabled && !have.some((m) => m.enabled && defOf(m.pay_type).online))
      throw new BadInputError('请先启用一种扫码支付方式（微信支付、支付宝、聚合扫码或云闪付）');
    await saveQuickPayment(tx, nid, enabled, by);
  });
  return quickPayment(db, nid);
}
