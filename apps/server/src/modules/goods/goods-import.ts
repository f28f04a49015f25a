import type { Conn } from '../../db/client.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { saveCategory } from './catalog.repo.ts';
import { writeGoods } from './goods.repo.ts';

/** A good brought over from another product (a spreadsheet row, a source store's goods). */
export interface ImportedGoods {
  name: string;
  category: string;
  unit: string;
  barcode: string;
  cost_fen: number;
  price_fen: number;
  member_price_fen: number;
}

/**
 * The one writer of imported goods (file import, decision 190; 从旧系统导入, decision 194): one good with
 * one SKU, stock tracked, on shelf, written as the goods form writes it; its category found by name in
 * `categories` (the store's, name → id) or created and added there. Answers the new good's id.
 */
export async function writeImportedGoods(
  tx: Conn,
  s: TenantScope,
  categories: Map<string, number>,
  g: ImportedGoods,
): Promise<number> {
  let cat = categories.get(g.category);
  if (cat === undefined) {
    cat = Number(await saveCategory(tx, s, { name: g.category, sort: 0, shared: false, chainId: 0 }));
    categories.set(g.category, cat);
  }
  const r = await writeGoods(tx, s, {
    name: g.name,
    category_id: cat,
    unit: g.unit || '个',
    shelf_status: 1,
    colour: 1,
    track_stock: true,
    low_stock: 0,
    skus: [
      {
        spec: '',
        barcode: g.barcode || undefined,
        cost_fen: g.cost_fen,
        price_fen: g.price_fen,
        member_price_fen: g.member_price_fen,
      },
    ],
    recipe: [],
  });
  return r.id;
}
