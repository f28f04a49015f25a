import { AGENT_STAFF_GRANTABLE, type AuthAreaBody, STAFF_MSG } from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { BadInputError, NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { idsInScope } from '../netbar/index.ts';
import { areaOf, findStaff, listStaff, saveArea } from './staff.repo.ts';

export interface StaffDeps {
  db: Db;
}

/**
 * The staff list as this caller may see it: the agent every member; agent staff (who can only reach
 * the list through 网吧管理, for its 负责员工 filter) themselves only, never colleagues' names, mobiles
 * or grants.
 */
export function visibleStaff(
  deps: StaffDeps,
  s: TenantScope,
  q: { page: number; page_size: number; keyword?: string; status?: number },
  all = false,
) {
  return listStaff(deps.db, s, q, all);
}

/** A live staff member of the caller's agent, or 40400. */
export async function mustStaff(deps: StaffDeps, s: TenantScope, id: number) {
  const m = await findStaff(deps.db, s, id);
  if (!m) throw new NotFoundError(STAFF_MSG.notFound);
  return m;
}

/** Replaces a staff member's menu grants, netbars and regions, in one transaction. */
export async function saveGrants(deps: StaffDeps, s: TenantScope, b: AuthAreaBody) {
  await mustStaff(deps, s, b.user_id);
  const grantable = new Set(AGENT_STAFF_GRANTABLE);
  if (b.perm_ids.some((p) => !grantable.has(p))) throw new BadInputError(STAFF_MSG.permIds);
  const nets = [...new Set(b.netbar_ids)];
  if (nets.length && (await idsInScope(deps.db, s, nets)).length !== nets.length)
    throw new NotFoundError('网吧不存在');
  await deps.db.transaction((tx) =>
    saveArea(tx, b.user_id, s.userId, [...new Set(b.perm_ids)], nets, [...new Set(b.regions)]),
  );
  return areaOf(deps.db, b.user_id);
}
