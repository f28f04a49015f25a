import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import type { TenantScope } from '../../tenant/index.ts';

/** What a seat order (BUY from a PC, decision 134) reads of the store: its goods, the seat, the duty. */

/**
 * The store's SKUs a BUY names: by id (another store's id finds nothing), or by the exact name a
 * terminal shows (the goods' name, with its spec as 名称（规格） when it has one) among goods on the shelf.
 */
export async function skusByIdOrName(db: Conn, s: TenantScope, ids: number[], names: string[]) {
  const idList = ids.length
    ? sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )
    : sql`null`;
  const nameList = names.length
    ? sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )
    : sql`null`;
  return rows<{ id: number; label: string; by_id: boolean }>(
    db,
    sql`select k.id, g.name || case when k.spec <> '' then '（' || k.spec || '）' else '' end as label,
          k.id in (${idList}) as by_id
        from goods_skus k join goods g on g.id = k.goods_id
        where k.netbar_id = ${s.netbarId}
          and (k.id in (${idList})
               or (g.shelf_status = 1 and (g.name || case when k.spec <> '' then '（' || k.spec || '）' else '' end) in (${nameList})))
        order by k.id`,
  );
}

/** The member logged on at the machine now (its open session), if any. */
export async function memberOnMachine(db: Conn, s: TenantScope, machineId: number): Promise<number | null> {
  const r = await rows<{ member_id: number }>(
    db,
    sql`select member_id from online_sessions where netbar_id = ${s.netbarId} and machine_id = ${machineId} and ended_at is null`,
  );
  return r[0]?.member_id ?? null;
}

/** The cashier on duty: the store's most recently opened shift still open (null: nobody on duty). */
export async function cashierOnDuty(db: Conn, s: TenantScope): Promise<{ id: number; name: string } | null> {
  const r = await rows<{ id: number; name: string }>(
    db,
    sql`select cashier_id as id, cashier_name as name from shifts
        where netbar_id = ${s.netbarId} and status = 'open' order by opened_at desc, id desc limit 1`,
  );
  return r[0] ?? null;
}

/** The order's source, for the status hook (undefined: not the store's). */
export async function sourceOf(db: Conn, s: TenantScope, orderId: number): Promise<string | undefined> {
  const r = await rows<{ source: string }>(
    db,
    sql`select source from orders where id = ${orderId} and netbar_id = ${s.netbarId}`,
  );
  return r[0]?.source;
}
