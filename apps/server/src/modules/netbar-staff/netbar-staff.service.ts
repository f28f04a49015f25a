import {
  MSG,
  NETBAR_STAFF_GRANTABLE,
  NETBAR_STAFF_MSG,
  NETBAR_STAFF_ROLE_GRANTS,
  type NetbarStaffCreateBody,
  type NetbarStaffEditBody,
  type NetbarStaffGrantBody,
  type NetbarStaffRole,
} from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { BadInputError, NotFoundError } from '../../lib/errors.ts';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/password.ts';
import type { SessionStore } from '../../lib/session-store.ts';
import { uniqueName, userNameTaken } from '../netbar/index.ts';
import {
  findStaff,
  insertStaff,
  type OwnerScope,
  saveGrants,
  saveStores,
  setPassword,
  setStatus,
  staffByName,
  storesInScope,
  updateStaff,
} from './netbar-staff.repo.ts';

export interface NetbarStaffDeps {
  db: Db;
  sessions: Pick<SessionStore, 'destroyUser'>;
}

/** One of the owner's staff, or 40004 (another netbar's staff id answers the same). */
export async function mustStaff(deps: Pick<NetbarStaffDeps, 'db'>, o: OwnerScope, id: number) {
  const m = await findStaff(deps.db, o, id);
  if (!m) throw new NotFoundError(NETBAR_STAFF_MSG.notFound);
  return m;
}

/** The home store and the further stores, each one the owner may manage (else 40004 门店不存在). */
async function workStores(db: Db, o: OwnerScope, home: number, more: number[]): Promise<number[]> {
  const ids = [...new Set([home, ...more])];
  if ((await storesInScope(db, o, ids)).length !== ids.length)
    throw new NotFoundError(NETBAR_STAFF_MSG.storeNotFound);
  return ids;
}

const roleGrants = (role: NetbarStaffRole) => [...NETBAR_STAFF_ROLE_GRANTS[role]];

/** A new staff account with its role's default grants and the stores it works in, in one transaction. */
export async function createStaff(deps: NetbarStaffDeps, o: OwnerScope, b: NetbarStaffCreateBody) {
  const stores = await workStores(deps.db, o, b.netbar_id, b.netbar_ids);
  if (await userNameTaken(deps.db, b.user_name)) throw new BadInputError(MSG.passportExists);
  const hash = await hashPassword(b.password);
  // The check above is the common case; two requests racing on one name meet the unique index.
  return uniqueName(() =>
    deps.db.transaction(async (tx) => {
      const id = await insertStaff(tx, b, hash);
      await saveStores(tx, id, stores);
      await saveGrants(tx, id, o.userId, roleGrants(b.role));
      return id;
    }),
  );
}

/**
 * Saves the profile and stores. A new role replaces the grants with its template; a disabled account
 * is logged out at once (its next call is refused in any case: the principal carries the status).
 */
export async function editStaff(deps: NetbarStaffDeps, o: OwnerScope, b: NetbarStaffEditBody) {
  const before = await mustStaff(deps, o, b.id);
  const stores = await workStores(deps.db, o, b.netbar_id, b.netbar_ids);
  await deps.db.transaction(async (tx) => {
    await updateStaff(tx, b.id, b);
    await saveStores(tx, b.id, stores);
    if (before.role !== b.role) await saveGrants(tx, b.id, o.userId, roleGrants(b.role));
  });
  if (b.status !== 1) await deps.sessions.destroyUser(b.id);
  return mustStaff(deps, o, b.id);
}

export async function setStaffStatus(deps: NetbarStaffDeps, o: OwnerScope, id: number, status: number) {
  await mustStaff(deps, o, id);
  await setStatus(deps.db, id, status);
  if (status !== 1) await deps.sessions.destroyUser(id);
}

/** A password the owner chose; the staff member's sessions end and the next login asks for a new one. */
export async function resetStaffPassword(deps: NetbarStaffDeps, o: OwnerScope, id: number, pw: string) {
  await mustStaff(deps, o, id);
  await setPassword(deps.db, id, await hashPassword(pw), true);
  await deps.sessions.destroyUser(id);
}

/** Replaces a staff member's menu grants; only ids a store may grant its staff. */
export async function grantStaff(deps: NetbarStaffDeps, o: OwnerScope, b: NetbarStaffGrantBody) {
  await mustStaff(deps, o, b.user_id);
  const grantable = new Set(NETBAR_STAFF_GRANTABLE);
  if (b.perm_ids.some((p) => !grantable.has(p))) throw new BadInputError(NETBAR_STAFF_MSG.permIds);
  await deps.db.transaction((tx) => saveGrants(tx, b.user_id, o.userId, [...new Set(b.perm_ids)]));
  return mustStaff(deps, o, b.user_id);
}

/**
 * The first login after a reset: the staff member proves the password the owner gave and sets their
 * own (no session exists meanwhile). A wrong name or password answers like the login does.
 */
export async function setFirstPassword(
  deps: Pick<NetbarStaffDeps, 'db'>,
  b: { user_name: string; password: string; new_password: string },
) {
  const u = await staffByName(deps.db, b.user_name);
  const ok = await verifyPassword(u?.password_hash ?? (await dummyHash()), b.password);
  if (!u || !ok || u.status !== 1) throw new BadInputError(MSG.loginFailed);
  if (!u.must_change_password) throw new BadInputError('该账号无需修改密码，请直接登录');
  if (b.new_password === b.password) throw new BadInputError(NETBAR_STAFF_MSG.samePassword);
  await setPassword(deps.db, u.id, await hashPassword(b.new_password), false);
}
