import type { DeductOrder, LevelRow, LevelSaveBody } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import type { MemberPool } from './member-pool.ts';

/** Levels of a pool (Member_rights 181) and the member settings of a store. */

const COLS = sql`l.id, l.name, l.threshold_fen::float8 as threshold_fen, l.rate_discount, l.member_price,
  l.points_per_yuan, l.bonus_rules, l.overdraft_fen::float8 as overdraft_fen`;

export async function listLevels(db: Conn, p: MemberPool): Promise<LevelRow[]> {
  return rows<LevelRow>(
    db,
    sql`select ${COLS}, (select count(*)::int from members m where m.level_id = l.id and m.status <> 4) as member_count
        from member_levels l where l.pool_id = ${p.pool} order by l.threshold_fen, l.id`,
  );
}

export async function levelById(db: Conn, p: MemberPool, id: number): Promise<LevelRow | undefined> {
  const r = await rows<LevelRow>(
    db,
    sql`select ${COLS}, 0 as member_count from member_levels l where l.id = ${id} and l.pool_id = ${p.pool}`,
  );
  return r[0];
}

/** The level a new member starts at: the lowest; a pool without levels gets 普通会员 first. */
export async function entryLevel(tx: Conn, p: MemberPool): Promise<number> {
  await rows(
    tx,
    sql`insert into member_levels (pool_id, name) select ${p.pool}, '普通会员'
        where not exists (select 1 from member_levels where pool_id = ${p.pool}) on conflict do nothing`,
  );
  const r = await rows<{ id: number }>(
    tx,
    sql`select id from member_levels where pool_id = ${p.pool} order by threshold_fen, id limit 1`,
  );
  return Number(r[0]!.id);
}

export async function insertLevel(tx: Conn, p: MemberPool, b: LevelSaveBody): Promise<number> {
  const r = await rows<{ id: number }>(
    tx,
    sql`insert into member_levels (pool_id, name, threshold_fen, rate_discount, member_price, points_per_yuan, bonus_rules, overdraft_fen)
        values (${p.pool}, ${b.name}, ${b.threshold_fen}, ${b.rate_discount}, ${b.member_price}, ${b.points_per_yuan},
                ${JSON.stringify(b.bonus_rules)}::jsonb, ${b.overdraft_fen}) returning id`,
  );
  return Number(r[0]!.id);
}

export async function updateLevel(tx: Conn, p: MemberPool, id: number, b: LevelSaveBody): Promise<boolean> {
  const r = await rows<{ id: number }>(
    tx,
    sql`update member_levels set name = ${b.name}, threshold_fen = ${b.threshold_fen}, rate_discount = ${b.rate_discount},
          member_price = ${b.member_price}, points_per_yuan = ${b.points_per_yuan},
          bonus_rules = ${JSON.stringify(b.bonus_rules)}::jsonb, overdraft_fen = ${b.overdraft_fen}
        where id = ${id} and pool_id = ${p.pool} returning id`,
  );
  return r.length > 0;
}

export async function deleteLevel(tx: Conn, p: MemberPool, id: number): Promise<'ok' | 'missing' | 'used'> {
  const used = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from members where level_id = ${id}`,
  );
  const exists = await levelById(tx, p, id);
  if (!exists) return 'missing';
  if (Number(used[0]?.n) > 0) return 'used';
  await rows(tx, sql`delete from member_levels where id = ${id} and pool_id = ${p.pool}`);
  return 'ok';
}

export async function nameTaken(db: Conn, p: MemberPool, name: string, exceptId?: number): Promise<boolean> {
  const r = await rows<{ id: number }>(
    db,
    sql`select id from member_levels where pool_id = ${p.pool} and name = ${name} and id <> ${exceptId ?? 0}`,
  );
  return r.length > 0;
}

export async function settingsOf(
  db: Conn,
  storeId: number,
): Promise<{ deduct_order: DeductOrder; chain_shared: boolean }> {
  const r = await rows<{ deduct_order: DeductOrder; chain_shared: boolean }>(
    db,
    sql`select deduct_order, chain_shared from member_settings where netbar_id = ${storeId}`,
  );
  return r[0] ?? { deduct_order: 'bonus_first', chain_shared: false };
}

export async function saveSettings(
  tx: Conn,
  storeId: number,
  v: { deduct_order: DeductOrder; chain_shared: boolean },
) {
  await rows(
    tx,
    sql`insert into member_settings (netbar_id, deduct_order, chain_shared) values (${storeId}, ${v.deduct_order}, ${v.chain_shared})
        on conflict (netbar_id) do update set deduct_order = excluded.deduct_order, chain_shared = excluded.chain_shared, updated_at = now()`,
  );
}

/** Members and levels the chain's other stores keep in their own pools (switching 连锁通用 needs none). */
export async function chainOwnData(db: Conn, head: number): Promise<number> {
  const r = await rows<{ n: number }>(
    db,
    sql`select (select count(*)::int from members m join netbars n on n.id = m.pool_id where n.chain_id = ${head} and m.pool_id <> ${head})
             + (select count(*)::int from members m where m.pool_id = ${head} and m.netbar_id <> ${head}) as n`,
  );
  return Number(r[0]?.n ?? 0);
}
