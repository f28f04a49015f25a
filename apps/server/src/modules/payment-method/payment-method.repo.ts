import type {
  PaymentMethodRow,
  PaymentSettings,
  PaymentSortItem,
  PayProvider,
  PayType,
  QuickPaymentStatus,
} from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { fmtTs } from '../../lib/sql-dates.ts';

/** A store's payment methods and its quick-payment switch (migration 0910); every query names the store. */

const COLS = sql`m.id, m.pay_type, m.name, m.enabled, m.sort, m.cashier, m.client, m.provider, m.settings,
  ${fmtTs('m.updated_at')} as updated_at`;

type Stored = Omit<PaymentMethodRow, 'type_label' | 'online'>;

export const listMethods = (db: Conn, nid: number) =>
  rows<Stored>(
    db,
    sql`select ${COLS} from payment_methods m where m.netbar_id = ${nid} order by m.sort, m.id`,
  );

export async function methodById(db: Conn, nid: number, id: number): Promise<Stored | undefined> {
  const r = await rows<Stored>(
    db,
    sql`select ${COLS} from payment_methods m where m.id = ${id} and m.netbar_id = ${nid}`,
  );
  return r[0];
}

/** Locks the store's methods (a sort, an add, an enable or a delete at a time) and returns their ids in order. */
export async function lockMethods(tx: Conn, nid: number) {
  return rows<{ id: number; pay_type: PayType; enabled: boolean; cashier: boolean }>(
    tx,
    sql`select id, pay_type, enabled, cashier from payment_methods where netbar_id = ${nid}
        order by sort, id for update`,
  );
}

export interface MethodWrite {
  name: string;
  cashier: boolean;
  client: boolean;
  provider: PayProvider;
  settings: PaymentSettings;
}

export async function insertMethod(
  tx: Conn,
  nid: number,
  payType: PayType,
  w: MethodWrite & { enabled: boolean },
  by: string,
): Promise<number> {
  const r = await rows<{ id: number }>(
    tx,
    sql`insert into payment_methods (netbar_id, pay_type, name, enabled, sort, cashier, client, provider, settings, updated_by)
        values (${nid}, ${payType}, ${w.name}, ${w.enabled},
                (select coalesce(max(sort), 0) + 1 from payment_methods where netbar_id = ${nid}),
                ${w.cashier}, ${w.client}, ${w.provider}, ${JSON.stringify(w.settings)}::jsonb, ${by})
        returning id`,
  );
  return Number(r[0]!.id);
}

export async function updateMethod(tx: Conn, nid: number, id: number, w: MethodWrite, by: string) {
  const r = await rows<{ id: number }>(
    tx,
    sql`update payment_methods set name = ${w.name}, cashier = ${w.cashier}, client = ${w.client},
          provider = ${w.provider}, settings = ${JSON.stringify(w.settings)}::jsonb, updated_by = ${by}, updated_at = now()
        where id = ${id} and netbar_id = ${nid} returning id`,
  );
  return r.length > 0;
}

export async function setEnabled(tx: Conn, nid: number, id: number, enabled: boolean, by: string) {
  await rows(
    tx,
    sql`update payment_methods set enabled = ${enabled}, updated_by = ${by}, updated_at = now()
        where id = ${id} and netbar_id = ${nid}`,
  );
}

export async function deleteMethod(tx: Conn, nid: number, id: number) {
  await rows(tx, sql`delete from payment_methods where id = ${id} and netbar_id = ${nid}`);
}

/** Writes the store's order: `ids` are exactly its methods (checked by the caller under the lock). */
export async function writeSort(tx: Conn, nid: number, ids: number[], by: string) {
  const pairs = sql.join(
    ids.map((id, i) => sql`(${id}::int, ${i + 1}::int)`),
    sql`, `,
  );
  await rows(
    tx,
    sql`update payment_methods m set sort = v.sort, updated_by = ${by}, updated_at = now()
        from (values ${pairs}) as v(id, sort)
        where m.id = v.id and m.netbar_id = ${nid} and m.sort is distinct from v.sort`,
  );
}

export const sortList = (db: Conn, nid: number) =>
  rows<PaymentSortItem>(
    db,
    sql`select id, pay_type, name, sort, enabled from payment_methods where netbar_id = ${nid} order by sort, id`,
  );

export async function quickPayment(db: Conn, nid: number): Promise<QuickPaymentStatus> {
  const r = await rows<QuickPaymentStatus>(
    db,
    sql`select quick_payment as enabled, ${fmtTs('updated_at')} as updated_at, updated_by
        from payment_store_settings where netbar_id = ${nid}`,
  );
  return r[0] ?? { enabled: false, updated_at: '', updated_by: '' };
}

export async function saveQuickPayment(tx: Conn, nid: number, enabled: boolean, by: string) {
  await rows(
    tx,
    sql`insert into payment_store_settings (netbar_id, quick_payment, updated_by) values (${nid}, ${enabled}, ${by})
        on conflict (netbar_id) do update set quick_payment = excluded.quick_payment,
          updated_by = excluded.updated_by, updated_at = now()`,
  );
}
