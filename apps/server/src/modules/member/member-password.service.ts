import {
  isMobileAccount,
  MEMBER_LOGON_LIMITS as L,
  MEMBER_LOGON_MSG as M,
  type MemberRow,
  memberLockedMsg,
} from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { BadInputError, NotFoundError, TooManyError } from '../../lib/errors.ts';
import type { KvStore } from '../../lib/kv.ts';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/password.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { memberById } from './member.repo.ts';
import { cardOnlyLogon, liveIdsByMobile, passwordHashOf, setPasswordHash } from './member-password.repo.ts';
import { memberPool } from './member-pool.ts';
import { memberByCard } from './member-read.service.ts';

/**
 * Member passwords (docs/decisions/104): staff set them (when adding a member, or 重置密码 at the
 * counter), a logon at a machine checks them. Wrong passwords count per member in the kv store
 * (PostgreSQL, or Redis with REDIS_URL, as the login throttle of decision 004 does): the 5th wrong one
 * locks the member's password logon for 15 minutes, even with the right password; a success or a reset
 * clears the count.
 */

export interface PasswordDeps {
  db: Db;
  kv: KvStore;
  config: { NODE_ENV?: string; MEMBER_FIELD_KEY?: string };
}

const failKey = (memberId: number) => `member:pwfail:${memberId}`;
const LOCK_SECONDS = L.lockMinutes * 60;

/** 重置密码 by staff at the counter: a new hash, the lock cleared. The route writes the operation log. */
export async function resetMemberPassword(
  d: { db: Db; kv: KvStore },
  s: TenantScope,
  id: number,
  password: string,
): Promise<{ id: number; name: string }> {
  const pool = await memberPool(d.db, s);
  const hash = await hashPassword(password);
  const name = await d.db.transaction((tx) => setPasswordHash(tx, pool, id, hash));
  if (name === undefined) throw new NotFoundError('会员不存在');
  await d.kv.del(failKey(id));
  return { id, name };
}

async function guardLock(kv: KvStore, memberId: number) {
  if (((await kv.get<number>(failKey(memberId))) ?? 0) >= L.failMax)
    throw new TooManyError(memberLockedMsg(await kv.ttl(failKey(memberId))));
}

/** Checks one password; a wrong one counts, and the one that reaches the limit locks (a full 15 minutes). */
async function verifyCounted(kv: KvStore, memberId: number, hash: string, password: string) {
  if (await verifyPassword(hash, password)) {
    await kv.del(failKey(memberId));
    return { ok: true as const };
  }
  const n = await kv.incr(failKey(memberId), LOCK_SECONDS);
  if (n >= L.failMax) {
    await kv.set(failKey(memberId), n, LOCK_SECONDS);
    throw new TooManyError(memberLockedMsg(LOCK_SECONDS));
  }
  return { ok: false as const, left: L.failMax - n };
}

/**
 * A logon at a machine with the card the store's server read: a member with a password must give it;
 * one without logs on by card alone where the store allows it (member setting 允许无密码会员刷卡上机).
 */
export async function checkTerminalLogon(
  d: PasswordDeps,
  s: TenantScope,
  memberId: number,
  password: string | undefined,
): Promise<void> {
  const pool = await memberPool(d.db, s);
  const hash = await passwordHashOf(d.db, pool, memberId);
  if (!hash) {
    if (password) throw new BadInputError(M.passwordNotSet);
    if (!(await cardOnlyLogon(d.db, pool.store))) throw new BadInputError(M.cardOnlyOff);
    return;
  }
  if (!password) throw new BadInputError(M.passwordNeeded);
  await guardLock(d.kv, memberId);
  const r = await verifyCounted(d.kv, memberId, hash, password);
  if (!r.ok) throw new BadInputError(`${M.wrongPassword}，还可尝试${r.left}次`);
}

/**
 * The public QR confirmation: a card number (or a mobile number registered to one live member) and the
 * password. An unknown account, a member without a password and a wrong password answer the same
 * message (the page never tells whether a card exists); the unknown case verifies a dummy hash so the
 * timing is the same.
 */
export async function checkAccountLogon(
  d: PasswordDeps,
  s: TenantScope,
  account: string,
  password: string,
): Promise<MemberRow> {
  const pool = await memberPool(d.db, s);
  let member = await memberByCard(d, s, account);
  if (!member && isMobileAccount(account)) {
    const ids = await liveIdsByMobile(d.db, pool, account);
    if (ids.length > 1) throw new BadInputError(M.mobileShared);
    if (ids[0]) member = await memberById(d.db, pool, ids[0]);
  }
  const hash = member ? await passwordHashOf(d.db, pool, member.id) : undefined;
  if (!member || !hash) {
    await verifyPassword(await dummyHash(), password);
    throw new BadInputError(M.wrongAccount);
  }
  await guardLock(d.kv, member.id);
  const r = await verifyCounted(d.kv, member.id, hash, password);
  if (!r.ok) throw new BadInputError(M.wrongAccount);
  return member;
}
