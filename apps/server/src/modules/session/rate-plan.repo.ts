import type { RatePlanRow, RatePlanSaveBody, RateRules } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import type { TenantScope } from '../../tenant/index.ts';

/** Rate plans of the caller's store: all SQL of the plans. */

const planSelect = sql`select p.id, p.name, p.area_id, coalesce(a.name, '全部区域') as area_name,
    p.level_id, coalesce(l.name, '全部等级') as level_name, p.enabled, p.rules, p.updated_by,
    ${fmtTs('p.updated_at')} as updated_at
  from rate_plans p left join venue_areas a on a.id = p.area_id left join member_levels l on l.id = p.level_id`;

export async function listPlans(db: Conn, s: TenantScope): Promise<RatePlanRow[]> {
  return rows<RatePlanRow>(
    db,
    sql`${planSelect} where p.netbar_id = ${s.netbarId}
        order by p.area_id nulls first, a.sort, p.level_id nulls first, l.threshold_fen, p.id`,
  );
}

export async function findPlan(db: Conn, s: TenantScope, id: number): Promise<RatePlanRow | undefined> {
  return (
    await rows<RatePlanRow>(db, sql`${planSelect} where p.id = ${id} and p.netbar_id = ${s.netbarId}`)
  )[0];
}

/** Is the area one of the store's? */
export async function areaInStore(db: Conn, s: TenantScope, areaId: number): Promise<boolean> {
  const r = await rows(db, sql`select 1 from venue_areas where id = ${areaId} and netbar_id = ${s.netbarId}`);
  return r.length > 0;
}

/** Is the level one of the member pool's? */
export async function levelInPool(db: Conn, pool: number, levelId: number): Promise<boolean> {
  const r = await rows(db, sql`select 1 from member_levels where id = ${levelId} and pool_id = ${pool}`);
  return r.length > 0;
}

type PlanWrite = Omit<RatePlanSaveBody, 'id' | keyof RateRules> & { rules: RateRules; by: string };

export async function insertPlan(db: Conn, s: TenantScope, v: PlanWrite): Promise<number> {
  const r = await rows<{ id: number }>(
    db,
    sql`insert into rate_plans (netbar_id, area_id, level_id, name, rules, enabled, updated_by)
        values (${s.netbarId}, ${v.area_id ?? null}, ${v.level_id ?? null}, ${v.name}, ${JSON.stringify(v.rules)}::jsonb,
          ${v.enabled}, ${v.by}) returning id`,
  );
  return r[0]!.id;
}

export async function updatePlan(db: Conn, s: TenantScope, id: number, v: PlanWrite): Promise<boolean> {
  const r = await rows(
    db,
    sql`update rate_plans set area_id = ${v.area_id ?? null}, level_id = ${v.level_id ?? null}, name = ${v.name},
          rules = ${JSON.stringify(v.rules)}::jsonb, enabled = ${v.enabled}, updated_by = ${v.by}, updated_at = now()
        where id = ${id} and netbar_id = ${s.netbarId} returning id`,
  );
  return r.length > 0;
}

export async function deletePlan(db: Conn, s: TenantScope, id: number): Promise<boolean> {
  const r = await rows(
    db,
    sql`delete from rate_plans where id = ${id} and netbar_id = ${s.netbarId} returning id`,
  );
  return r.length > 0;
}

/**
 * The plan a member of `levelId` pays on a machine of `areaId` (decision 116): the most specific
 * enabled plan — area and level, then area, then level, then the store's.
 */
export async function planFor(
  db: Conn,
  s: TenantScope,
  areaId: number,
  levelId: number,
): Promise<{ id: number; name: string; rules: RateRules; level_specific: boolean } | undefined> {
  const r = await rows<{ id: number; name: string; rules: RateRules; level_specific: boolean }>(
    db,
    sql`select id, name, rules, level_id is not null as level_specific from rate_plans
        where netbar_id = ${s.netbarId} and enabled
          and (area_id = ${areaId} or area_id is null) and (level_id = ${levelId} or level_id is null)
        order by (area_id is not null) desc, (level_id is not null) desc limit 1`,
  );
  return r[0];
}
