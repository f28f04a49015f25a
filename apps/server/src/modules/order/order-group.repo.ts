import type { OrderGroupItem } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import type { TenantScope } from '../../tenant/index.ts';

/**
 * Goods groups (套餐) as the order sells them (decision 142): the store's groups among some ids with their
 * price, shelf status and items (SKU, name, qty per group, the SKU's cost). Another store's group is
 * simply absent.
 */
export interface GroupForSale {
  id: number;
  name: string;
  price_fen: number;
  on_shelf: boolean;
  items: (OrderGroupItem & { cost_fen: number })[];
}

export async function groupsForSale(db: Conn, s: TenantScope, ids: number[]): Promise<GroupForSale[]> {
  if (!ids.length) return [];
  return rows<GroupForSale>(
    db,
    sql`select gr.id, gr.name, gr.price_fen, (gr.shelf_status = 1) as on_shelf,
          coalesce((select jsonb_agg(jsonb_build_object('sku_id', k.id,
              'name', g.name || case when k.spec <> '' then '（' || k.spec || '）' else '' end,
              'qty', i.qty, 'cost_fen', k.cost_fen) order by k.id)
            from goods_group_items i join goods_skus k on k.id = i.sku_id and k.netbar_id = ${s.netbarId}
            join goods g on g.id = k.goods_id
            where i.group_id = gr.id), '[]'::jsonb) as items
        from goods_groups gr
        where gr.netbar_id = ${s.netbarId} and gr.id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
  );
}

/** A line as the stock sees it: a SKU line is itself, a group line each item × item qty × line qty. */
export interface StockLine {
  sku_id: number | null;
  qty: number;
  items: { sku_id: number; qty: number }[];
}
export function stockLinesOf(lines: StockLine[]): { sku_id: number; qty: number }[] {
  return lines.flatMap((l) =>
    l.sku_id !== null
      ? [{ sku_id: l.sku_id, qty: l.qty }]
      : l.items.map((i) => ({ sku_id: i.sku_id, qty: i.qty * l.qty })),
  );
}
