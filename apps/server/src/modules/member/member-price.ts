import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { memberPool } from './member-pool.ts';

/**
 * Whether a member pays 会员价 for goods: its level's 享受会员价 (`member_levels.member_price`), off for a
 * member without a level. The one rule every server price follows — the order (收银台, seat and table
 * orders) and the basket quote — and the flag `member_lookup` / `member_detail` hand the 收银台, which
 * prices the cart in the browser with it (decision 188). Null when the member is not in the store's pool
 * (another store's member is simply absent).
 */
export async function memberPriceOf(db: Conn, s: TenantScope, memberId: number): Promise<boolean | null> {
  const { pool } = await memberPool(db, s);
  const r = await rows<{ member_price: boolean }>(
    db,
    sql`select coalesce(l.member_price, false) as member_price
        from members m left join member_levels l on l.id = m.level_id
        where m.id = ${memberId} and m.pool_id = ${pool}`,
  );
  return r[0] ? r[0].member_price === true : null;
}
