import type { UserRecord } from '@netbar/contract';

/** The logged-in user as answered by login, user_info and change_store (spec section 3; the contract's row). */
export type SessionUser = UserRecord;

/** Loose shape check for a user read back from storage. */
export function isSessionUser(v: unknown): v is SessionUser {
  if (v === null || typeof v !== 'object') return false;
  const u = v as Partial<SessionUser>;
  return (
    typeof u.id === 'number' &&
    typeof u.type === 'number' &&
    typeof u.user_name === 'string' &&
    u.auth !== undefined &&
    Array.isArray(u.auth.path)
  );
}

/** The permission ids of the user's path list. */
export function authPathIds(user: SessionUser | null): number[] {
  if (!user) return [];
  return user.auth.path.map((p) => Number(p.id)).filter((n) => Number.isFinite(n));
}
