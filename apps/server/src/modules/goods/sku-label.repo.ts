import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import type { TenantScope } from '../../tenant/index.ts';

/** A SKU of the caller's store by id, with its display name (for other domains, e.g. points redemption). */
export async function skuLabel(
  db: Conn,
  s: TenantScope,
  skuId: number,
): Promise<{ id: number; name: string } | undefined> {
  const r = await rows<{ id: number; name: string }>(
    db,
    sql`select k.id, g.name || case when k.spec <> '' then '（' || k.spec || '）' else '' end as name
        from goods_skus k join goods g on g.id = k.goods_id where k.id = ${skuId} and k.netbar_id = ${s.netbarId}`,
  );
  return r[0];
}
