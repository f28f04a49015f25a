/**
 * The goods query keys (decision 090): every goods query's key comes from here, and a mutation
 * invalidates through it. A list page's key is its prefix plus the page params (PageTable), so
 * invalidating `categories()` also reloads `categoryOptions()`.
 */
export const goodsKeys = {
  all: ['goods'] as const,
  categories: () => [...goodsKeys.all, 'class'] as const,
  categoryOptions: () => [...goodsKeys.categories(), 'options'] as const,
  specs: () => [...goodsKeys.all, 'spec'] as const,
  specOptions: () => [...goodsKeys.specs(), 'options'] as const,
  goods: () => [...goodsKeys.all, 'list'] as const,
  goodsOptions: () => [...goodsKeys.goods(), 'options'] as const,
  maters: () => [...goodsKeys.all, 'matter'] as const,
  materOptions: () => [...goodsKeys.maters(), 'options'] as const,
  groups: () => [...goodsKeys.all, 'group'] as const,
  plans: () => [...goodsKeys.all, 'plan'] as const,
  promotions: () => [...goodsKeys.all, 'promotion'] as const,
  /** SKUs and materials for pickers (goods_item_options); stock documents use it too. */
  items: () => [...goodsKeys.all, 'items'] as const,
};
