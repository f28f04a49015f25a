import type { PandaBinding } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import type { TenantScope } from '../../tenant/index.ts';

/** partner_bindings (migration 1150): one row per product user, keyed by the caller (scope.userId). */

export async function findBinding(db: Conn, s: TenantScope): Promise<PandaBinding | undefined> {
  const r = await rows<{ user_name: string; origin: 'bind' | 'register'; bound_at: string }>(
    db,
    sql`select partner_user as user_name, origin, ${fmtTs('bound_at')} as bound_at
        from partner_bindings where user_id = ${s.userId}`,
  );
  return r[0] ? { bound: true, ...r[0] } : undefined;
}

/** Who holds a partner account, if anyone. */
export async function holderOf(db: Conn, partnerUser: string): Promise<number | undefined> {
  const r = await rows<{ user_id: number }>(
    db,
    sql`select user_id from partner_bindings where partner_user = ${partnerUser}`,
  );
  return r[0]?.user_id;
}

/** Binds once: false when the caller or the partner account is bound already (a race lost). */
export async function insertBinding(
  db: Conn,
  s: TenantScope,
  partnerUser: string,
  origin: 'bind' | 'register',
): Promise<boolean> {
  const r = await rows<{ user_id: number }>(
    db,
    sql`insert into partner_bindings (user_id, netbar_id, partner_user, origin)
        values (${s.userId}, ${s.netbarId || null}, ${partnerUser}, ${origin})
        on conflict do nothing returning user_id`,
  );
  return r.length === 1;
}

export async function deleteBinding(db: Conn, s: TenantScope): Promise<string | undefined> {
  const r = await rows<{ partner_user: string }>(
    db,
    sql`delete from partner_bindings where user_id = ${s.userId} returning partner_user`,
  );
  return r[0]?.partner_user;
}
