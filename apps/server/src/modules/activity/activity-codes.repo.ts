import type { GiftCodeListQuery, GiftCodeRow } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { paged } from '../../lib/paging.ts';
import { fmtTs } from '../../lib/sql-dates.ts';

/** 礼包码 (decision 177): always found by the store and the code, so another store's codes are absent. */

/** The store's own activity row, locked, for generating codes under the same lock as claims. */
export async function lockOwnActivity(tx: Conn, nid: number, id: number) {
  const r = await rows<{ id: number; kind: string; status: string; ends_at: Date; pool: number }>(
    tx,
    sql`select a.id, a.kind, a.status, a.ends_at,
          (select coalesce(sum(quantity), 0)::int from activity_prizes p where p.activity_id = a.id) as pool
        from activities a where a.id = ${id} and a.netbar_id = ${nid} for update`,
  );
  return r[0] && { ...r[0], ends_at: new Date(r[0].ends_at) };
}

export async function codeCount(tx: Conn, activityId: number): Promise<number> {
  const r = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from activity_codes where activity_id = ${activityId}`,
  );
  return r[0]!.n;
}

/** Inserts the codes; those already taken in the store are skipped (the caller draws new ones). */
export async function insertCodes(
  tx: Conn,
  c: { activity_id: number; netbar_id: number; batch: string; by: number },
  codes: string[],
): Promise<number> {
  if (!codes.length) return 0;
  const r = await rows<{ id: string }>(
    tx,
    sql`insert into activity_codes (activity_id, netbar_id, code, batch, created_by)
        select ${c.activity_id}, ${c.netbar_id}, x, ${c.batch}, ${c.by} from unnest(${`{${codes.join(',')}}`}::text[]) as x
        on conflict (netbar_id, code) do nothing returning id`,
  );
  return r.length;
}

export async function codeByText(db: Conn, nid: number, code: string) {
  const r = await rows<{ id: number; activity_id: number }>(
    db,
    sql`select id::int, activity_id from activity_codes where netbar_id = ${nid} and code = ${code}`,
  );
  return r[0];
}

/** The code's one redemption: the primary key decides, whatever the concurrency; false when it was used. */
export async function useCode(
  tx: Conn,
  codeId: number,
  activityId: number,
  claimId: number,
  memberId: number,
): Promise<boolean> {
  const r = await rows<{ code_id: string }>(
    tx,
    sql`insert into activity_code_uses (code_id, claim_id, member_id)
        select id, ${claimId}, ${memberId} from activity_codes where id = ${codeId} and activity_id = ${activityId}
        on conflict (code_id) do nothing returning code_id`,
  );
  return r.length === 1;
}

export async function listCodes(db: Conn, nid: number, q: GiftCodeListQuery, all = false) {
  const where = [sql`k.netbar_id = ${nid}`, sql`k.activity_id = ${q.activity_id}`];
  if (q.used === '1') where.push(sql`u.code_id is not null`);
  if (q.used === '0') where.push(sql`u.code_id is null`);
  const r = await paged<GiftCodeRow>(
    db,
    sql`select k.id::int, k.code, k.batch, (u.code_id is not null) as used, coalesce(m.name, '') as member_name,
          coalesce(${fmtTs('u.at')}, '') as used_at, ${fmtTs('k.created_at')} as created_at`,
    sql`from activity_codes k left join activity_code_uses u on u.code_id = k.id left join members m on m.id = u.member_id`,
    where,
    sql`k.id`,
    all ? undefined : q,
  );
  const used = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from activity_codes k join activity_code_uses u on u.code_id = k.id
        where k.netbar_id = ${nid} and k.activity_id = ${q.activity_id}`,
  );
  return { list: r.list, count: r.count, used: used[0]!.n };
}

/** The paid order at the store, for 收银抽奖. */
export async function paidOrder(db: Conn, nid: number, orderNo: string) {
  const r = await rows<{ order_no: string; status: string; member_id: number | null; paid_fen: number }>(
    db,
    sql`select order_no, status, member_id, (paid_fen - refunded_fen)::float8 as paid_fen from orders
        where netbar_id = ${nid} and order_no = ${orderNo}`,
  );
  return r[0];
}

/** The store's running 收银抽奖 with the highest threshold the amount reaches. */
export async function drawFor(db: Conn, nid: number, amountFen: number) {
  const r = await rows<{ id: number; name: string; threshold_fen: number }>(
    db,
    sql`select a.id, a.name, a.threshold_fen::float8 as threshold_fen from activities a
        where a.netbar_id = ${nid} and a.kind = 'cashier_draw' and a.status = 'published'
          and a.starts_at <= now() and a.ends_at > now() and a.threshold_fen <= ${amountFen}
        order by a.threshold_fen desc, a.id limit 1`,
  );
  return r[0];
}

export async function claimForRequest(db: Conn, nid: number, requestId: string) {
  const r = await rows<{ id: number }>(
    db,
    sql`select id::int from activity_claims where netbar_id = ${nid} and request_id = ${requestId}`,
  );
  return r[0];
}
