import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';

/**
 * The member scope rule (decision 107), the one function every member query goes through: a store's
 * members, levels and ledger live in its pool — the chain head's id when the head switched on
 * 会员连锁通用 (one member, one balance across the chain), else the store's own id.
 */
export interface MemberPool {
  /** The pool the caller's store reads and writes. */
  pool: number;
  /** The caller's store (where a move happens). */
  store: number;
  /** The store's chain head, 0 outside a chain. */
  chainHead: number;
  shared: boolean;
}

export async function memberPool(db: Conn, s: TenantScope): Promise<MemberPool> {
  if (!s.netbarId) throw new NotFoundError('门店不存在');
  const r = await rows<{ id: number; chain_id: number; shared: boolean }>(
    db,
    sql`select n.id, n.chain_id, coalesce(h.chain_shared, false) as shared
        from netbars n left join member_settings h on h.netbar_id = n.chain_id and n.chain_id <> 0
        where n.id = ${s.netbarId} and n.status <> 0`,
  );
  const n = r[0];
  if (!n) throw new NotFoundError('门店不存在');
  const chainHead = Number(n.chain_id);
  const shared = !!n.shared && chainHead !== 0;
  return { pool: shared ? chainHead : Number(n.id), store: Number(n.id), chainHead, shared };
}

/** The stores whose members the pool holds (the chain when shared, else the store alone). */
export async function poolStores(db: Conn, p: MemberPool): Promise<{ id: number; name: string }[]> {
  const r = await rows<{ id: number; name: string }>(
    db,
    p.shared
      ? sql`select id, name from netbars where chain_id = ${p.chainHead} and status <> 0 order by id`
      : sql`select id, name from netbars where id = ${p.store}`,
  );
  return r.map((x) => ({ id: Number(x.id), name: x.name }));
}
