import {
  IMPORT_PRODUCT_INFO,
  LEGACY_PRODUCT_LABELS,
  LEGACY_PRODUCTS,
  type LegacyProduct,
} from '@netbar/contract';

/** The product select: one option a product, product 7 once per variant (`7:housekeeper`). */
export const PRODUCT_OPTIONS = LEGACY_PRODUCTS.flatMap((p) => {
  const variants = IMPORT_PRODUCT_INFO[p].variants;
  if (!variants) return [{ value: String(p), label: LEGACY_PRODUCT_LABELS[p] }];
  return variants.map((v) => ({
    value: `${p}:${v.value}`,
    label: `${LEGACY_PRODUCT_LABELS[p]}（${v.label}）`,
  }));
});

export function parseProduct(value: string): { product: LegacyProduct; variant?: string } {
  const [p, variant] = value.split(':');
  return { product: Number(p) as LegacyProduct, ...(variant ? { variant } : {}) };
}
