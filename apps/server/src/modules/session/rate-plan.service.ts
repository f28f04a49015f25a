import { type RatePlanSaveBody, toRateRules } from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { orConflict } from '../../lib/unique-violation.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { memberPool } from '../member/index.ts';
import { areaInStore, deletePlan, findPlan, insertPlan, levelInPool, updatePlan } from './rate-plan.repo.ts';

/** Rate plans (decision 116): one per store × area (or all) × member level (or all). */

const TAKEN = '该区域和会员等级已有计费方案，请直接编辑';
const MISSING = '计费方案不存在';

export async function savePlan(
  db: Db,
  s: TenantScope,
  by: string,
  v: RatePlanSaveBody,
): Promise<{ id: number }> {
  if (v.id && !(await findPlan(db, s, v.id))) throw new NotFoundError(MISSING);
  if (v.area_id && !(await areaInStore(db, s, v.area_id))) throw new NotFoundError('区域不存在');
  if (v.level_id) {
    const pool = await memberPool(db, s);
    if (!(await levelInPool(db, pool.pool, v.level_id))) throw new NotFoundError('会员等级不存在');
  }
  const write = {
    name: v.name,
    area_id: v.area_id,
    level_id: v.level_id,
    enabled: v.enabled,
    rules: toRateRules(v),
    by,
  };
  if (v.id) {
    const id = v.id;
    await orConflict(
      db.transaction(async (tx) => {
        if (!(await updatePlan(tx, s, id, write))) throw new NotFoundError(MISSING);
      }),
      TAKEN,
    );
    return { id };
  }
  return {
    id: await orConflict(
      db.transaction((tx) => insertPlan(tx, s, write)),
      TAKEN,
    ),
  };
}

/** Running sessions keep the rules they started under (their snapshot), so a plan may go at any time. */
export async function removePlan(db: Db, s: TenantScope, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await deletePlan(tx, s, id))) throw new NotFoundError(MISSING);
  });
}
